import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { KeyFigure } from '../../components/key-figure';
import { EmptyState, ErrorState } from '../../components/page-states';
import { capacityBreakdown } from '../../lib/capacity';
import { formatDate, formatDayMonth, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import { hallQueries } from '../../lib/queries/hall-queries';
import { useIsStaticRender } from '../../lib/static-render';
import { dashboardMessages } from './dashboard-messages';
import { dashboardRange, lastDashboardDay } from './dashboard-range';
import { selectDashboardEvents } from './dashboard-selection';
import { type AvailabilityState, PerformanceCard, PerformanceCardSkeleton } from './performance-card';
import './dashboard.css';

export function DashboardPage() {
  const t = useMessages(dashboardMessages);
  const { locale } = useLocale();
  const isStaticRender = useIsStaticRender();
  // The day is fixed for the life of the page; a dashboard left open overnight is refreshed by a reload.
  const [now] = useState(() => new Date());
  const range = useMemo(() => dashboardRange(now), [now]);
  const last = formatDayMonth(lastDashboardDay(now), locale);
  const events = useQuery(eventQueries.sharedList(range));
  const halls = useQuery(hallQueries.list());
  const selection = useMemo(() => (events.data ? selectDashboardEvents(events.data, now) : null), [events.data, now]);
  const details = useQueries({
    queries: (selection?.availabilityIds ?? []).map((id) => eventQueries.sharedDetail(id)),
  });

  const hallNames = useMemo(
    () => new Map((halls.data ?? []).map((hall) => [hall.hallId, hall.hallName])),
    [halls.data],
  );
  const availabilityOf = (eventId: number): AvailabilityState => {
    const index = selection?.availabilityIds.indexOf(eventId) ?? -1;
    const detail = index === -1 ? undefined : details[index];
    if (!detail) return { status: 'notLoaded' };
    if (detail.data) return { status: 'loaded', event: detail.data };
    return detail.isError ? { status: 'error' } : { status: 'loading' };
  };
  const hallName = (hallId: number) =>
    hallNames.get(hallId) ?? (halls.isPending ? '' : t('unknownHall', { id: hallId }));

  const soldToday = useMemo(() => {
    if (!selection) return null;
    let sold = 0;
    for (const event of selection.today) {
      const detail = details[selection.availabilityIds.indexOf(event.eventId)];
      if (!detail?.data) return null;
      sold += capacityBreakdown(detail.data)?.sold ?? 0;
    }
    return sold;
  }, [selection, details]);

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={2}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed" tt="none">
          {/* Prerendered at build time, the page cannot know the day: the line keeps its room until it does. */}
          {isStaticRender ? '\u00a0' : t('todayIs', { date: formatDate(now, locale) })}
        </Text>
      </Stack>

      {events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : (
        <>
          <div className="foyer-dashboard-grid foyer-dashboard-figures">
            <KeyFigure
              label={t('performancesToday')}
              value={formatNumber(selection?.today.length ?? 0, locale)}
              loading={!selection}
            />
            <KeyFigure
              label={t('performancesUpcoming', { last })}
              value={formatNumber(
                (selection?.today.length ?? 0) + (selection?.upcoming.length ?? 0) + (selection?.moreCount ?? 0),
                locale,
              )}
              loading={!selection}
            />
            <KeyFigure
              label={t('seatsSoldToday')}
              value={soldToday === null ? '–' : formatNumber(soldToday, locale)}
              loading={
                !selection || (selection.today.length > 0 && soldToday === null && details.some((d) => d.isPending))
              }
            />
          </div>

          {selection && selection.today.length === 0 && selection.upcoming.length === 0 ? (
            <Paper withBorder radius="md">
              <EmptyState title={t('noneAtAll', { last })}>{t('noneAtAllHint')}</EmptyState>
            </Paper>
          ) : (
            <>
              <section aria-labelledby="dashboard-today">
                <Title order={2} size="h3" id="dashboard-today" mb="sm">
                  {t('today')}
                </Title>
                {!selection ? (
                  <div className="foyer-dashboard-grid foyer-dashboard-cards">
                    {[0, 1, 2].map((key) => (
                      <PerformanceCardSkeleton key={key} />
                    ))}
                  </div>
                ) : selection.today.length === 0 ? (
                  <Text c="dimmed">{t('noneToday')}</Text>
                ) : (
                  <div className="foyer-dashboard-grid foyer-dashboard-cards">
                    {selection.today.map((event) => (
                      <PerformanceCard
                        key={event.eventId}
                        event={event}
                        hallName={hallName(event.hallId)}
                        availability={availabilityOf(event.eventId)}
                        showDay={false}
                      />
                    ))}
                  </div>
                )}
              </section>
              {/* Only once the list is there: appearing below the fold of "today" shifts nothing already shown. */}
              {selection ? (
                <section aria-labelledby="dashboard-upcoming">
                  <Title order={2} size="h3" id="dashboard-upcoming" mb="sm">
                    {t('upcoming', { last })}
                  </Title>
                  <Stack gap="sm">
                    <div className="foyer-dashboard-grid foyer-dashboard-cards">
                      {selection.upcoming.map((event) => (
                        <PerformanceCard
                          key={event.eventId}
                          event={event}
                          hallName={hallName(event.hallId)}
                          availability={availabilityOf(event.eventId)}
                          showDay
                        />
                      ))}
                    </div>
                    {selection.moreCount > 0 ? (
                      <Group>
                        <Text size="sm" c="dimmed">
                          {t('moreLater', { count: formatNumber(selection.moreCount, locale) })}
                        </Text>
                      </Group>
                    ) : null}
                  </Stack>
                </section>
              ) : null}
            </>
          )}
        </>
      )}
    </Stack>
  );
}
