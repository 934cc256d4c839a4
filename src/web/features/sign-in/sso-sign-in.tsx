import { Alert, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { SsoProviders } from '@/contract/sso';
import { SSO_FAILURES, type SsoFailure } from '@/contract/sso-failures';
import { IconAlert } from '../../components/icons/status-icons';
import { apiClient } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n';
import type { Parser } from '../../lib/parser';
import { safeNextPath } from '../../lib/session';
import { OrSeparator } from './auth-card';
import { signInMessages } from './sign-in-messages';
import { ssoMessages } from './sso-messages';

/** Parsed by hand, as the session is: the sign-in page is the first load and needs no zod for this. */
const providersParser: Parser<SsoProviders> = {
  safeParse(data) {
    const list = (data as { providers?: unknown } | null)?.providers;
    if (!Array.isArray(list)) return { success: false, error: new TypeError('not a list of providers') };
    const providers = list.filter(
      (entry): entry is SsoProviders['providers'][number] =>
        typeof entry?.clientName === 'string' && typeof entry?.name === 'string',
    );
    return { success: true, data: { providers } };
  },
};

const isFailure = (value: string | null): value is SsoFailure =>
  value !== null && (SSO_FAILURES as readonly string[]).includes(value);

/**
 * "Sign in with <organisation's provider>": a plain link to the gateway, which sends the browser to the provider
 * and back (authorization code flow with PKCE). A sign-in that came back refused says why (`?sso=`).
 */
export function SsoSignIn() {
  const t = useMessages(ssoMessages);
  const signIn = useMessages(signInMessages);
  const [searchParams] = useSearchParams();
  const providers = useQuery({
    queryKey: ['sso', 'providers'],
    queryFn: ({ signal }) => apiClient.get('/api/sso/providers', { schema: providersParser, signal }),
    staleTime: 5 * 60 * 1000,
  });
  const failure = searchParams.get('sso');
  const next = safeNextPath(searchParams.get('next'));
  const list = providers.data?.providers ?? [];
  if (list.length === 0 && !isFailure(failure)) return null;
  return (
    <Stack gap="sm">
      {isFailure(failure) ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="sso-failure">
          {t(`failure:${failure}`)}
        </Alert>
      ) : null}
      {list.map((provider) => (
        <Button
          key={provider.clientName}
          component="a"
          href={`/api/sso/start/${encodeURIComponent(provider.clientName)}?next=${encodeURIComponent(next)}`}
          variant="default"
          size="md"
          fullWidth
          className="foyer-wrap-button"
        >
          {t('signInWith', { name: provider.name })}
        </Button>
      ))}
      {list.length > 0 ? <OrSeparator label={signIn('or')} /> : null}
    </Stack>
  );
}
