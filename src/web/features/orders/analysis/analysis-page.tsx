import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useDebouncedValue, useIntersection } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MirrorFreshness } from '@/web/components/mirror-freshness';
import { EmptyState, ErrorState } from '@/web/components/page-states';
import { formatNumber } from '@/web/lib/format';
import { useLocale, useMessages } from '@/web/lib/i18n';
import { useCan } from '@/web/lib/use-can';
import { ordersMessages } from '../orders-messages';
import '../orders.css';
import { AnalysisControls } from './analysis-controls';
import { analysisMessages } from './analysis-messages';
import {
  type AnalysisFilters,
  type AnalysisParams,
  groupFilter,
  hasFilters,
  NO_FILTERS,
  readAnalysisParams,
  reportQuery,
  writeAnalysisParams,
} from './analysis-params';
import { PeriodPicker } from './analysis-period-picker';
import { analysisCsvUrl, analysisQueries } from './analysis-queries';
import { GroupsTable, TotalsCards } from './analysis-summary';
import { AnalysisTable } from './analysis-table';
import { useAnalysisLabels } from './use-analysis-labels';

const AnalysisCharts = lazy(() => import('./analysis-charts'));

/** What the analysis reads of the gateway's mirror (for its freshness line). */
const ANALYSED = ['orders', 'customers'] as const;

/** performance measure of a filter/sort/group change, from the change to the paint of its answer (read by the bench). */
const UPDATE_MEASURE = 'orders-analysis:update';
/** The charts follow once the changes stop for a moment: several quick changes cost one chart request. */
const CHARTS_DELAY_MS = 250;
/** How near the view the charts count as in it (IntersectionObserver's rootMargin): see useDrawnNearView. */
const CHARTS_NEAR_VIEW = '200px';

/**
 * The charts' answer to draw: the newest while the charts are in or near the view; below the fold, the one drawn
 * last until they come near (the first answer is drawn wherever they are). Drawing the six charts anew took a
 * task of 90-170 ms about 350 ms after each filter change, in the middle of the next one when a person (or the
 * bench) changes filters one after the other, while the charts were out of sight.
 */
function useDrawnNearView<T>(latest: T | undefined, nearView: boolean): T | undefined {
  const [drawn, setDrawn] = useState(latest);
  const toDraw = latest !== undefined && (nearView || drawn === undefined) ? latest : drawn;
  // Adjusted while rendering, as React advises for state that follows props: no second commit.
  if (toDraw !== drawn) setDrawn(toDraw);
  return toDraw;
}

/**
 * The analysis of a period's orders, from the gateway's mirror: totals, a page of rows, totals per group and
 * the charts are each one request the gateway answers from its own tables, so the first view comes at once
 * whatever the size of the period, and nothing is downloaded in bulk. Period, filters, grouping, sort and
 * page live in the URL.
 */
export function AnalysisPage() {
  const t = useMessages(analysisMessages);
  const ts = useMessages(ordersMessages);
  const { locale } = useLocale();
  const mayOpenPerformances = useCan('events:read');
  const [now] = useState(() => new Date());
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readAnalysisParams(search, now), [search, now]);

  const changeStarted = useRef<number | null>(null);
  // The changes read the current params through this, so that they stay the same functions from one change
  // to the next (the memoised inputs keep their props).
  const latest = useRef({ params, setSearch });
  useLayoutEffect(() => {
    latest.current = { params, setSearch };
  });
  const update = useCallback(
    (change: Partial<AnalysisParams>) => {
      changeStarted.current = performance.now();
      const { params: current, setSearch: navigate } = latest.current;
      // Another filter, period or sort is another list: back to its first page (unless a page is chosen).
      const page = change.page ?? 1;
      navigate(writeAnalysisParams({ ...current, ...change, page }, now), { replace: true });
    },
    [now],
  );
  const setFilter = useCallback(
    (change: Partial<AnalysisFilters>) => update({ filters: { ...latest.current.params.filters, ...change } }),
    [update],
  );

  const query = useMemo(
    () => reportQuery({ from: params.from, to: params.to, filters: params.filters }),
    [params.from, params.to, params.filters],
  );
  const queryKey = JSON.stringify(query);
  const stableQuery = useMemo(() => JSON.parse(queryKey) as Record<string, string>, [queryKey]);
  const report = useQuery(analysisQueries.report(stableQuery, params.sort, params.page));
  const grouping = params.group;
  const groups = useQuery({
    ...analysisQueries.groups(stableQuery, grouping === 'none' ? 'status' : grouping),
    enabled: grouping !== 'none',
  });
  const choices = useQuery(analysisQueries.choices(params.from, params.to));
  const [chartQuery] = useDebouncedValue(stableQuery, CHARTS_DELAY_MS);
  const charts = useQuery(analysisQueries.charts(chartQuery));
  const { ref: chartsRef, entry: chartsView } = useIntersection<HTMLElement>({ rootMargin: CHARTS_NEAR_VIEW });
  const drawnCharts = useDrawnNearView(charts.data, chartsView?.isIntersecting ?? false);

  // Times a change from the moment it was made until its answer is on screen.
  const settled =
    report.data && !report.isPlaceholderData && (grouping === 'none' || (groups.data && !groups.isPlaceholderData));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each commit of a new answer, to time it, and of a change that needs none (back to no grouping)
  useEffect(() => {
    const started = changeStarted.current;
    if (started === null || !settled) return;
    changeStarted.current = null;
    requestAnimationFrame(() =>
      setTimeout(() => performance.measure(UPDATE_MEASURE, { start: started, end: performance.now() }), 0),
    );
  }, [settled, report.data, groups.data, search]);

  const { eventName, choiceLabels, groupLabel } = useAnalysisLabels(grouping);
  const pickGroup = useCallback(
    (key: string) => {
      const filter = groupFilter(grouping, key);
      if (filter) setFilter(filter);
    },
    [grouping, setFilter],
  );
  const onPage = useCallback((page: number) => update({ page }), [update]);

  const totals = report.data?.totals;
  const pages = totals ? Math.max(1, Math.ceil(totals.orders / (report.data?.perPage ?? 100))) : 1;

  let body: React.ReactNode;
  if (report.isError && !report.data) {
    body = <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  } else if (!report.data || !totals) {
    body = (
      <Stack gap="md" aria-busy="true" data-testid="analysis-loading">
        <Text size="sm" c="dimmed" role="status">
          {t('loading')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} aria-hidden="true">
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} h={84} />
          ))}
        </SimpleGrid>
        <Skeleton h={320} aria-hidden="true" />
      </Stack>
    );
  } else if (totals.orders === 0 && !hasFilters(params.filters)) {
    body = (
      <Paper withBorder radius="md">
        <EmptyState title={t('noneInPeriod')}>{t('noneInPeriodHint')}</EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="lg" aria-busy={report.isFetching}>
        <TotalsCards totals={totals} statusChosen={params.filters.status !== ''} />

        {grouping !== 'none' && groups.data && groups.data.groups.length > 0 ? (
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="analysis-groups-title">
            <Title order={2} size="h4" id="analysis-groups-title" mb="xs">
              {t('groupsCaption')}
            </Title>
            {grouping === 'event' || grouping === 'price' ? (
              <Text size="sm" c="dimmed" mb="xs">
                {t('seatRevenueNote')}
              </Text>
            ) : null}
            <GroupsTable
              key={grouping}
              groups={groups.data.groups}
              grouping={grouping}
              label={groupLabel}
              onPick={pickGroup}
            />
          </Paper>
        ) : grouping !== 'none' && groups.isError ? (
          <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
        ) : grouping !== 'none' && groups.isPending ? (
          <Skeleton h={240} aria-hidden="true" data-testid="analysis-groups-loading" />
        ) : null}

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="analysis-rows-title">
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4" id="analysis-rows-title">
              {t('rowsCaption')}
            </Title>
            <Text size="sm" c="dimmed" role="status" data-testid="analysis-count" data-count={totals.orders}>
              {t('rowsCount', { count: formatNumber(totals.orders, locale) })}
            </Text>
          </Group>
          {totals.orders === 0 ? (
            <EmptyState
              title={t('noMatch')}
              action={
                <Button variant="light" onClick={() => update({ filters: NO_FILTERS })}>
                  {t('clearFilters')}
                </Button>
              }
            >
              {t('noMatchHint')}
            </EmptyState>
          ) : (
            <AnalysisTable
              rows={report.data.rows}
              caption={t('rowsCaption')}
              page={Math.min(params.page, pages)}
              pages={pages}
              onPage={onPage}
            />
          )}
        </Paper>

        {totals.orders > 0 ? (
          <Paper
            ref={chartsRef}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby="analysis-charts-title"
          >
            <Title order={2} size="h4" id="analysis-charts-title" mb="sm">
              {t('chartsTitle')}
            </Title>
            {charts.isError && !charts.data ? (
              <ErrorState error={charts.error} title={t('chartsFailed')} onRetry={() => void charts.refetch()} />
            ) : drawnCharts ? (
              <Suspense
                fallback={
                  <Text size="sm" c="dimmed" role="status">
                    {t('chartsLoading')}
                  </Text>
                }
              >
                <AnalysisCharts charts={drawnCharts} eventName={eventName} />
              </Suspense>
            ) : (
              <Text size="sm" c="dimmed" role="status">
                {t('chartsLoading')}
              </Text>
            )}
          </Paper>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('analysisTitle')}</Title>
        <Group gap="xs">
          {mayOpenPerformances ? (
            <Button component={Link} to="/events/occupancy" variant="subtle" size="sm">
              {t('toPerformances')}
            </Button>
          ) : null}
          <Button component={Link} to="/orders" variant="subtle" size="sm">
            {ts('backToList')}
          </Button>
        </Group>
      </Group>
      <PeriodPicker params={params} now={now} onChange={update} />
      <MirrorFreshness resources={ANALYSED} />
      <AnalysisControls
        params={params}
        choices={choices.data}
        labels={choiceLabels}
        onFilter={setFilter}
        onUpdate={update}
        csvUrl={totals && totals.orders > 0 ? analysisCsvUrl(stableQuery, params.sort) : null}
        csvCount={totals?.orders ?? 0}
      />
      {body}
    </Stack>
  );
}
