import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { endedSessionsSchema } from '@/contract/account';
import '@mantine/core/styles/Badge.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '@/contract/account';
import { describeError } from '../../components/error-message';
import { apiClient, ignoredAnswer } from '../../lib/api-client';
import { appMessages } from '../../lib/app-messages';
import { browserLabel } from '../../lib/browser-label';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { accountMessages } from './account-messages';
import { accountKeys } from './account-queries';
import { AccountSection } from './account-section';

const methodKeys = {
  password: 'methodPassword',
  'password+totp': 'methodPassword+totp',
  passkey: 'methodPasskey',
  invitation: 'methodInvitation',
  reset: 'methodReset',
  setup: 'methodSetup',
} as const;

/** The person's live sessions (this browser first), each with a way to end it. */
export function SessionsSection({ sessions }: { sessions: AccountSession[] }) {
  const t = useMessages(accountMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
  const endOne = useMutation({
    mutationFn: (ref: string) => apiClient.delete(`/api/account/sessions/${ref}`, { schema: ignoredAnswer }),
    onSettled: invalidate,
  });
  const endOthers = useMutation({
    mutationFn: () => apiClient.post('/api/account/sessions/end-others', { schema: endedSessionsSchema, body: {} }),
    onSettled: invalidate,
  });
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const failure = endOne.error ?? endOthers.error;
  return (
    <AccountSection title={t('sessionsTitle')} testId="account-sessions">
      <Text size="sm" c="dimmed">
        {t('sessionsIntro')}
      </Text>
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(failure, app)}
        </Alert>
      ) : null}
      {endOthers.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          {t('sessionsEnded', { count: endOthers.data.endedSessions })}
        </Alert>
      ) : null}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {ordered.map((session) => {
          const method = methodKeys[session.method as keyof typeof methodKeys];
          return (
            <Group key={session.ref} component="li" justify="space-between" wrap="nowrap" data-testid="account-session">
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  <Text fw={600}>{session.userAgent ? browserLabel(session.userAgent) : t('unknownBrowser')}</Text>
                  {session.current ? (
                    // "dot", as elsewhere in the app: the text keeps the body colour (full contrast in both schemes).
                    <Badge variant="dot" color="green" tt="none">
                      {t('sessionThis')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('sessionSince', {
                    since: formatDateTime(session.createdAt, locale),
                    method: method ? t(method) : session.method,
                  })}
                  {session.address ? ` · ${session.address}` : ''}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('sessionLastSeen', { when: formatDateTime(session.lastSeenAt, locale) })}
                </Text>
              </Stack>
              {session.current ? null : (
                <Button
                  variant="default"
                  size="xs"
                  // Never narrowed by a long browser name beside it: it read "Beëindi…" on a phone and at 768 px.
                  style={{ flexShrink: 0 }}
                  onClick={() => endOne.mutate(session.ref)}
                  loading={endOne.isPending && endOne.variables === session.ref}
                >
                  {t('sessionEnd')}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      {sessions.length > 1 ? (
        <Group>
          <Button variant="default" color="red" onClick={() => endOthers.mutate()} loading={endOthers.isPending}>
            {t('sessionEndOthers')}
          </Button>
        </Group>
      ) : null}
    </AccountSection>
  );
}
