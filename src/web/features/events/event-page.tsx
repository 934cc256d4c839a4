import { Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { calendarDay, formatDateTime, formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import { hallQueries } from '../../lib/queries/hall-queries';
import { useCan } from '../../lib/use-can';
import { EventTags, EventTypeBadge } from './event-parts';
import { EventSections } from './event-sections';
import { eventsMessages } from './events-messages';
import { productionQueries } from './production-queries';
import { useRenderMark } from './use-render-mark';
import './events.css';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // As wide as its value, the facts wrapping to the next line when short of room: in six equal columns a title
    // of one long word broke inside it ("Oudejaarsconfere-nce"). A word wider than the whole line still wraps.
    <div style={{ flex: '1 1 auto', minWidth: '7rem', maxWidth: '100%', overflowWrap: 'break-word' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </div>
  );
}

export function EventPage() {
  const t = useMessages(eventsMessages);
  const maySell = useCan('sales:sell');
  const mayReadSales = useCan('reports:read');
  const { locale } = useLocale();
  const eventId = Number(useParams().eventId);
  const valid = Number.isInteger(eventId) && eventId > 0;
  const event = useQuery({ ...eventQueries.detail(eventId), enabled: valid });
  const halls = useQuery(hallQueries.list());
  const production = useQuery({
    ...productionQueries.detail(event.data?.productionId ?? 0),
    enabled: Boolean(event.data),
  });
  // "Rendered" means the whole page with its data: the event, and the hall's name and production's title
  // it shows (or their fallbacks, when those could not be read), not the event alone. Its data has arrived
  // when the last of the three has.
  const settled = (query: { isSuccess: boolean; isError: boolean }) => query.isSuccess || query.isError;
  const arrivedAt = (query: { dataUpdatedAt: number; errorUpdatedAt: number }) =>
    Math.max(query.dataUpdatedAt, query.errorUpdatedAt);
  useRenderMark(
    'event-page:rendered',
    Math.max(arrivedAt(event), arrivedAt(halls), arrivedAt(production)),
    Boolean(event.data) && settled(halls) && settled(production),
  );

  if (!valid || (event.isError && isApiError(event.error) && event.error.status === 404)) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          heading={1}
          title={t('eventNotFound')}
          action={
            <Button component={Link} to="/events" variant="light">
              {t('backToList')}
            </Button>
          }
        />
      </Paper>
    );
  }
  if (event.isError && !event.data) {
    // Whatever failed with it (the outage took the halls and production too) is read again as well.
    const retry = () => {
      void event.refetch();
      if (halls.isError) void halls.refetch();
    };
    return <ErrorState error={event.error} onRetry={retry} />;
  }
  if (!event.data) {
    return (
      <Stack gap="lg" maw={1200} aria-hidden="true">
        <Skeleton h={36} w="50%" />
        <Skeleton h={80} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton h={220} />
          <Skeleton h={220} />
        </SimpleGrid>
      </Stack>
    );
  }

  const data = event.data;
  const hall = halls.data?.find((candidate) => candidate.hallId === data.hallId);
  return (
    <Stack gap="lg" maw={1200} data-testid="event-page">
      <Stack gap={4}>
        <Anchor component={Link} to="/events" size="sm">
          {t('backToList')}
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="sm" align="center">
            <Title order={1}>{data.eventName}</Title>
            <EventTypeBadge type={data.eventType} />
          </Group>
          <Group gap="sm">
            {/* The page's sales figures are the occupancy's (the note under the capacity names them): one click away. */}
            {mayReadSales ? (
              <Button component={Link} to={`/events/occupancy?event=${data.eventId}`} variant="subtle">
                {t('salesOfEvent')}
              </Button>
            ) : null}
            <Button component={Link} to={`/events/${data.eventId}/seats`} variant="default">
              {t('seatPlan')}
            </Button>
            {maySell ? (
              <Button component={Link} to={`/box-office?event=${data.eventId}`}>
                {t('sell')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Group gap="lg" align="flex-start" wrap="wrap" data-testid="event-facts">
          <Fact label={t('columnProduction')}>
            <Anchor component={Link} to={`/productions/${data.productionId}`} data-testid="production-link">
              {production.data?.title ?? t('production', { id: data.productionId })}
            </Anchor>
          </Fact>
          <Fact label={t('start')}>
            <time dateTime={data.start}>{formatDateTime(data.start, locale)}</time>
          </Fact>
          <Fact label={t('end')}>
            {data.end ? (
              <time dateTime={data.end}>
                {/* The time alone when it ends on the day it starts; else the date too. */}
                {calendarDay(data.end) === calendarDay(data.start)
                  ? formatTime(data.end, locale)
                  : formatDateTime(data.end, locale)}
              </time>
            ) : (
              t('noEnd')
            )}
          </Fact>
          <Fact label={t('hall')}>
            <Anchor component={Link} to={`/halls/${data.hallId}`} data-testid="hall-link">
              {hall?.hallName ?? t('hallFallback', { id: data.hallId })}
            </Anchor>
          </Fact>
          <Fact label={t('type')}>
            <EventTypeBadge type={data.eventType} />
          </Fact>
          <Fact label={t('tags')}>
            <EventTags tags={data.eventTags} />
          </Fact>
        </Group>
      </Paper>

      <EventSections event={data} />

      <Text size="xs" c="dimmed">
        {t('updatedAt', { time: formatTime(new Date(event.dataUpdatedAt), locale) })}
      </Text>
    </Stack>
  );
}
