import { Anchor, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import { hallQueries } from '../../lib/queries/hall-queries';
import { AvailabilityCell } from './availability-cell';
import { EventsTable } from './event-parts';
import { eventsMessages } from './events-messages';
import { productionQueries } from './production-queries';

export function ProductionPage() {
  const t = useMessages(eventsMessages);
  const rawId = useParams().productionId ?? '';
  const productionId = Number(rawId);
  const valid = Number.isInteger(productionId) && productionId > 0;
  const production = useQuery({ ...productionQueries.detail(productionId), enabled: valid });
  const halls = useQuery(hallQueries.list());
  const hallNames = useMemo(
    () => new Map((halls.data ?? []).map((hall) => [hall.hallId, hall.hallName])),
    [halls.data],
  );
  const events = useMemo(
    () => [...(production.data?.events ?? [])].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
    [production.data],
  );

  if (!valid || (production.isError && isApiError(production.error) && production.error.status === 404)) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          title={t('productionNotFound', { id: rawId })}
          action={
            <Button component={Link} to="/events" variant="light">
              {t('backToList')}
            </Button>
          }
        />
      </Paper>
    );
  }
  if (production.isError && !production.data) {
    return <ErrorState error={production.error} onRetry={() => void production.refetch()} />;
  }
  if (!production.data) {
    return (
      <Stack gap="md" maw={1200} aria-hidden="true">
        <Skeleton h={36} w="40%" />
        <Skeleton h={200} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={1200} data-testid="production-page">
      <Stack gap={4}>
        <Anchor component={Link} to="/events?group=production" size="sm">
          {t('backToList')}
        </Anchor>
        <Title order={1}>{production.data.title}</Title>
        <Text c="dimmed">
          {t('artist')}: {production.data.artist ?? t('noArtist')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="production-events">
        <Title order={2} size="h4" id="production-events" mb="sm">
          {t('productionEvents')}
        </Title>
        {events.length === 0 ? (
          <Text c="dimmed">{t('noProductionEvents')}</Text>
        ) : (
          <EventsTable
            events={events}
            caption={t('productionEvents')}
            columns={{ showDate: true, showProduction: false, showHall: true }}
            hallName={(hallId) => hallNames.get(hallId) ?? t('hallFallback', { id: hallId })}
            extra={{ header: t('columnAvailability'), cell: (event) => <AvailabilityCell eventId={event.eventId} /> }}
          />
        )}
      </Paper>
    </Stack>
  );
}
