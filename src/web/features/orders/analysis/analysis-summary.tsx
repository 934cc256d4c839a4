import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { memo, useState } from 'react';
import '@mantine/core/styles/SimpleGrid.css';
import type { GroupTotals, ReportGrouping, ReportTotals } from '@/contract/reports';
import { formatMoney, formatNumber } from '@/web/lib/format';
import { useLocale, useMessages } from '@/web/lib/i18n';
import { analysisMessages } from './analysis-messages';

/** Memoised, as GroupsTable is: a change of sort keeps the totals and the groups, so these do not render again. */
export const TotalsCards = memo(function TotalsCards({
  totals,
  statusChosen,
}: {
  totals: ReportTotals;
  /** The analysis is narrowed to a status: the counts are of it alone. */
  statusChosen: boolean;
}) {
  const t = useMessages(analysisMessages);
  const { locale } = useLocale();
  const countedNote = statusChosen ? t('chosenStatusNote') : t('allStatusesNote');
  // Each card says what it counts: the counts take every status of the filter, the money only sold orders (a
  // manager reads "Omzet" as money taken), and a walkthrough read the two bases side by side as one.
  const cards = [
    {
      label: t('totalOrders'),
      value: formatNumber(totals.orders, locale),
      testId: 'total-orders',
      note: countedNote,
    },
    {
      label: t('totalRevenue'),
      value: formatMoney(totals.revenueCents / 100, locale),
      testId: 'total-revenue',
      note: t('revenueNote'),
    },
    {
      label: t('totalFees'),
      value: formatMoney(totals.feeCents / 100, locale),
      testId: 'total-fees',
      note: t('soldOnlyNote'),
    },
    {
      label: t('totalDonations'),
      value: formatMoney(totals.donationCents / 100, locale),
      testId: 'total-donations',
      note: t('soldOnlyNote'),
    },
    {
      label: t('totalTickets'),
      value: formatNumber(totals.tickets, locale),
      testId: 'total-tickets',
      note: countedNote,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" component="dl" m={0} aria-label={t('totalsLabel')}>
      {cards.map((card) => (
        <Paper key={card.testId} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700} className="foyer-tabular" data-testid={card.testId}>
            {card.value}
          </Text>
          <Text component="dd" m={0} size="xs" c="dimmed" data-testid={`${card.testId}-note`}>
            {card.note}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
});

const GROUPS_SHOWN_FIRST = 60;

/** Totals per group; a group's name narrows the analysis to it. */
export const GroupsTable = memo(function GroupsTable({
  groups,
  grouping,
  label,
  onPick,
}: {
  groups: readonly GroupTotals[];
  grouping: Exclude<ReportGrouping, 'none'>;
  label: (key: string) => string;
  onPick: (key: string) => void;
}) {
  const t = useMessages(analysisMessages);
  const { locale } = useLocale();
  // By event or price name the groups are seats: fees and donations belong to orders, not to them.
  const bySeat = grouping === 'event' || grouping === 'price';
  // A year of days is hundreds of groups: the first ones show at once, the rest on request.
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? groups : groups.slice(0, GROUPS_SHOWN_FIRST);
  const number = (text: string) => <td className="foyer-tabular foyer-groups-number">{text}</td>;
  return (
    <>
      {/* Plain elements rather than Mantine's Table parts: a year of days is 60 rows of five cells at once,
          and a grouping change should not cost hundreds of components. Styled as Mantine's table is. */}
      <section
        className="foyer-groups-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={t('groupsCaption')}
      >
        <table className="foyer-groups-table" data-testid="analysis-groups">
          <caption className="foyer-visually-hidden">{t('groupsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('groupColumn')}</th>
              <th scope="col" className="foyer-groups-number">
                {t('totalOrders')}
              </th>
              <th scope="col" className="foyer-groups-number">
                {t('totalTickets')}
              </th>
              <th scope="col" className="foyer-groups-number">
                {t('totalRevenue')}
              </th>
              {bySeat ? null : (
                <>
                  <th scope="col" className="foyer-groups-number">
                    {t('totalFees')}
                  </th>
                  <th scope="col" className="foyer-groups-number">
                    {t('totalDonations')}
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((group) => (
              <tr key={group.key} data-testid="analysis-group" data-key={group.key}>
                <th scope="row">
                  <button type="button" onClick={() => onPick(group.key)} className="foyer-group-pick">
                    {label(group.key)}
                  </button>
                </th>
                {number(formatNumber(group.orders, locale))}
                {number(formatNumber(group.tickets, locale))}
                {number(formatMoney(group.revenueCents / 100, locale))}
                {bySeat ? null : (
                  <>
                    {number(formatMoney(group.feeCents / 100, locale))}
                    {number(formatMoney(group.donationCents / 100, locale))}
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {shown.length < groups.length ? (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => setShowAll(true)}>
          {t('showAllGroups', { count: formatNumber(groups.length, locale) })}
        </Button>
      ) : null}
    </>
  );
});
