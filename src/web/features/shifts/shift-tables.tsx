import { Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import type { ShiftTotals } from '@/contract/shift';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { shiftsMessages } from './shifts-messages';

/** Sales by payment method: count, amount, fees and donations apart, and where the money is. */
export function MethodTotalsTable({ totals, caption }: { totals: ShiftTotals; caption: string }) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);
  const withdrawn = totals.withdrawn?.count ? totals.withdrawn : null;
  if (totals.count === 0)
    return (
      <Text c="dimmed">
        {t('noSales')}
        {withdrawn ? ` ${t('withdrawn')}: ${withdrawn.count} · ${money(withdrawn.amountCents)}.` : null}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="method-totals">
        <caption className="foyer-visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columnMethod')}</Table.Th>
            <Table.Th scope="col">{t('columnWhere')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnCount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnAmount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnFees')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnDonations')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody className="foyer-tabular">
          {totals.byMethod.map((entry) => (
            <Table.Tr key={`${entry.tender}:${entry.method}`} data-testid="method-total" data-tender={entry.tender}>
              <Table.Th scope="row" fw={500}>
                {entry.method}
              </Table.Th>
              <Table.Td>{t(`tender:${entry.tender}`)}</Table.Td>
              <Table.Td ta="right">{entry.count}</Table.Td>
              <Table.Td ta="right">{money(entry.amountCents)}</Table.Td>
              <Table.Td ta="right">{money(entry.feeCents)}</Table.Td>
              <Table.Td ta="right">{money(entry.donationCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot className="foyer-tabular">
          <Table.Tr>
            <Table.Th scope="row">{t('total')}</Table.Th>
            <Table.Td />
            <Table.Td ta="right">{totals.count - totals.unread}</Table.Td>
            <Table.Td ta="right" fw={600} data-testid="sales-total">
              {money(totals.amountCents)}
            </Table.Td>
            <Table.Td ta="right">{money(totals.feeCents)}</Table.Td>
            <Table.Td ta="right">{money(totals.donationCents)}</Table.Td>
          </Table.Tr>
          {totals.awaiting?.count ? (
            <Table.Tr data-testid="awaiting-total">
              <Table.Th scope="row" fw={400} colSpan={2}>
                {t('awaitingRow')}
              </Table.Th>
              <Table.Td ta="right">{totals.awaiting.count}</Table.Td>
              <Table.Td ta="right">{money(totals.awaiting.amountCents)}</Table.Td>
              <Table.Td colSpan={2} />
            </Table.Tr>
          ) : null}
          {withdrawn ? (
            <Table.Tr data-testid="withdrawn-total">
              <Table.Th scope="row" fw={400} colSpan={2}>
                {t('withdrawn')}
              </Table.Th>
              <Table.Td ta="right">{withdrawn.count}</Table.Td>
              <Table.Td ta="right">{money(withdrawn.amountCents)}</Table.Td>
              <Table.Td colSpan={2} />
            </Table.Tr>
          ) : null}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Sales by performance: tickets and amount (donations and fees are not a performance's). */
export function PerformanceTotalsTable({ totals, caption }: { totals: ShiftTotals; caption: string }) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  if (totals.byPerformance.length === 0) return <Text c="dimmed">{t('noPerformances')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped data-testid="performance-totals">
        <caption className="foyer-visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columnPerformance')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnTickets')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnAmount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody className="foyer-tabular">
          {totals.byPerformance.map((entry) => (
            <Table.Tr key={entry.eventId}>
              <Table.Th scope="row" fw={500}>
                {entry.name ?? t('performanceUnknown', { id: entry.eventId })}
                {entry.start ? (
                  <Text component="span" size="xs" c="dimmed">
                    {' '}
                    · {formatDateTime(entry.start, locale)}
                  </Text>
                ) : null}
              </Table.Th>
              <Table.Td ta="right">{entry.tickets}</Table.Td>
              <Table.Td ta="right">{formatMoney(eurosOf(entry.amountCents), locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
