import { Alert, Button, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { BuyerClearance } from './buyer-clearance';
import { customerNotesMessages } from './customer-notes-messages';
import { FlagBadges } from './flag-badges';
import { loudest } from './flag-label';

// Light alerts' title text must read on their tint: orange's does not, so caution takes blue (its badge says caution).
const ALERT_COLOR = { info: 'blue', caution: 'blue', stop: 'red' } as const;

/**
 * The box office's alert on the buyer just picked, before checkout: their flags and latest note, and — for a
 * stop flag — the confirmation the sale waits for. Nothing shows for a buyer without flags or notes.
 */
export function BuyerAlert({ clearance }: { clearance: BuyerClearance }) {
  const t = useMessages(customerNotesMessages);
  const { locale } = useLocale();
  if (clearance.customerId === null) return null;
  if (clearance.error) {
    return (
      <Text size="sm" c="dimmed" mt="xs" data-testid="buyer-notes-failed">
        {t('notesFailed')}
      </Text>
    );
  }
  const notes = clearance.notes;
  if (!notes) {
    return clearance.loading ? (
      <Text size="sm" c="dimmed" mt="xs" aria-live="polite">
        {t('notesLoading')}
      </Text>
    ) : null;
  }
  if (notes.flags.length === 0 && notes.notes.length === 0) return null;
  const [latest, ...older] = notes.notes;
  const severity = loudest(notes.flags) ?? 'info';
  return (
    <Alert
      role="alert"
      mt="sm"
      color={ALERT_COLOR[severity]}
      variant="light"
      title={t('alertTitle')}
      data-testid="buyer-alert"
      data-severity={severity}
    >
      <Stack gap="xs">
        {notes.flags.length > 0 ? <FlagBadges flags={notes.flags} /> : null}
        {latest ? (
          <div>
            <Text size="xs" fw={600}>
              {t('alertLatestNote')} ·{' '}
              {t('noteBy', { author: latest.author.name, time: formatDateTime(latest.createdAt, locale) })}
            </Text>
            <Text size="sm" className="foyer-note-text" lineClamp={4} data-testid="buyer-alert-note">
              {latest.text}
            </Text>
            {older.length > 0 ? (
              <Text size="xs" c="dimmed">
                {t('alertMoreNotes', { count: older.length })}
              </Text>
            ) : null}
          </div>
        ) : null}
        {clearance.needsConfirmation ? (
          <Stack gap={6} align="flex-start">
            <Text size="sm" fw={600}>
              {t('stopNeedsConfirm')}
            </Text>
            <Button color="red" size="xs" onClick={clearance.confirm} data-testid="confirm-sale">
              {t('confirmSale')}
            </Button>
          </Stack>
        ) : clearance.confirmed ? (
          <Text size="sm" fw={600} data-testid="sale-confirmed">
            {t('saleConfirmed')}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
