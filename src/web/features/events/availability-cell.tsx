import { Skeleton, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { capacityBreakdown } from '../../lib/capacity';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eventsMessages } from './events-messages';
import { limitedEventDetail } from './limited-queries';

/** One event's availability in a table cell: the list endpoint has none, so each row asks for its detail. */
export function AvailabilityCell({ eventId }: { eventId: number }) {
  const t = useMessages(eventsMessages);
  const { locale } = useLocale();
  const detail = useQuery(limitedEventDetail(eventId));
  if (detail.isPending) return <Skeleton h={14} w={90} aria-hidden="true" />;
  const totals = detail.data ? capacityBreakdown(detail.data) : null;
  if (!totals)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Text size="sm" className="foyer-tabular" data-testid="availability-cell">
      {t('availableOfCapacity', {
        available: formatNumber(totals.available, locale),
        capacity: formatNumber(totals.capacity, locale),
      })}
    </Text>
  );
}
