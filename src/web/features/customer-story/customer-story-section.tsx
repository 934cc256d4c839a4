import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Timeline.css';
import { useIntersection } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CustomField } from '@/contract/custom-fields';
import { STORY_KINDS, type StoryItem, type StoryKind, type StoryTotals, storyKindOf } from '@/contract/customer-story';
import { EmptyState, ErrorState } from '../../components/page-states';
import { SectionCard } from '../../components/section-card';
import { formatDate, formatDateTime, formatMoney, formatNumber, type Locale } from '../../lib/format';
import { formatRelativeTime } from '../../lib/format-extra';
import { type Localized, useLocale, useLocalized, useMessages } from '../../lib/i18n';
import { ORDER_CHANNELS } from '../../lib/order-channels';
import { useCan } from '../../lib/use-can';
import { WAITING_TYPES } from '../../lib/waiting-types';
import { useCustomFieldLabels } from '../custom-fields/public';
import { useFlagLabels } from '../customer-notes/public';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../orders/public-status';
import { customerStoryMessages } from './customer-story-messages';
import { customerStoryQueries, kindsOf } from './customer-story-queries';
import { StoryIcon } from './story-icons';

/** The URL parameter that keeps the story's filter (kinds, comma-separated). */
const KINDS_PARAM = 'story';

/**
 * The customer page's story: the customer's figures, then the timeline of everything the gateway knows of them,
 * newest first, loading older items as it is scrolled (or on the button); filtered by kind, kept in the URL.
 */
export function CustomerStorySection({ customerId }: { customerId: number }) {
  const t = useMessages(customerStoryMessages);
  // The custom fields by the names the organisation gave them, once for every entry.
  const customLabels = useCustomFieldLabels(useCallback((n: number) => t('fieldCustom', { n }), [t]));
  const [params, setParams] = useSearchParams();
  const kinds = kindsOf(params.get(KINDS_PARAM));
  const query = useInfiniteQuery(customerStoryQueries.story(customerId, kinds));
  const { ref, entry } = useIntersection({ rootMargin: '200px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const nearEnd = entry?.isIntersecting ?? false;
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const chooseKinds = (chosen: readonly StoryKind[]) => {
    const next = new URLSearchParams(params);
    const all = chosen.length === 0 || chosen.length === STORY_KINDS.length;
    if (all) next.delete(KINDS_PARAM);
    else next.set(KINDS_PARAM, chosen.join(','));
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const totals = query.data?.pages[0]?.totals ?? null;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <SectionCard title={t('title')} id="customer-story">
      <Stack gap="md" data-testid="customer-story">
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {query.isError && !query.data ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
        {totals ? <Totals totals={totals} /> : query.isPending ? <Skeleton h={72} /> : null}
        {/* Toggle buttons (aria-pressed), not checkboxes: a filter of what is shown, not a value of the customer. */}
        <Group gap="xs" role="group" aria-label={t('filterLabel')} data-testid="story-filter">
          {STORY_KINDS.map((kind) => {
            const shown = kinds.includes(kind);
            return (
              <Button
                key={kind}
                size="compact-sm"
                radius="xl"
                variant={shown ? 'light' : 'default'}
                aria-pressed={shown}
                onClick={() => chooseKinds(shown ? kinds.filter((each) => each !== kind) : [...kinds, kind])}
              >
                {t(`kind:${kind}`)}
              </Button>
            );
          })}
        </Group>
        {query.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton h={48} />
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        ) : items.length === 0 && !query.isError ? (
          <EmptyState title={t('empty')}>{kinds.length < STORY_KINDS.length ? t('emptyFiltered') : null}</EmptyState>
        ) : (
          <Timeline bulletSize={28} lineWidth={2} data-testid="story-timeline">
            {items.map((item) => (
              <Timeline.Item
                key={item.key}
                bullet={<StoryIcon kind={storyKindOf(item)} size={16} />}
                data-kind={item.kind}
              >
                <StoryEntry item={item} customLabels={customLabels} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        {query.isFetchNextPageError ? (
          <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />
        ) : null}
        <div ref={ref}>
          {hasNextPage ? (
            <Button variant="default" size="xs" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
              {t('loadMore')}
            </Button>
          ) : items.length > 0 ? (
            <Text size="xs" c="dimmed" ta="center">
              {t('end')}
            </Text>
          ) : null}
        </div>
      </Stack>
    </SectionCard>
  );
}

function Totals({ totals }: { totals: StoryTotals }) {
  const t = useMessages(customerStoryMessages);
  const { locale } = useLocale();
  const day = (value: string | null) => (value ? formatDate(value, locale) : t('never'));
  const figures: [string, string][] = [
    [t('totalOrders'), formatNumber(totals.orders, locale)],
    [t('totalTickets'), formatNumber(totals.tickets, locale)],
    [t('totalAmount'), formatMoney(totals.amountCents / 100, locale)],
    [t('firstPurchase'), day(totals.firstPurchaseAt)],
    [t('lastPurchase'), day(totals.lastPurchaseAt)],
  ];
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" component="dl" m={0} data-testid="story-totals">
        {figures.map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="sm">
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={700} size="lg" className="foyer-tabular">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('totalsNote')}
      </Text>
    </Stack>
  );
}

/** When an item happened: how long ago, and the moment itself for the screen reader and on hover. */
function When({ at }: { at: string }) {
  const { locale } = useLocale();
  return (
    <Text size="xs" c="dimmed" component="span">
      <time dateTime={at} title={formatDateTime(at, locale)}>
        {formatRelativeTime(at, locale)} · {formatDateTime(at, locale)}
      </time>
    </Text>
  );
}

/** A field's old or new value as the customer page shows it: the credit as money ("12.50 → -5.00" read raw). */
function valueText(field: string, value: unknown, empty: string, locale: Locale): string {
  if (value === null || value === undefined || value === '') return empty;
  if (field === 'customerCredit' && Number.isFinite(Number(value))) return formatMoney(Number(value), locale);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A waiting-list entry's type in words; a type the app does not know, as sent. */
function waitingTypeLabel(type: string, localized: (text: Localized) => string): string {
  const known = WAITING_TYPES[type];
  return known ? localized(known.label) : type;
}

function StoryEntry({ item, customLabels }: { item: StoryItem; customLabels: Record<CustomField, string> }) {
  const t = useMessages(customerStoryMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const mayOpenOrders = useCan('orders:read');
  const flagLabel = useFlagLabels();
  const by = (person: { name: string | null; email: string | null } | null) => {
    const name = person?.name ?? person?.email;
    return name ? t('byPerson', { person: name }) : t('byUnknown');
  };
  const fieldList = (fields: readonly string[]) => fields.map((field) => fieldName(field, t, customLabels)).join(', ');
  const eventName = (event: { eventId: number; name: string | null }) =>
    event.name ?? t('unknownEvent', { id: event.eventId });
  const title = (text: string, kind: StoryKind) => (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Text fw={600} size="sm" component="h3" m={0} data-kind-title={kind}>
        {text}
      </Text>
      <When at={item.at} />
    </Group>
  );

  // "Besteld", "Geannuleerd" as the orders' pages say them, not the service's "ord", "cancel".
  const orderStatusLabel = (status: string) => {
    const info = ORDER_STATUSES[status];
    return info ? localized(info.label) : status;
  };
  const paymentStatusLabel = (status: string) => {
    const info = PAYMENT_STATUSES[status];
    return info ? localized(info.label) : status;
  };

  switch (item.kind) {
    case 'order': {
      return (
        <Stack gap={2} data-testid="story-order" data-order-id={item.orderId}>
          {title(t('orderTitle', { id: item.orderId }), item.kind)}
          <Text size="sm">
            {t('orderSummary', {
              channel: ORDER_CHANNELS[item.channel]
                ? localized(ORDER_CHANNELS[item.channel] as Localized)
                : item.channel,
              status: orderStatusLabel(item.orderStatus),
              amount: formatMoney(item.amountCents / 100, locale),
            })}
            {/* Not paid (yet): said, as it keeps the order out of the figures above. */}
            {item.paymentStatus !== 'paid' ? ` · ${paymentStatusLabel(item.paymentStatus)}` : ''} ·{' '}
            {t('tickets', { count: item.seats.length })}
          </Text>
          {item.seats.length > 0 ? (
            <Text component="ul" size="sm" c="dimmed" m={0} pl="md">
              {seatLines(item.seats, (seat) =>
                seat.rowNr === 0 && seat.seatNr === 0
                  ? t('seatLineGa', { event: eventName(seat.event), rank: seat.rank ?? t('unknownRank') })
                  : t('seatLine', {
                      event: eventName(seat.event),
                      rank: seat.rank ?? t('unknownRank'),
                      row: seat.rowNr,
                      seat: seat.seatNr,
                    }),
              ).map(([text, count]) => (
                <li key={text}>{count > 1 ? `${text} ×${count}` : text}</li>
              ))}
            </Text>
          ) : null}
          {mayOpenOrders ? (
            <Anchor component={Link} to={`/orders/${item.orderId}`} size="xs">
              {t('orderTitle', { id: item.orderId })}
            </Anchor>
          ) : null}
        </Stack>
      );
    }
    case 'waiting-list':
      return (
        <Stack gap={2}>
          {title(t('waitingTitle', { event: eventName(item.event) }), item.kind)}
          <Text size="sm">
            {t('waitingSummary', {
              tickets: t('tickets', { count: item.numberOfTickets }),
              type: waitingTypeLabel(item.type, localized),
            })}
            {item.notifiedAt ? ` · ${t('notifiedAt', { time: formatDateTime(item.notifiedAt, locale) })}` : ''}
          </Text>
        </Stack>
      );
    case 'edit':
      return (
        <Stack gap={2}>
          {title(`${t('editTitle')} ${by(item.person)}`, item.kind)}
          {item.erased ? <Erased /> : null}
          <Text component="ul" size="sm" m={0} pl="md">
            {item.changes.map((change) => (
              <li key={change.field}>
                {fieldName(change.field, t, customLabels)}:{' '}
                {valueText(change.field, change.old, t('emptyValue'), locale)} →{' '}
                {valueText(change.field, change.new, t('emptyValue'), locale)}
              </li>
            ))}
          </Text>
        </Stack>
      );
    case 'tags':
    case 'flags': {
      const name = (value: string | number) => (typeof value === 'number' ? (flagLabel(value) ?? `#${value}`) : value);
      const added = (item.added as (string | number)[]).map(name);
      const removed = (item.removed as (string | number)[]).map(name);
      // A segment's automatic tag is told as the segment's doing, with who set it up beneath.
      const automatic = item.kind === 'tags' ? item.automatic : null;
      const who = automatic
        ? t('bySegment', { segment: automatic.segmentName || `#${automatic.segmentId}` })
        : by(item.person);
      return (
        <Stack gap={2}>
          {title(`${item.kind === 'tags' ? t('tagsTitle') : t('flagsTitle')} ${who}`, item.kind)}
          {item.erased ? <Erased /> : null}
          {automatic ? (
            <Text size="xs" c="dimmed" data-testid="story-auto-tag">
              {t('autoTagSetBy', { person: item.person?.name ?? item.person?.email ?? '—' })} ·{' '}
              <Anchor component={Link} to={`/customers/segments/${automatic.segmentId}`} size="xs">
                {t('openSegment')}
              </Anchor>
            </Text>
          ) : null}
          {added.length > 0 ? (
            <Text size="sm">
              + {t('added')}: {added.join(', ')}
            </Text>
          ) : null}
          {removed.length > 0 ? (
            <Text size="sm">
              − {t('removed')}: {removed.join(', ')}
            </Text>
          ) : null}
        </Stack>
      );
    }
    case 'anonymised':
      return (
        <Stack gap={2} data-testid="story-anonymised">
          {title(`${t('anonymisedTitle')} ${by(item.person)}`, 'edit')}
          {item.fieldsCleared.length > 0 ? (
            <Text size="sm">
              {t('anonymisedCleared', {
                fields: fieldList(item.fieldsCleared),
              })}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('anonymisedCounts', { tags: item.tagsRemoved, notes: item.notesDeleted })}
          </Text>
        </Stack>
      );
    case 'merged':
      return (
        <Stack gap={2} data-testid="story-merged">
          {title(
            `${t(item.kept ? 'mergedKeptTitle' : 'mergedAwayTitle', { id: item.otherCustomerId })} ${by(item.person)}`,
            'edit',
          )}
          {item.copiedFields.length > 0 ? (
            <Text size="sm">
              {t('mergedCopied', {
                fields: fieldList(item.copiedFields),
              })}
            </Text>
          ) : null}
          {item.addedTags.length > 0 ? (
            <Text size="sm">{t('mergedTags', { tags: item.addedTags.join(', ') })}</Text>
          ) : null}
          <Anchor component={Link} to={`/customers/${item.otherCustomerId}`} size="xs">
            {t('openCustomer', { id: item.otherCustomerId })}
          </Anchor>
        </Stack>
      );
    case 'note':
      return (
        <Stack gap={2}>
          {title(`${t('noteTitle')} ${t('byPerson', { person: item.author })}`, item.kind)}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.text}
          </Text>
          {item.editedAt ? (
            <Text size="xs" c="dimmed">
              {t('edited')} {formatDateTime(item.editedAt, locale)}
            </Text>
          ) : null}
        </Stack>
      );
  }
}

/** In place of what an item changed, once the customer was anonymised (the contract's `erased`). */
function Erased() {
  const t = useMessages(customerStoryMessages);
  return (
    <Text size="sm" c="dimmed" fs="italic" data-testid="story-erased">
      {t('erasedDetails')}
    </Text>
  );
}

/** The seats as lines of text, alike ones (general admission) counted once with their number. */
function seatLines<Seat>(seats: readonly Seat[], text: (seat: Seat) => string): [string, number][] {
  const counted = new Map<string, number>();
  for (const seat of seats) {
    const line = text(seat);
    counted.set(line, (counted.get(line) ?? 0) + 1);
  }
  return [...counted];
}

type StoryMessage = keyof typeof customerStoryMessages.en;

/** A customer field's name in the reader's language; the field's own name when it has none. */
function fieldName(field: string, t: (key: StoryMessage) => string, custom: Record<CustomField, string>): string {
  if (field in custom) return custom[field as CustomField];
  const key = `field_${field}`;
  return key in customerStoryMessages.en ? t(key as StoryMessage) : field;
}
