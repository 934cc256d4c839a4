import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../components/page-states';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { useCan } from '../../lib/use-can';
import { customerNotesMessages } from './customer-notes-messages';
import { customerNotesQueries } from './customer-notes-queries';
import { FlagBadges } from './flag-badges';

/** How many of the latest notes the order page shows; the rest are on the customer page. */
const SHOWN_NOTES = 3;

/**
 * The order page's view of its customer's flags and latest notes (read only). Shows nothing for a customer
 * without any, or for a reader who may not see customers.
 */
export function OrderCustomerNotes({ customerId }: { customerId: number | null }) {
  const t = useMessages(customerNotesMessages);
  const { locale } = useLocale();
  const mayRead = useCan('customers:read', 'customers:lookup', 'sales:sell');
  const mayOpenCustomer = useCan('customers:read');
  const query = useQuery({
    ...customerNotesQueries.customer(customerId ?? 0),
    enabled: customerId !== null && mayRead,
  });
  if (customerId === null || !mayRead) return null;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton h={60} aria-busy="true" />;
  const { flags, notes } = query.data;
  if (flags.length === 0 && notes.length === 0) return null;
  return (
    <SectionCard title={t('orderNotesTitle')} id="order-customer-notes">
      <Stack gap="sm" data-testid="order-customer-notes">
        {flags.length > 0 ? <FlagBadges flags={flags} /> : null}
        {notes.slice(0, SHOWN_NOTES).map((note) => (
          <div key={note.id}>
            <Text size="sm" className="foyer-note-text">
              {note.text}
            </Text>
            <Text size="xs" c="dimmed">
              {t('noteBy', { author: note.author.name, time: formatDateTime(note.createdAt, locale) })}
            </Text>
          </div>
        ))}
        {mayOpenCustomer ? (
          <Group>
            <Anchor component={Link} to={`/customers/${customerId}`} size="sm">
              {notes.length > SHOWN_NOTES
                ? t('alertMoreNotes', { count: notes.length - SHOWN_NOTES })
                : t('toCustomer')}
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
