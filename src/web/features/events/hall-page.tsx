import { Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import { hallQueries } from '../../lib/queries/hall-queries';
import { presetRange } from './event-list-params';
import { EventsTable } from './event-parts';
import { eventsMessages } from './events-messages';
import { hallAddress, safeWebsite } from './hall-address';
import { useProductionTitles } from './use-production-titles';

export function HallPage() {
  const t = useMessages(eventsMessages);
  const rawId = useParams().hallId ?? '';
  const hallId = Number(rawId);
  const valid = Number.isInteger(hallId) && hallId > 0;
  const [now] = useState(() => new Date());
  const hall = useQuery({ ...hallQueries.detail(hallId), enabled: valid });
  // The same range (and so the same cached list) as the events list's default view.
  const events = useQuery(eventQueries.list(presetRange('next60', now)));
  const inHall = useMemo(
    () =>
      (events.data ?? [])
        .filter((event) => event.hallId === hallId)
        .sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
    [events.data, hallId],
  );
  const productionIds = useMemo(() => inHall.map((event) => event.productionId), [inHall]);
  const productionTitle = useProductionTitles(productionIds);

  if (!valid || (hall.isError && isApiError(hall.error) && hall.error.status === 404)) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          title={t('hallNotFound', { id: rawId })}
          action={
            <Button component={Link} to="/halls" variant="light">
              {t('allHalls')}
            </Button>
          }
        />
      </Paper>
    );
  }
  if (hall.isError && !hall.data) return <ErrorState error={hall.error} onRetry={() => void hall.refetch()} />;
  if (!hall.data) {
    return (
      <Stack gap="md" maw={1200} aria-hidden="true">
        <Skeleton h={36} w="40%" />
        <Skeleton h={80} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  const data = hall.data;
  const website = data.hallUrl ? safeWebsite(data.hallUrl) : null;
  return (
    <Stack gap="lg" maw={1200} data-testid="hall-page">
      <Stack gap={4}>
        <Anchor component={Link} to="/halls" size="sm">
          {t('allHalls')}
        </Anchor>
        <Title order={1}>{data.hallName}</Title>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
              {t('hallAddress')}
            </Text>
            <Text size="sm">{hallAddress(data) || '–'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
              {t('hallPhone')}
            </Text>
            {data.hallPhone ? (
              <Anchor href={`tel:${data.hallPhone.replace(/[^\d+]/g, '')}`} size="sm">
                {data.hallPhone}
              </Anchor>
            ) : (
              <Text size="sm">–</Text>
            )}
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
              {t('hallWebsite')}
            </Text>
            {website ? (
              // An address is one long word: it wraps inside its column (at 768 px it ran 70 px past the page).
              <Anchor
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {data.hallUrl}
              </Anchor>
            ) : (
              <Text size="sm">{data.hallUrl || '–'}</Text>
            )}
          </div>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="hall-events">
        <Title order={2} size="h4" id="hall-events" mb="sm">
          {t('hallEvents')}
        </Title>
        {events.isError && !events.data ? (
          <ErrorState error={events.error} onRetry={() => void events.refetch()} />
        ) : !events.data ? (
          <Skeleton h={120} aria-hidden="true" />
        ) : inHall.length === 0 ? (
          <Text c="dimmed">{t('noHallEvents')}</Text>
        ) : (
          <EventsTable
            events={inHall}
            caption={t('hallEvents')}
            columns={{ showDate: true, showProduction: true, showHall: false }}
            hallName={() => data.hallName}
            productionName={(event) => productionTitle(event.productionId)}
          />
        )}
      </Paper>
    </Stack>
  );
}
