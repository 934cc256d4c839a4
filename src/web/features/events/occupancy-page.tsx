import {
  Alert,
  Anchor,
  Button,
  Group,
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
import { keepPreviousData, type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../app/use-can';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isPerformance } from '../../lib/event-type';
import { formatDateTime, formatNumber, formatPercent, formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { readRangeParams, writeRangeParams } from './event-list-params';
import { limitedEventDetail } from './limited-queries';
import { inStartOrder, occupancyOf, occupancyTotals, type PerformanceOccupancy, rankOccupancy } from './occupancy';
import { occupancyMessages } from './occupancy-messages';
import { RangePicker, type RangeUpdate } from './range-picker';
import './events.css';

/** The chart library (recharts) is loaded only when there is something to chart. */
const OccupancyChart = lazy(() => import('./occupancy-chart'));

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

function OccupancyTable({ items }: { items: readonly PerformanceOccupancy[] }) {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped verticalSpacing={6} data-testid="occupancy-table">
        <caption className="foyer-visually-hidden">{t('chartTitle')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columnWhen')}</Table.Th>
            <Table.Th scope="col">{t('columnPerformance')}</Table.Th>
            <Table.Th scope="col" ta="right">
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
                {formatNumber(item.sold, locale)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {formatNumber(item.blocked, locale)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {formatNumber(item.capacity, locale)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular" fw={600}>
                {formatPercent(item.share, locale)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The details' state in one object. A module-level function, so React Query keeps the combined result
 * (and `data`) the same object until a detail really changes.
 */
function combineDetails(results: UseQueryResult<PartnerEvent>[]) {
  const failedResults = results.filter((result) => result.isError && result.data === undefined);
  return {
    data: results.map((result) => result.data),
    done: results.filter((result) => result.data !== undefined || result.isError).length,
    failed: failedResults.length,
    fetching: results.some((result) => result.isFetching),
    updatedAt: Math.max(0, ...results.map((result) => result.dataUpdatedAt)),
    retryFailed: () => {
      for (const result of failedResults) void result.refetch();
    },
    refetchAll: () => {
      for (const result of results) void result.refetch();
    },
  };
}

export function OccupancyPage() {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  const [now] = useState(() => new Date());
  const [search, setSearch] = useSearchParams();
  const rangeParams = useMemo(() => readRangeParams(search, now), [search, now]);
  const showTable = search.get('table') === '1';
  // From the live URL, not this render's: the router re-renders in a transition (see RangePicker).
  const setRange = (updateFn: RangeUpdate) => {
    const live = new URLSearchParams(window.location.search);
    setSearch(writeRangeParams(live, updateFn(readRangeParams(live, now))), { replace: true });
  };
  const toggleTable = () => {
    const next = new URLSearchParams(search);
    if (showTable) next.delete('table');
    else next.set('table', '1');
    setSearch(next, { replace: true });
  };

  const events = useQuery({ ...eventQueries.list(rangeParams.range), placeholderData: keepPreviousData });
  const performanceIds = useMemo(
    () => (events.data ?? []).filter(isPerformance).map((event) => event.eventId),
    [events.data],
  );
  // One detail per performance (the list carries no availability), a few at a time. No 30 s polling here:
  // dozens of details on a timer would load the service for a view that is read, not watched.
  const details = useQueries({
    queries: performanceIds.map((id) => ({
      ...limitedEventDetail(id),
      refetchInterval: false as const,
      refetchOnWindowFocus: false,
    })),
    combine: combineDetails,
  });
  const { done, failed, fetching, updatedAt } = details;
  const items = useMemo(
    () => inStartOrder(details.data.flatMap((detail) => (detail ? (occupancyOf(detail) ?? []) : []))),
    [details.data],
  );
  const totals = useMemo(() => occupancyTotals(items), [items]);
  const ranked = useMemo(() => rankOccupancy(items, RANKED), [items]);
  const complete = performanceIds.length > 0 && done === performanceIds.length;
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

      {events.isError && !events.data ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : !events.data ? (
        <Stack gap="md" aria-hidden="true">
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} h={84} />
            ))}
          </SimpleGrid>
          <Skeleton h={320} />
        </Stack>
      ) : performanceIds.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState title={t('noPerformances')}>{t('noPerformancesHint')}</EmptyState>
        </Paper>
      ) : (
        <Stack gap="lg" aria-busy={!complete} data-testid="occupancy-results">
          {!complete ? (
            <Stack gap={6} data-testid="occupancy-progress">
              <Text size="sm" role="status">
                {t('loadingDetails', {
                  done: formatNumber(done, locale),
                  total: formatNumber(performanceIds.length, locale),
                })}
              </Text>
              <Progress
                value={(done / performanceIds.length) * 100}
                size="md"
                radius="xl"
                aria-label={t('loadingDetails', {
                  done: formatNumber(done, locale),
                  total: formatNumber(performanceIds.length, locale),
                })}
              />
            </Stack>
          ) : null}

          {failed > 0 && complete ? (
            <Alert color="orange" variant="light" role="alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('failedDetails', { count: formatNumber(failed, locale) })}</Text>
                <Button size="xs" variant="white" color="orange" onClick={details.retryFailed}>
                  {t('retryFailed')}
                </Button>
              </Group>
            </Alert>
          ) : null}

          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Figure
              label={t('performances')}
              value={formatNumber(totals.performances, locale)}
              testId="occupancy-performances"
            />
            <Figure label={t('sold')} value={formatNumber(totals.sold, locale)} testId="occupancy-sold" />
            <Figure label={t('capacity')} value={formatNumber(totals.capacity, locale)} testId="occupancy-capacity" />
            <Figure label={t('occupancy')} value={formatPercent(totals.share, locale)} testId="occupancy-share" />
          </SimpleGrid>

          {complete && items.length === 0 ? (
            <Paper withBorder radius="md">
              <EmptyState title={t('noAvailability')} />
            </Paper>
          ) : items.length > 0 ? (
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
                    <Button size="xs" variant="subtle" loading={fetching} onClick={details.refetchAll}>
                      {t('refresh')}
                    </Button>
                  </Group>
                </Group>
                {showTable ? (
                  <OccupancyTable items={items} />
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
                {updatedAt > 0 ? (
                  <Text size="xs" c="dimmed" mt="sm">
                    {t('updatedAt', { time: formatTime(new Date(updatedAt), locale) })}
                  </Text>
                ) : null}
              </Paper>
            </>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
