import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { BuyerSummary } from '@/contract/customer-search';
import type { LikelyDuplicate, LikelyDuplicatesDraft } from '@/contract/likely-duplicates';
import { READABLE_ALERT_TITLE } from '../../components/alert-styles';
import { useMessages } from '../../lib/i18n';
import { customerName } from '../../lib/schemas/customer';
import { customersMessages } from './customers-messages';
import { hasDraftEmail } from './likely-duplicates';

interface LikelyDuplicatesNoticeProps {
  matches: readonly LikelyDuplicate[];
  /** What the matches answer: one with its very email cannot be created. */
  draft: LikelyDuplicatesDraft;
  /** The picker's choice: take that customer instead (absent: a link opens them). */
  onUseExisting?: ((customer: BuyerSummary) => void) | undefined;
}

/**
 * "Is this customer already here?": the customers the one being typed may be, each with why, and a way to them.
 * Plain text and buttons on the tint: dimmed text and links fall below 4.5:1 on it (yellow, light and dark).
 * A warning, not a refusal: two people may share a phone or a name and zip, and the person creating knows.
 * Polite (a status, not an alert): it appears as someone types. The live region is there before its first
 * match, so that the match is announced; it lays out nothing (display: contents), or an empty box would add a
 * gap to the form.
 */
export function LikelyDuplicatesNotice({ matches, draft, onUseExisting }: LikelyDuplicatesNoticeProps) {
  const t = useMessages(customersMessages);
  // The service takes an email once: then "create them anyway" is not on offer (a walkthrough was told it was).
  const emailTaken = matches.some((match) => hasDraftEmail(match, draft));
  return (
    <div role="status" aria-live="polite" aria-atomic="true" style={{ display: 'contents' }}>
      {matches.length > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          styles={READABLE_ALERT_TITLE}
          title={t('likelyTitle')}
          data-testid="likely-duplicates"
        >
          <Stack gap="xs">
            {matches.map((match) => {
              const name = customerName(match) || match.email;
              return (
                <Group key={match.customerId} justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    <Text size="xs">
                      {[match.email, match.customerPhone, match.customerCity].filter(Boolean).join(' · ')}
                    </Text>
                    <Text size="xs">{match.reasons.map((reason) => t(`likelyReason:${reason}`)).join(', ')}</Text>
                  </div>
                  {onUseExisting ? (
                    <Button size="xs" variant="light" onClick={() => onUseExisting(match)}>
                      {t('useExisting', { name })}
                    </Button>
                  ) : (
                    <Button component={Link} to={`/customers/${match.customerId}`} size="xs" variant="default">
                      {t('openExisting', { name })}
                    </Button>
                  )}
                </Group>
              );
            })}
            <Text size="xs">{emailTaken ? t('likelyEmailTaken') : t('likelyHint')}</Text>
          </Stack>
        </Alert>
      ) : null}
    </div>
  );
}
