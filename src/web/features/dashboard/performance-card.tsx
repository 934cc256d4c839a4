import { Badge, Card, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import { Link } from 'react-router';
import { capacityBreakdown } from '../../lib/capacity';
import { EVENT_TYPES } from '../../lib/event-type';
import { formatLongDay, formatNumber, formatPercent, formatTime } from '../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { useCan } from '../../lib/use-can';
import { dashboardMessages } from './dashboard-messages';

export type AvailabilityState =
  | { status: 'notLoaded' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; event: PartnerEvent };

/** "maandag 23 november" → "Maandag 23 november": a capital to start the line, the month as Dutch writes it. */
const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Fixed height for the availability part, whatever its state: nothing jumps when the figures arrive. */
/** The bar and two lines (the blocked seats' too): every card of a row as tall, loading or loaded. */
const AVAILABILITY_HEIGHT = 62;

function occupancyColor(fraction: number): string {
  if (fraction >= 0.95) return 'red';
  if (fraction >= 0.75) return 'orange';
  return 'teal';
}

/**
 * `soldOnly`: a combi, whose capacity is a number set to let it sell (its performances hold the seats): how many
 * were sold, no bar or share of it (a walkthrough read "0 %" of 99,999).
 */
function Availability({ state, soldOnly }: { state: AvailabilityState; soldOnly: boolean }) {
  const t = useMessages(dashboardMessages);
  const { locale } = useLocale();
  if (state.status === 'loading') {
    return (
      <Stack gap={8} h={AVAILABILITY_HEIGHT} justify="center" aria-hidden="true">
        <Skeleton h={8} radius="xl" />
        <Skeleton h={12} w="60%" />
      </Stack>
    );
  }
  if (state.status !== 'loaded') {
    return (
      <Text size="xs" c="dimmed" h={AVAILABILITY_HEIGHT} style={{ display: 'flex', alignItems: 'center' }}>
        {state.status === 'error' ? t('availabilityFailed') : t('availabilityOnEventPage')}
      </Text>
    );
  }
  // Sold is what is neither available nor blocked (blocked seats are not sales).
  const totals = capacityBreakdown(state.event);
  if (!totals || totals.capacity === 0) {
    return (
      <Text size="xs" c="dimmed" h={AVAILABILITY_HEIGHT} style={{ display: 'flex', alignItems: 'center' }}>
        {t('availabilityUnknown')}
      </Text>
    );
  }
  if (soldOnly) {
    return (
      <Text
        size="xs"
        className="foyer-tabular"
        h={AVAILABILITY_HEIGHT}
        style={{ display: 'flex', alignItems: 'center' }}
        data-testid="sold-count"
        title={t('takenHint')}
      >
        {t('soldOnly', { sold: formatNumber(totals.sold, locale) })}
      </Text>
    );
  }
  const fraction = totals.sold / totals.capacity;
  return (
    <Stack gap={6} h={AVAILABILITY_HEIGHT} justify="center">
      <Progress
        value={Math.min(100, fraction * 100)}
        color={occupancyColor(fraction)}
        size="md"
        radius="xl"
        // The figures below say the same in words; the bar is for the eye.
        aria-hidden="true"
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" className="foyer-tabular" data-testid="sold-of-capacity" title={t('takenHint')}>
          {t('soldOfCapacity', {
            sold: formatNumber(totals.sold, locale),
            capacity: formatNumber(totals.capacity, locale),
          })}
          {` · ${formatPercent(fraction, locale)}`}
        </Text>
        <Text size="xs" c={totals.available === 0 ? 'red.8' : 'dimmed'} fw={totals.available === 0 ? 700 : undefined}>
          {totals.available === 0
            ? t('soldOut')
            : t('available', { available: formatNumber(totals.available, locale) })}
        </Text>
      </Group>
      {/* Blocked seats are neither sold nor free: named, or sold and free do not add up to the capacity. */}
      {totals.blocked > 0 ? (
        <Text
          size="xs"
          c="dimmed"
          lineClamp={1}
          title={totals.blocks.map((block) => `${block.blockName} ${formatNumber(block.count, locale)}`).join(', ')}
          data-testid="blocked-seats"
        >
          {t('blocked', { blocked: formatNumber(totals.blocked, locale) })}
        </Text>
      ) : null}
    </Stack>
  );
}

export function PerformanceCard({
  event,
  hallName,
  availability,
  showDay,
}: {
  event: PartnerEvent;
  hallName: string;
  availability: AvailabilityState;
  showDay: boolean;
}) {
  const { locale } = useLocale();
  const localized = useLocalized();
  const type = event.eventType ? EVENT_TYPES[event.eventType] : undefined;
  // The card opens the event page; for a role that sees the dashboard but not the events (reports only), it is
  // a plain card.
  const mayOpen = useCan('events:read');
  const body = (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {showDay ? `${capitalize(formatLongDay(event.start, locale))} · ` : ''}
            <time dateTime={event.start}>{formatTime(event.start, locale)}</time>
          </Text>
          {/* Two lines: one cut "Diner & Theater…" off before the show's name. */}
          <Text fw={650} lineClamp={2} title={event.eventName}>
            {event.eventName}
          </Text>
          {/* A no-break space holds the line while the hall names load: the card keeps its height. */}
          <Text size="sm" c="dimmed" lineClamp={1}>
            {hallName || '\u00a0'}
          </Text>
        </Stack>
        {type && event.eventType !== 'event' ? (
          // The tint tells the types apart; the text keeps the page's colour: orange (combi) or yellow (horeca)
          // text on its light tint falls short of WCAG AA, as on the events list (event-parts.tsx).
          <Badge
            variant="light"
            color={type.color}
            c="var(--mantine-color-text)"
            size="sm"
            // Whole beside a long name: it was cut to "CO…".
            style={{ flexShrink: 0 }}
          >
            {localized(type.label)}
          </Badge>
        ) : null}
      </Group>
      <Availability state={availability} soldOnly={event.eventType === 'combi'} />
    </Stack>
  );
  return mayOpen ? (
    <Card
      component={Link}
      to={`/events/${event.eventId}`}
      withBorder
      radius="md"
      padding="md"
      className="foyer-performance-card"
      data-testid="performance-card"
    >
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="md" className="foyer-performance-card" data-testid="performance-card">
      {body}
    </Card>
  );
}

/** A card's outline while the list loads: the same size as the real card, so nothing shifts. */
export function PerformanceCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden="true">
      <Stack gap="sm">
        <Stack gap={6}>
          <Skeleton h={12} w="35%" />
          <Skeleton h={18} w="75%" />
          <Skeleton h={14} w="45%" />
        </Stack>
        <Stack gap={8} h={AVAILABILITY_HEIGHT} justify="center">
          <Skeleton h={8} radius="xl" />
          <Skeleton h={12} w="60%" />
        </Stack>
      </Stack>
    </Card>
  );
}
