import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PerformanceReport } from '../../../contract/reports';
import { MirrorFreshness } from '../../components/mirror-freshness';
import { EmptyState, ErrorState } from '../../components/page-states';
import { formatDateTime, formatMoney, formatNumber, formatPercent, formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { performanceLabel } from '../../lib/performance-label';
import { useCan } from '../../lib/use-can';
import { readRangeParams, writeRangeParams } from './event-list-params';
import { inStartOrder, occupancyOf, occupancyTotals, type PerformanceOccupancy, rankOccupancy } from './occupancy';
import { occupancyMessages } from './occupancy-messages';
import { performanceReportQueries } from './performance-report-queries';
import { RangePicker, type RangeUpdate } from './range-picker';
import './events.css';

/** The chart library (recharts) is loaded only when there is something to chart. */
const OccupancyChart = lazy(() => import('./occupancy-chart'));
const PerformanceSales = lazy(() => import('./performance-sales'));

/** What the page reads of the gateway's mirror (for its freshness line): sales and the waiting list. */
const SOLD_FROM = ['orders', 'waitinglist'] as const;

/** How many performances the fullest and emptiest lists name. */
const RANKED = 5;

/** Keeps a failed chart download to the chart's own box; the figures beside it still work. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
        {label}
      </Text>
      <Text fz={24} fw={700} className="foyer-tabular" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** A link to the event's page, or its name alone for a role that sees occupancy but not the events (reports only). */
function EventName({ eventId, name, fw }: { eventId: number; name: string; fw?: number }) {
  const mayOpen = useCan('events:read');
  return mayOpen ? (
    <Anchor component={Link} to={`/events/${eventId}`} fw={fw} size="sm">
      {name}
    </Anchor>
  ) : (
    <Text component="span" fw={fw} size="sm">
      {name}
    </Text>
  );
}

function RankedList({ title, id, items }: { title: string; id: string; items: PerformanceOccupancy[] }) {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Stack component="ol" gap="sm" className="foyer-plain-list">
        {items.map((item) => (
          <li key={item.event.eventId} data-testid="ranked-performance" data-event-id={item.event.eventId}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
              <div style={{ minWidth: 0 }}>
                <EventName eventId={item.event.eventId} name={item.event.eventName} fw={600} />
                <Text size="xs" c="dimmed">
                  <time dateTime={item.event.start}>{formatDateTime(item.event.start, locale)}</time>
                  {' · '}
                  {t('soldOfCapacity', {
                    sold: formatNumber(item.sold, locale),
                    capacity: formatNumber(item.capacity, locale),
                  })}
                </Text>
              </div>
              <Text fw={700} className="foyer-tabular" data-testid="ranked-share">
                {formatPercent(item.share, locale)}
              </Text>
            </Group>
            <Progress value={item.share * 100} size="sm" radius="xl" color="indigo.6" aria-hidden="true" />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

function OccupancyTable({
  items,
  onDetails,
}: {
  items: readonly PerformanceOccupancy[];
  onDetails: (eventId: number) => void;
}) {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table striped verticalSpacing={6} data-testid="occupancy-table">
        <caption className="foyer-visually-hidden">{t('chartTitle')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columnWhen')}</Table.Th>
            <Table.Th scope="col">{t('columnPerformance')}</Table.Th>
            <Table.Th scope="col" ta="right" title={t('takenHint')}>
              {t('sold')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('blocked')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('capacity')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('occupancy')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnTickets')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnRevenue')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnWaiting')}
            </Table.Th>
            <Table.Th scope="col">
              <span className="foyer-visually-hidden">{t('details')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.event.eventId}>
              <Table.Td className="foyer-tabular" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(item.event.start, locale)}
              </Table.Td>
              <Table.Td>
                <EventName eventId={item.event.eventId} name={item.event.eventName} />
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.sold)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.blocked)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.capacity)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular" fw={600}>
                {formatPercent(item.share, locale)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.event.ticketsSold)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {formatMoney(item.event.revenueCents / 100, locale)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.event.waiting.waiting)}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onDetails(item.event.eventId)}
                  aria-label={t('detailsFor', { name: performanceLabel(item.event, locale) })}
                >
                  {t('details')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Occupancy, sales, blocked seats and the waiting list of a period's performances: one request to the
 * gateway, which reads the sales from its mirror and the availability from the service (once a minute for
 * everyone). A performance's booking pace, prices and channels open below (`?event=` in the URL).
 */
export function OccupancyPage() {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  const [now] = useState(() => new Date());
  const [search, setSearch] = useSearchParams();
  const rangeParams = useMemo(() => readRangeParams(search, now), [search, now]);
  const showTable = search.get('table') === '1';
  const chosen = Number(search.get('event')) || null;
  // From the live URL, not this render's: the router re-renders in a transition (see RangePicker).
  const setRange = (updateFn: RangeUpdate) => {
    const live = new URLSearchParams(window.location.search);
    setSearch(writeRangeParams(live, updateFn(readRangeParams(live, now))), { replace: true });
  };
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(window.location.search);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setSearch(next, { replace: true });
  };
  const toggleTable = () => setParam('table', showTable ? null : '1');
  const showDetails = (eventId: number | null) => {
    setParam('event', eventId === null ? null : String(eventId));
    if (eventId !== null) {
      requestAnimationFrame(() => document.getElementById('performance-sales')?.scrollIntoView({ block: 'start' }));
    }
  };

  const report = useQuery(performanceReportQueries.list(rangeParams.range));
  const performances = report.data?.performances;
  const items = useMemo(
    () => inStartOrder((performances ?? []).flatMap((performance) => occupancyOf(performance) ?? [])),
    [performances],
  );
  const totals = useMemo(() => occupancyTotals(items), [items]);
  const ranked = useMemo(() => rankOccupancy(items, RANKED), [items]);
  const revenue = (performances ?? []).reduce((sum, performance) => sum + performance.revenueCents, 0);
  const waiting = (performances ?? []).reduce(
    (sum, performance) => ({
      entries: sum.entries + performance.waiting.waiting,
      tickets: sum.tickets + performance.waiting.waitingTickets,
    }),
    { entries: 0, tickets: 0 },
  );
  const detail: PerformanceReport | undefined = performances?.find((performance) => performance.eventId === chosen);
  const mayOpenEvents = useCan('events:read');

  return (
    <Stack gap="lg" maw={1200} data-testid="occupancy-page">
      <Stack gap={4}>
        {mayOpenEvents ? (
          <Anchor component={Link} to="/events" size="sm">
            ← {t('performances')}
          </Anchor>
        ) : null}
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <RangePicker value={rangeParams} now={now} onChange={setRange} />
          <Text size="xs" c="dimmed">
            {t('performancesOnly')}
          </Text>
        </Stack>
      </Paper>

      {report.isError && !report.data ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : !performances ? (
        <Stack gap="md" aria-hidden="true" data-testid="occupancy-loading">
          <SimpleGrid cols={{ base: 2, md: 3 }}>
            {[0, 1, 2, 3, 4, 5].map((key) => (
              <Skeleton key={key} h={84} />
            ))}
          </SimpleGrid>
          <Skeleton h={320} />
        </Stack>
      ) : performances.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState title={t('noPerformances')}>{t('noPerformancesHint')}</EmptyState>
        </Paper>
      ) : (
        <Stack gap="lg" aria-busy={report.isFetching} data-testid="occupancy-results">
          <Group gap="md" wrap="wrap">
            <MirrorFreshness resources={SOLD_FROM} />
            {report.data?.availabilityAt ? (
              <Text size="sm" c="dimmed">
                {t('availabilityAt', { time: formatTime(report.data.availabilityAt, locale) })}
              </Text>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
            <Figure
              label={t('performances')}
              value={formatNumber(totals.performances, locale)}
              testId="occupancy-performances"
            />
            <Figure label={t('sold')} value={formatNumber(totals.sold, locale)} testId="occupancy-sold" />
            <Figure label={t('capacity')} value={formatNumber(totals.capacity, locale)} testId="occupancy-capacity" />
            <Figure label={t('occupancy')} value={formatPercent(totals.share, locale)} testId="occupancy-share" />
            <Figure label={t('revenueTotal')} value={formatMoney(revenue / 100, locale)} testId="occupancy-revenue" />
            <Figure
              label={t('waitingTotal')}
              value={t('waitingTickets', {
                entries: formatNumber(waiting.entries, locale),
                tickets: formatNumber(waiting.tickets, locale),
              })}
              testId="occupancy-waiting"
            />
          </SimpleGrid>

          {items.length === 0 ? (
            <Paper withBorder radius="md">
              <EmptyState title={t('noAvailability')} />
            </Paper>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <RankedList title={t('fullest')} id="occupancy-fullest" items={ranked.fullest} />
                <RankedList title={t('emptiest')} id="occupancy-emptiest" items={ranked.emptiest} />
              </SimpleGrid>

              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="occupancy-chart-title">
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h4" id="occupancy-chart-title">
                    {t('chartTitle')}
                  </Title>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={toggleTable} aria-pressed={showTable}>
                      {showTable ? t('hideTable') : t('showTable')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      loading={report.isFetching}
                      onClick={() => void report.refetch()}
                    >
                      {t('refresh')}
                    </Button>
                  </Group>
                </Group>
                {showTable ? (
                  <OccupancyTable items={items} onDetails={showDetails} />
                ) : (
                  <figure style={{ margin: 0 }}>
                    <figcaption className="foyer-visually-hidden">{t('chartSummary')}</figcaption>
                    <ChartBoundary fallback={<Text c="dimmed">{t('chartFailed')}</Text>}>
                      <Suspense
                        fallback={
                          <Skeleton
                            h={Math.max(160, items.length * 30 + 60)}
                            role="status"
                            aria-label={t('chartLoading')}
                          />
                        }
                      >
                        <OccupancyChart items={items} />
                      </Suspense>
                    </ChartBoundary>
                  </figure>
                )}
              </Paper>
            </>
          )}

          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            id="performance-sales"
            aria-labelledby={detail ? 'performance-sales-title' : 'performance-sales-choose'}
          >
            <Stack gap="md">
              <Group justify="space-between" align="flex-end">
                <NativeSelect
                  id="performance-sales-choose"
                  label={t('salesTitle')}
                  description={t('choosePerformanceHint')}
                  value={detail ? String(detail.eventId) : ''}
                  onChange={(event) => showDetails(Number(event.currentTarget.value) || null)}
                  data={[
                    { value: '', label: '–' },
                    ...performances.map((performance) => ({
                      value: String(performance.eventId),
                      label: performanceLabel(performance, locale),
                    })),
                  ]}
                  maw={420}
                  data-testid="performance-choose"
                />
                {detail ? (
                  <Button size="xs" variant="subtle" onClick={() => showDetails(null)}>
                    {t('closeDetails')}
                  </Button>
                ) : null}
              </Group>
              {detail ? (
                <ChartBoundary fallback={<Text c="dimmed">{t('chartFailed')}</Text>}>
                  <Suspense fallback={<Skeleton h={400} role="status" aria-label={t('detailsLoading')} />}>
                    <PerformanceSales performance={detail} performances={performances} />
                  </Suspense>
                </ChartBoundary>
              ) : null}
            </Stack>
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
