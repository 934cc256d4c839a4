import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { readPage } from '../../components/data-table/use-table-page';
import { formatDate, formatDateTime, formatNumber, formatTime } from '../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import { performanceLabel, sortByStart } from '../../lib/performance-label';
import { eventQueries } from '../../lib/queries/event-queries';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { useCan } from '../../lib/use-can';
import { WAITING_TYPES } from '../../lib/waiting-types';
import { exportsMessages } from './exports-messages';
import { filterWaitingList, readWaitingListParams, typesOf, writeWaitingListParams } from './waiting-list-params';
import { waitingListQueries } from './waiting-list-queries';
import { customerName, type WaitingEntry } from './waiting-list-schema';
import { WaitingTypeBadge } from './waiting-type-badge';

const PAGE_SIZE = 100;
const KNOWN_TYPES = Object.keys(WAITING_TYPES);

/**
 * The waiting list (spec 2.12) as a table: who waits for which performance, how many tickets, and where the
 * entry stands. Filters (type, event) and the page live in the URL.
 */
export function WaitingListPage() {
  const t = useMessages(exportsMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readWaitingListParams(search), [search]);
  const page = readPage(search.get('page'));
  const entries = useQuery(waitingListQueries.entries());
  const events = useQuery(eventQueries.everyDate());

  const eventsById = useMemo(() => new Map((events.data ?? []).map((event) => [event.eventId, event])), [events.data]);
  const visible = useMemo(() => filterWaitingList(entries.data ?? [], params), [entries.data, params]);
  const pageRows = useMemo(
    () => (entries.data ? visible.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : undefined),
    [entries.data, visible, page],
  );
  const types = useMemo(() => {
    const present = typesOf(entries.data ?? [], KNOWN_TYPES);
    return params.type && !present.includes(params.type) ? [...present, params.type] : present;
  }, [entries.data, params.type]);
  const eventOptions = useMemo(() => {
    const ids = [...new Set((entries.data ?? []).map((entry) => entry.eventId))];
    if (params.eventId !== null && !ids.includes(params.eventId)) ids.push(params.eventId);
    return sortByStart(ids, eventsById).map((id) => {
      const event = eventsById.get(id);
      return { value: String(id), label: event ? performanceLabel(event, locale) : t('eventFallback', { id }) };
    });
  }, [entries.data, eventsById, params.eventId, locale, t]);

  const filtered = Boolean(params.type || params.eventId !== null);
  const update = (change: Partial<typeof params>) =>
    setSearch((current) => writeWaitingListParams(current, { ...params, ...change }), { replace: true });
  const clear = () => update({ type: '', eventId: null });
  const tickets = visible.reduce((sum, entry) => sum + entry.numberOfTickets, 0);

  const columns = useMemo<DataTableColumn<WaitingEntry>[]>(
    () => [
      {
        id: 'customer',
        header: t('columnCustomer'),
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {customerName(row.original.user) || `#${row.original.customerId}`}
            </Text>
            {row.original.user?.email ? (
              <Text size="xs" c="dimmed">
                {row.original.user.email}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'event',
        header: t('columnEvent'),
        cell: ({ row }) => <EventCell event={eventsById.get(row.original.eventId)} eventId={row.original.eventId} />,
      },
      {
        id: 'tickets',
        header: t('columnTickets'),
        cell: ({ row }) => <span className="foyer-tabular">{formatNumber(row.original.numberOfTickets, locale)}</span>,
      },
      {
        id: 'type',
        header: t('columnType'),
        cell: ({ row }) => <WaitingTypeBadge type={row.original.type} />,
      },
      {
        id: 'created',
        header: t('columnCreated'),
        cell: ({ row }) => (
          <time dateTime={row.original.createdAt} className="foyer-tabular" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.original.createdAt, locale)}
          </time>
        ),
      },
      {
        id: 'notified',
        header: t('columnNotified'),
        cell: ({ row }) =>
          row.original.notifiedAt ? (
            <time dateTime={row.original.notifiedAt} className="foyer-tabular" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(row.original.notifiedAt, locale)}
            </time>
          ) : (
            <Text size="sm" c="dimmed" component="span">
              —
            </Text>
          ),
      },
    ],
    [t, locale, eventsById],
  );

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('waitingTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('waitingIntro')}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          {/* The service's export takes no event or kind: the file holds every sign-up, whatever is filtered here
              (a filtered list's "Exporteren" led to an export of 1,169 without a word). */}
          <Button component={Link} to="/exports?kind=waitinglist" variant="light" size="sm">
            {t('toExportsWhole')}
          </Button>
          {filtered ? (
            <Text size="xs" c="dimmed" maw={320} ta="right" data-testid="export-whole-note">
              {t('exportWholeNote')}
            </Text>
          ) : null}
        </Stack>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('filterType')}
              value={params.type}
              onChange={(event) => update({ type: event.currentTarget.value })}
              data={[
                { value: '', label: t('all') },
                ...types.map((type) => ({
                  value: type,
                  label: WAITING_TYPES[type] ? localized(WAITING_TYPES[type].label) : type,
                })),
              ]}
            />
            <NativeSelect
              label={t('filterEvent')}
              value={params.eventId === null ? '' : String(params.eventId)}
              onChange={(event) => {
                const value = Number(event.currentTarget.value);
                update({ eventId: value > 0 ? value : null });
              }}
              data={[{ value: '', label: t('all') }, ...eventOptions]}
              maw={420}
            />
            {filtered ? (
              <Button variant="subtle" onClick={clear}>
                {t('clearFilters')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {KNOWN_TYPES.map((type) => {
              const known = WAITING_TYPES[type];
              return known ? `${localized(known.label)}: ${localized(known.meaning).toLocaleLowerCase(locale)}` : '';
            }).join(' · ')}
          </Text>
        </Stack>
      </Paper>

      {entries.data ? (
        <Text size="sm" c="dimmed" role="status" data-testid="waiting-count">
          {t('waitingCount', {
            count: formatNumber(visible.length, locale),
            total: formatNumber(entries.data.length, locale),
            tickets: formatNumber(tickets, locale),
          })}
        </Text>
      ) : null}

      <DataTable
        label={t('tableLabel')}
        columns={columns}
        data={pageRows}
        rowCount={entries.data ? visible.length : undefined}
        pageSize={PAGE_SIZE}
        query={entries}
        onRetry={() => void entries.refetch()}
        getRowId={(row) => String(row.waitingId)}
        emptyTitle={filtered ? t('noneMatchTitle') : t('noneTitle')}
        emptyText={
          filtered ? (
            <>
              {t('noneMatchText')}{' '}
              <Anchor component="button" type="button" size="sm" onClick={clear}>
                {t('clearFilters')}
              </Anchor>
            </>
          ) : (
            t('noneText')
          )
        }
      />
    </Stack>
  );
}

function EventCell({ event, eventId }: { event: PartnerEvent | undefined; eventId: number }) {
  const t = useMessages(exportsMessages);
  const { locale } = useLocale();
  const mayOpen = useCan('events:read');
  return (
    <Stack gap={0}>
      {mayOpen ? (
        <Anchor component={Link} to={`/events/${eventId}`} size="sm" fw={600}>
          {event?.eventName ?? t('eventFallback', { id: eventId })}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {event?.eventName ?? t('eventFallback', { id: eventId })}
        </Text>
      )}
      {event ? (
        <Text size="xs" c="dimmed" className="foyer-tabular">
          <time dateTime={event.start}>
            {formatDate(event.start, locale)} {formatTime(event.start, locale)}
          </time>
        </Text>
      ) : null}
    </Stack>
  );
}
