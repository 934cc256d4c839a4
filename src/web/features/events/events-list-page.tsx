import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Skeleton.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { EVENT_TYPES } from '../../lib/event-type';
import { formatLongDay, formatNumber } from '../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import { hallQueries } from '../../lib/queries/hall-queries';
import {
  type EventListParams,
  filterEvents,
  type Grouping,
  groupEvents,
  readEventListParams,
  tagsOf,
  writeEventListParams,
  writeRangeParams,
} from './event-list-params';
import { EventsTable } from './event-parts';
import { eventsMessages } from './events-messages';
import { RangePicker, type RangeUpdate } from './range-picker';
import { useProductionTitles } from './use-production-titles';
import './events.css';

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export function EventsListPage() {
  const t = useMessages(eventsMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const [now] = useState(() => new Date());
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readEventListParams(search, now), [search, now]);
  // The previous range's list stays on screen while the next loads: the filters do not jump away.
  const events = useQuery({ ...eventQueries.list(params.range), placeholderData: keepPreviousData });
  const halls = useQuery(hallQueries.list());

  // From the live URL, not this render's params: the router re-renders in a transition, and a second quick
  // change (typing, two date fields) must not undo the first.
  const liveParams = () => readEventListParams(new URLSearchParams(window.location.search), now);
  const update = (change: Partial<EventListParams>) =>
    setSearch(writeEventListParams({ ...liveParams(), ...change }), { replace: true });
  const updateRange = (updateFn: RangeUpdate) => {
    const live = liveParams();
    setSearch(writeEventListParams({ ...live, ...updateFn(live) }), { replace: true });
  };

  const hallNames = useMemo(
    () => new Map((halls.data ?? []).map((hall) => [hall.hallId, hall.hallName])),
    [halls.data],
  );
  const hallName = (hallId: number) => hallNames.get(hallId) ?? t('hallFallback', { id: hallId });
  const visible = useMemo(() => (events.data ? filterEvents(events.data, params) : []), [events.data, params]);
  const groups = useMemo(() => groupEvents(visible, params.group), [visible, params.group]);
  const tags = useMemo(() => tagsOf(events.data ?? []), [events.data]);
  const productionIds = useMemo(() => visible.map((event) => event.productionId), [visible]);
  const productionTitle = useProductionTitles(productionIds);
  const filtered = Boolean(params.type || params.hall !== null || params.tag || params.text);

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('listTitle')}</Title>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/events/occupancy${params.preset === 'next60' ? '' : `?${writeRangeParams(new URLSearchParams(), params)}`}`}
            variant="light"
            size="sm"
          >
            {t('occupancy')}
          </Button>
          <Button component={Link} to="/halls" variant="subtle" size="sm">
            {t('allHalls')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="md" align="flex-end" wrap="wrap">
            <RangePicker value={params} now={now} onChange={updateRange} />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="events-group-label">
                {t('groupBy')}
              </Text>
              <SegmentedControl
                aria-labelledby="events-group-label"
                data={[
                  { value: 'day', label: t('groupDay') },
                  { value: 'production', label: t('groupProduction') },
                ]}
                value={params.group}
                onChange={(value) => update({ group: value as Grouping })}
                size="sm"
              />
            </Stack>
          </Group>
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('filterType')}
              value={params.type}
              onChange={(event) => update({ type: event.currentTarget.value })}
              data={[
                { value: '', label: t('all') },
                ...Object.entries(EVENT_TYPES).map(([value, type]) => ({ value, label: localized(type.label) })),
              ]}
            />
            <NativeSelect
              label={t('filterHall')}
              value={params.hall === null ? '' : String(params.hall)}
              onChange={(event) => {
                const value = Number(event.currentTarget.value);
                update({ hall: value > 0 ? value : null });
              }}
              data={[
                { value: '', label: t('all') },
                ...(halls.data ?? []).map((hall) => ({ value: String(hall.hallId), label: hall.hallName })),
              ]}
            />
            <NativeSelect
              label={t('filterTag')}
              value={params.tag}
              onChange={(event) => update({ tag: event.currentTarget.value })}
              data={[{ value: '', label: t('all') }, ...tags.map((tag) => ({ value: tag, label: tag }))]}
            />
            <TextInput
              label={t('filterText')}
              type="search"
              value={params.text}
              onChange={(event) => update({ text: event.currentTarget.value })}
            />
            {filtered ? (
              <Button variant="subtle" onClick={() => update({ type: '', hall: null, tag: '', text: '' })}>
                {t('clearFilters')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      {events.isError && !events.data ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : !events.data ? (
        <Stack gap="xs" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} h={36} />
          ))}
        </Stack>
      ) : (
        <Stack gap="md" aria-busy={events.isFetching} data-testid="events-list">
          <Text size="sm" c="dimmed" role="status" data-testid="events-count">
            {t('resultCount', {
              count: formatNumber(visible.length, locale),
              total: formatNumber(events.data.length, locale),
            })}
          </Text>
          {visible.length === 0 ? (
            <Paper withBorder radius="md">
              <EmptyState
                title={events.data.length === 0 ? t('noneInRange') : t('noneMatch')}
                action={
                  filtered ? (
                    <Button variant="light" onClick={() => update({ type: '', hall: null, tag: '', text: '' })}>
                      {t('clearFilters')}
                    </Button>
                  ) : undefined
                }
              >
                {events.data.length === 0 ? t('noneInRangeHint') : t('noneMatchHint')}
              </EmptyState>
            </Paper>
          ) : (
            groups.map((group) => {
              const heading =
                params.group === 'day'
                  ? capitalize(formatLongDay(group.first.start, locale))
                  : (productionTitle(group.first.productionId) ?? group.first.eventName);
              const headingId = `events-group-${group.key}`;
              return (
                <section key={group.key} aria-labelledby={headingId} data-testid="events-group">
                  <Group gap="sm" mb={4}>
                    <Title order={2} size="h4" id={headingId}>
                      {params.group === 'production' ? (
                        <Link to={`/productions/${group.first.productionId}`} className="foyer-heading-link">
                          {heading}
                        </Link>
                      ) : (
                        heading
                      )}
                    </Title>
                    <Text size="sm" c="dimmed">
                      ({formatNumber(group.events.length, locale)})
                    </Text>
                  </Group>
                  <EventsTable
                    events={group.events}
                    caption={heading}
                    columns={{
                      showDate: params.group === 'production',
                      showProduction: params.group === 'day',
                      showHall: true,
                    }}
                    hallName={hallName}
                    productionName={(event) => productionTitle(event.productionId)}
                  />
                </section>
              );
            })
          )}
        </Stack>
      )}
    </Stack>
  );
}
