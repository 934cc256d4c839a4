import { Button, Group, Paper, Progress, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import {
  type FormEvent,
  lazy,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/page-states';
import { downloadText } from '../../../lib/download-text';
import { formatDate, formatLongDay, formatNumber, isoLocalDate } from '../../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../../lib/i18n';
import { performanceLabel, sortByStart } from '../../../lib/performance-label';
import { allEventsQuery, useChannelLabel } from '../order-parts';
import { validIsoDate } from '../order-ref';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status';
import { ordersMessages } from '../orders-messages';
import { analysisMessages } from './analysis-messages';
import '../orders.css';
import { type AnalysisChoices, AnalysisControls, type ChoiceLabels } from './analysis-controls';
import { analysisCsv } from './analysis-csv';
import {
  type AnalysisIndex,
  createAnalysisIndex,
  eventsOf,
  groupTotals,
  ordersOfRows,
  rowsOf,
  type Selection,
  selectOrders,
  sortedPositions,
  totalsOf,
  valuesOf,
} from './analysis-index';
import { type AnalysisFilters, NO_FILTERS, SORTS } from './analysis-model';
import { type AnalysisParams, readAnalysisParams, writeAnalysisParams } from './analysis-params';
import { GroupsTable, TotalsCards } from './analysis-summary';
import { AnalysisTable } from './analysis-table';
import { useAnalysisLoad } from './use-analysis-load';

const AnalysisCharts = lazy(() => import('./analysis-charts'));

/** performance measure of a filter/sort/group change, from the change to the next paint (read by the bench). */
const UPDATE_MEASURE = 'orders-analysis:update';
const CHARTS_DELAY_MS = 250;

export function AnalysisPage() {
  const t = useMessages(analysisMessages);
  const ts = useMessages(ordersMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const channelLabel = useChannelLabel();
  const [now] = useState(() => new Date());
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readAnalysisParams(search, now), [search, now]);
  const { query, progress, cancelled, cancel, reload } = useAnalysisLoad(params.since);
  const allEvents = useQuery(allEventsQuery);
  const [sinceDraft, setSinceDraft] = useState(params.since);
  useEffect(() => setSinceDraft(params.since), [params.since]);

  const changeStarted = useRef<number | null>(null);
  // The changes read the current params through this, so that they stay the same functions from one change
  // to the next (the memoised group table keeps its props when only the sort changes).
  const latest = useRef({ params, setSearch });
  useLayoutEffect(() => {
    latest.current = { params, setSearch };
  });
  // A change is rendered at once (flushSync), not in the transition the router otherwise uses: a transition
  // waits behind whatever other transition is rendering, such as the charts of the previous change.
  const update = useCallback(
    (change: Partial<AnalysisParams>) => {
      changeStarted.current = performance.now();
      const { params: current, setSearch: navigate } = latest.current;
      navigate(writeAnalysisParams({ ...current, ...change }, now), { replace: true, flushSync: true });
    },
    [now],
  );
  const setFilter = useCallback(
    (change: Partial<AnalysisFilters>) => update({ filters: { ...latest.current.params.filters, ...change } }),
    [update],
  );

  const orders = query.data?.orders;
  const index = useMemo(() => createAnalysisIndex(orders ?? []), [orders]);
  // Sort the orders in quiet moments after the load, so that choosing a sort later is only a pass over them.
  useEffect(() => {
    if (index.orders.length === 0) return;
    const pending = [...SORTS];
    let timer: ReturnType<typeof setTimeout>;
    const sortNext = () => {
      const sort = pending.shift();
      if (!sort) return;
      sortedPositions(index, sort);
      timer = setTimeout(sortNext, 100);
    };
    timer = setTimeout(sortNext, 1000);
    return () => clearTimeout(timer);
  }, [index]);
  // Same filters, same selection: a change of sort or grouping does not filter again, and totals, groups
  // and charts (which do not depend on the order) stay as they are.
  const filtersKey = JSON.stringify(params.filters);
  const filters = useMemo(() => JSON.parse(filtersKey) as AnalysisFilters, [filtersKey]);
  const selection = useMemo(() => selectOrders(index, filters), [index, filters]);
  const rows = useMemo(() => rowsOf(index, selection, params.sort), [index, selection, params.sort]);
  const totals = useMemo(() => totalsOf(index, selection), [index, selection]);
  const groups = useMemo(
    () => (params.group === 'none' ? [] : groupTotals(index, selection, params.group)),
    [index, selection, params.group],
  );
  // The charts follow once the changes stop for a moment: the rows and totals answer a change at once, and
  // several quick changes cost one chart render, not one each. Sorting and grouping do not change them.
  const [chartView, setChartView] = useState<{ index: AnalysisIndex; selection: Selection } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setChartView({ index, selection })), CHARTS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [index, selection]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each commit of a new result, to time it
  useEffect(() => {
    const started = changeStarted.current;
    if (started === null) return;
    changeStarted.current = null;
    requestAnimationFrame(() =>
      setTimeout(() => performance.measure(UPDATE_MEASURE, { start: started, end: performance.now() }), 0),
    );
  }, [rows, params.group]);

  const eventsById = useMemo(
    () => new Map((allEvents.data ?? []).map((event) => [event.eventId, event])),
    [allEvents.data],
  );
  // "Name · date", as the waiting list names them: a production plays many times under one name.
  const eventName = useCallback(
    (eventId: number) => {
      const event = eventsById.get(eventId);
      return event ? performanceLabel(event, locale) : ts('eventFallback', { id: eventId });
    },
    [eventsById, locale, ts],
  );
  const choices = useMemo<AnalysisChoices>(() => {
    const all = selectOrders(index, NO_FILTERS);
    return {
      status: valuesOf(index, all, 'status'),
      payment: valuesOf(index, all, 'payment'),
      channel: valuesOf(index, all, 'channel'),
      method: valuesOf(index, all, 'method'),
      // In the order they play, to find one by its date (eventsOf gives them by revenue).
      event: sortByStart(eventsOf(index, all), eventsById),
    };
  }, [index, eventsById]);

  const statusLabel = useCallback(
    (value: string) => (ORDER_STATUSES[value] ? localized(ORDER_STATUSES[value].label) : value),
    [localized],
  );
  const paymentLabel = useCallback(
    (value: string) => (PAYMENT_STATUSES[value] ? localized(PAYMENT_STATUSES[value].label) : value),
    [localized],
  );
  const choiceLabels = useMemo<ChoiceLabels>(
    () => ({ status: statusLabel, payment: paymentLabel, channel: channelLabel, event: eventName }),
    [statusLabel, paymentLabel, channelLabel, eventName],
  );
  const grouping = params.group;
  const groupLabel = useCallback(
    (key: string): string => {
      switch (grouping) {
        case 'status':
          return statusLabel(key);
        case 'payment':
          return paymentLabel(key);
        case 'channel':
          return channelLabel(key);
        case 'event':
          return eventName(Number(key));
        case 'day':
          return formatLongDay(`${key}T12:00:00`, locale);
        default:
          return key;
      }
    },
    [grouping, statusLabel, paymentLabel, channelLabel, eventName, locale],
  );
  const pickGroup = useCallback(
    (key: string) => {
      switch (grouping) {
        case 'status':
          return setFilter({ status: key });
        case 'payment':
          return setFilter({ payment: key });
        case 'channel':
          return setFilter({ channel: key });
        case 'method':
          return setFilter({ method: key });
        case 'event':
          return setFilter({ event: Number(key) });
        case 'day':
          return setFilter({ day: key });
      }
    },
    [grouping, setFilter],
  );

  const submitPeriod = (event: FormEvent) => {
    event.preventDefault();
    const since = validIsoDate(sinceDraft);
    if (!since) return;
    if (since === params.since && (cancelled || query.isError)) reload();
    else update({ since });
  };

  const exportCsv = () => {
    const day = isoLocalDate(new Date());
    downloadText(analysisCsv(ordersOfRows(rows)), `orders-${params.since}-${day}.csv`);
  };

  let body: React.ReactNode;
  if (query.isError) {
    body = <ErrorState error={query.error} onRetry={reload} />;
  } else if (cancelled && !query.data) {
    body = (
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" align="flex-start">
          <Text role="status">{t('analysisCancelled')}</Text>
          <Button onClick={reload}>{t('analysisLoad')}</Button>
        </Stack>
      </Paper>
    );
  } else if (!query.data) {
    const percent = progress ? (progress.pagesDone / Math.max(1, progress.pageCount)) * 100 : 0;
    body = (
      <Paper withBorder radius="md" p="md" data-testid="analysis-progress">
        <Stack gap="sm">
          <Text role="status" aria-live="polite" className="foyer-tabular">
            {progress
              ? t('analysisLoading', {
                  rows: formatNumber(progress.rowsDone, locale),
                  total: formatNumber(progress.total, locale),
                  pages: formatNumber(progress.pagesDone, locale),
                  pageCount: formatNumber(progress.pageCount, locale),
                })
              : t('analysisStarting')}
          </Text>
          <Progress value={percent} aria-label={t('analysisTitle')} />
          <Group>
            <Button variant="default" onClick={cancel} data-testid="analysis-cancel">
              {ts('cancel')}
            </Button>
          </Group>
          <Skeleton h={200} aria-hidden="true" />
        </Stack>
      </Paper>
    );
  } else if (query.data.orders.length === 0) {
    body = (
      <Paper withBorder radius="md">
        <EmptyState title={t('noneInPeriod')}>
          {ts('noOrdersSince', { date: formatDate(params.since, locale) })}
        </EmptyState>
      </Paper>
    );
  } else {
    const loaded = query.data;
    body = (
      <Stack gap="lg">
        <Text size="sm" c="dimmed" data-testid="analysis-loaded">
          {t('analysisLoaded', {
            count: formatNumber(loaded.orders.length, locale),
            date: formatDate(params.since, locale),
          })}
        </Text>
        <AnalysisControls
          params={params}
          choices={choices}
          labels={choiceLabels}
          onFilter={setFilter}
          onUpdate={update}
          onExport={exportCsv}
          canExport={selection.count > 0}
        />

        <TotalsCards totals={totals} />

        {params.group !== 'none' && groups.length > 0 ? (
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="analysis-groups-title">
            <Title order={2} size="h4" id="analysis-groups-title" mb="xs">
              {t('groupsCaption')}
            </Title>
            {params.group === 'event' ? (
              <Text size="sm" c="dimmed" mb="xs">
                {t('eventRevenueNote')}
              </Text>
            ) : null}
            <GroupsTable
              key={params.group}
              groups={groups}
              grouping={params.group}
              label={groupLabel}
              onPick={pickGroup}
            />
          </Paper>
        ) : null}

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="analysis-rows-title">
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4" id="analysis-rows-title">
              {t('rowsCaption')}
            </Title>
            <Text size="sm" c="dimmed" role="status" data-testid="analysis-count" data-count={selection.count}>
              {t('rowsCount', {
                count: formatNumber(selection.count, locale),
                total: formatNumber(loaded.orders.length, locale),
              })}
            </Text>
          </Group>
          {selection.count === 0 ? (
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
            <AnalysisTable rows={rows} caption={t('rowsCaption')} />
          )}
        </Paper>

        {selection.count > 0 ? (
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="analysis-charts-title">
            <Title order={2} size="h4" id="analysis-charts-title" mb="sm">
              {t('chartsTitle')}
            </Title>
            <Suspense
              fallback={
                <Text size="sm" c="dimmed" role="status">
                  {t('chartsLoading')}
                </Text>
              }
            >
              {chartView ? (
                <AnalysisCharts index={chartView.index} selection={chartView.selection} eventName={eventName} />
              ) : (
                <Text size="sm" c="dimmed" role="status">
                  {t('chartsLoading')}
                </Text>
              )}
            </Suspense>
          </Paper>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('analysisTitle')}</Title>
        <Button component={Link} to="/orders" variant="subtle" size="sm">
          {ts('backToList')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <form onSubmit={submitPeriod}>
          <Group gap="sm" align="flex-end">
            <TextInput
              type="date"
              label={t('analysisPeriod')}
              value={sinceDraft}
              max={isoLocalDate(now)}
              onChange={(event) => setSinceDraft(event.currentTarget.value)}
              data-testid="analysis-since"
              required
            />
            <Button type="submit" disabled={!validIsoDate(sinceDraft)}>
              {t('analysisLoad')}
            </Button>
          </Group>
        </form>
      </Paper>
      {body}
    </Stack>
  );
}
