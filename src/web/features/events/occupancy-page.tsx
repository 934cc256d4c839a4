import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PerformanceReport } from '@/contract/reports';
import { KeyFigure } from '../../components/key-figure';
import { MirrorFreshness } from '../../components/mirror-freshness';
import { EmptyState, ErrorState } from '../../components/page-states';
import { formatMoney, formatNumber, formatPercent, formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { performanceLabel } from '../../lib/performance-label';
import { useCan } from '../../lib/use-can';
import { readRangeParams, writeRangeParams } from './event-list-params';
import { inStartOrder, occupancyOf, occupancyTotals, rankOccupancy } from './occupancy';
import { OccupancyTable, RankedList } from './occupancy-lists';
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
            <KeyFigure
              label={t('performances')}
              value={formatNumber(totals.performances, locale)}
              testId="occupancy-performances"
            />
            <KeyFigure label={t('sold')} value={formatNumber(totals.sold, locale)} testId="occupancy-sold" />
            <KeyFigure
              label={t('capacity')}
              value={formatNumber(totals.capacity, locale)}
              testId="occupancy-capacity"
            />
            <KeyFigure label={t('occupancy')} value={formatPercent(totals.share, locale)} testId="occupancy-share" />
            <KeyFigure
              label={t('revenueTotal')}
              value={formatMoney(revenue / 100, locale)}
              testId="occupancy-revenue"
            />
            <KeyFigure
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
