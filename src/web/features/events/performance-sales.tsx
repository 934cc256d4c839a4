import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { Anchor, ColorSwatch, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { PerformanceReport } from '@/contract/reports';
import { GroupBars } from '../../components/group-bars';
import { KeyFigure } from '../../components/key-figure';
import { ErrorState } from '../../components/page-states';
import { formatDateTime, formatMoney, formatNumber, isoLocalDate, type Locale } from '../../lib/format';
import { formatCompactMoney } from '../../lib/format-extra';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import { ORDER_CHANNELS } from '../../lib/order-channels';
import { performanceLabel } from '../../lib/performance-label';
import { useCan } from '../../lib/use-can';
import { BLOCK_TYPES, UNKNOWN_BLOCK_COLOR } from './block-types';
import { paceRows } from './occupancy';
import { occupancyMessages } from './occupancy-messages';
import { performanceReportQueries } from './performance-report-queries';

const PACE_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6'];
/** Performances of the same production drawn beside the chosen one. */
const COMPARED = 3;

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const paceTick = (t: ReturnType<typeof useMessages<keyof typeof occupancyMessages.nl>>) => (value: number) =>
  value === 0 ? t('paceDayOf') : t('paceDay', { days: value });

/**
 * One performance's sales, from the gateway's mirror: booking pace beside other performances of the same
 * production, seats per price name, revenue per channel, blocked seats by type and the waiting list.
 * Loaded on its own (React.lazy) with the chart library.
 */
export default function PerformanceSales({
  performance,
  performances,
}: {
  performance: PerformanceReport;
  /** The period's performances, to compare with. */
  performances: readonly PerformanceReport[];
}) {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const mayOpenEvents = useCan('events:read');
  const compared = useMemo(
    () => [
      performance,
      ...performances
        .filter((other) => other.productionId === performance.productionId && other.eventId !== performance.eventId)
        .filter((other) => other.ticketsSold > 0)
        .slice(0, COMPARED),
    ],
    [performance, performances],
  );
  const ids = useMemo(() => compared.map((item) => item.eventId), [compared]);
  const pace = useQuery(performanceReportQueries.pace(ids));
  const sales = useQuery(performanceReportQueries.sales(performance.eventId));
  const rows = useMemo(() => {
    if (!pace.data) return [];
    const starts = new Map(compared.map((item) => [item.eventId, item.start]));
    return paceRows(pace.data, (id) => starts.get(id), isoLocalDate(new Date()));
  }, [pace.data, compared]);
  const series = compared.map((item, index) => ({
    name: String(item.eventId),
    label: performanceLabel(item, locale),
    color: PACE_COLORS[index % PACE_COLORS.length] as string,
  }));
  const number = (value: number) => formatNumber(value, locale);
  const money = (value: number) => formatMoney(value, locale);
  const channel = (key: string) => (ORDER_CHANNELS[key] ? localized(ORDER_CHANNELS[key]) : key || '–');

  return (
    <Stack gap="lg" data-testid="performance-sales" data-event-id={performance.eventId}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4" id="performance-sales-title">
            {t('detailsFor', { name: performance.eventName })}
          </Title>
          <Text size="sm" c="dimmed">
            <time dateTime={performance.start}>{formatDateTime(performance.start, locale)}</time>
          </Text>
        </div>
        {mayOpenEvents ? (
          <Anchor component={Link} to={`/events/${performance.eventId}`} size="sm">
            {t('openEvent')}
          </Anchor>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <KeyFigure size="sm" label={t('figureSold')} value={number(performance.ticketsSold)} testId="sales-sold" />
        <KeyFigure
          size="sm"
          label={t('figureReserved')}
          value={number(performance.ticketsReserved)}
          testId="sales-reserved"
        />
        {/* Offers hold seats too: without them sold and reserved fell short of the event page's "bezet". */}
        <KeyFigure
          size="sm"
          label={t('figureOffered')}
          value={number(performance.ticketsOffered)}
          testId="sales-offered"
        />
        <KeyFigure
          size="sm"
          label={t('figureRevenue')}
          value={money(performance.revenueCents / 100)}
          testId="sales-revenue"
        />
        <KeyFigure
          size="sm"
          label={t('figureWaiting')}
          value={t('waitingTickets', {
            entries: number(performance.waiting.waiting),
            tickets: number(performance.waiting.waitingTickets),
          })}
          testId="sales-waiting"
        />
      </SimpleGrid>

      <Section title={t('paceTitle')} id="pace-title">
        <Text size="sm" c="dimmed">
          {t('paceHint')}
        </Text>
        {pace.isError ? (
          <ErrorState error={pace.error} onRetry={() => void pace.refetch()} />
        ) : !pace.data ? (
          <Skeleton h={260} role="status" aria-label={t('detailsLoading')} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('paceNone')}
          </Text>
        ) : (
          <LineChart
            h={260}
            data={rows}
            dataKey="daysBefore"
            series={series}
            curveType="stepAfter"
            withDots={false}
            connectNulls={false}
            withLegend
            legendProps={{ verticalAlign: 'top', height: 40 }}
            valueFormatter={number}
            xAxisProps={{ tickFormatter: paceTick(t), type: 'number', domain: ['dataMin', 'dataMax'] }}
            data-testid="pace-chart"
          />
        )}
      </Section>

      {sales.isError ? (
        <ErrorState error={sales.error} onRetry={() => void sales.refetch()} />
      ) : !sales.data ? (
        <Skeleton h={200} role="status" aria-label={t('detailsLoading')} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title={t('byPrice')} id="by-price-title">
            <GroupBars
              groups={sales.data.byPrice}
              value={(group) => group.tickets}
              measure={t('figureSold')}
              label={(key) => key || '–'}
              format={number}
              color="grape.6"
              testId="sales-by-price"
            />
          </Section>
          <Section title={t('byChannel')} id="by-channel-title">
            <GroupBars
              groups={sales.data.byChannel}
              value={(group) => group.revenueCents / 100}
              measure={t('figureRevenue')}
              label={channel}
              format={money}
              axisFormat={(value) => formatCompactMoney(value, locale)}
              color="orange.6"
              testId="sales-by-channel"
            />
          </Section>
          <Section title={t('blocksTitle')} id="blocks-title">
            <BlocksTable performance={performance} locale={locale} />
          </Section>
          <Section title={t('waitingTitle')} id="waiting-title">
            {sales.data.waitingByType.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('waitingNone')}
              </Text>
            ) : (
              <Table verticalSpacing={4} data-testid="sales-waiting-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('waitingType')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('waitingEntries')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('waitingSeats')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sales.data.waitingByType.map((row) => (
                    <Table.Tr key={row.type}>
                      <Table.Td>{row.type}</Table.Td>
                      <Table.Td ta="right" className="foyer-tabular">
                        {number(row.entries)}
                      </Table.Td>
                      <Table.Td ta="right" className="foyer-tabular">
                        {number(row.tickets)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Blocked seats by type, each with the meaning of its type beside the service's own (Dutch) label. */
function BlocksTable({ performance, locale }: { performance: PerformanceReport; locale: Locale }) {
  const t = useMessages(occupancyMessages);
  const localized = useLocalized();
  if (performance.blocks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('blocksNone')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={6} className="foyer-plain-list" data-testid="sales-blocks">
      {performance.blocks.map((block) => {
        const known = BLOCK_TYPES[block.blockType];
        return (
          <Group component="li" key={block.blockType} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch
                color={`var(--mantine-color-${(known?.color ?? UNKNOWN_BLOCK_COLOR).replace('.', '-')})`}
                size={12}
              />
              <Text size="sm">
                {block.blockName}
                {known ? (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {localized(known.meaning)}
                  </Text>
                ) : null}
              </Text>
            </Group>
            <Text size="sm" fw={600} className="foyer-tabular">
              {formatNumber(block.count, locale)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
