import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { IconRefresh } from '../../components/icons/status-icons';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { formatDateTime, formatNumber, formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import { seatPlanQueries } from '../../lib/queries/seat-plan-queries';
import { useCan } from '../../lib/use-can';
import { seatPlanPageMessages } from './seat-plan-page-messages';

// The viewer (canvas, layout, hit tests) is its own chunk: only pages that show a plan load it.
const SeatPlanViewer = lazy(() => import('./seat-plan-viewer'));

function PlanSkeleton() {
  const t = useMessages(seatPlanPageMessages);
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
      <Skeleton h={480} radius="md" />
      <Skeleton h={60} />
    </Stack>
  );
}

/**
 * `/events/:eventId/seats`: the seat plan of one event for browsing availability — which seats are free, in which
 * rank, at what price. Choosing seats here only adds up prices; selling is the box office's job (issue 7).
 */
export function SeatPlanPage() {
  const t = useMessages(seatPlanPageMessages);
  const maySell = useCan('sales:sell');
  const { locale } = useLocale();
  const eventId = Number(useParams().eventId);
  const valid = Number.isInteger(eventId) && eventId > 0;
  const plan = useQuery({ ...seatPlanQueries.detail(eventId), enabled: valid });
  const event = useQuery({ ...eventQueries.detail(eventId), enabled: valid });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const rankNames = useMemo(
    () => new Map((event.data?.availability ?? []).map((rank) => [rank.rankId, rank.rankName])),
    [event.data],
  );

  const notFound = !valid || (plan.isError && isApiError(plan.error) && plan.error.status === 404);
  const heading = event.data ? t('titleOf', { event: event.data.eventName }) : t('title');

  return (
    <Stack gap="md" maw={1400} data-testid="seat-plan-page">
      <Stack gap={4}>
        <Anchor component={Link} to={valid ? `/events/${eventId}` : '/events'} size="sm">
          {t('backToEvent')}
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={2}>
            <Title order={1}>{heading}</Title>
            {event.data ? (
              <Text c="dimmed" size="sm">
                <time dateTime={event.data.start}>{formatDateTime(event.data.start, locale)}</time>
              </Text>
            ) : null}
          </Stack>
          {valid && maySell ? (
            <Button component={Link} to={`/box-office?event=${eventId}`}>
              {t('sell')}
            </Button>
          ) : null}
        </Group>
        <Text size="sm">{t('intro')}</Text>
      </Stack>

      {notFound ? (
        <Paper withBorder radius="md">
          <EmptyState title={t('notFound')}>{t('notFoundHint')}</EmptyState>
        </Paper>
      ) : plan.isError && !plan.data ? (
        <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />
      ) : !plan.data ? (
        <PlanSkeleton />
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            <Text fw={600} className="foyer-tabular" data-testid="seat-plan-available">
              {t('available', { available: formatNumber(plan.data.available, locale) })}
            </Text>
            <Group gap="sm">
              <Text size="xs" c="dimmed">
                {t('updatedAt', { time: formatTime(new Date(plan.dataUpdatedAt), locale) })}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconRefresh size={14} />}
                loading={plan.isFetching}
                onClick={() => void plan.refetch()}
              >
                {t('refresh')}
              </Button>
            </Group>
          </Group>
          {plan.isError ? <ErrorState error={plan.error} onRetry={() => void plan.refetch()} /> : null}
          <Suspense fallback={<PlanSkeleton />}>
            <SeatPlanViewer
              plan={plan.data}
              selectedSeatIds={selected}
              onSelectionChange={setSelected}
              rankNames={rankNames}
            />
          </Suspense>
        </>
      )}
    </Stack>
  );
}
