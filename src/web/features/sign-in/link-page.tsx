import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { type LinkPassword, linkInfoSchema } from '@/contract/links';
import { describeError } from '../../components/error-message';
import { IconKey } from '../../components/icons/passkey-icons';
import { IconAlert } from '../../components/icons/status-icons';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { browserLabel } from '../../lib/browser-label';
import { useMessages } from '../../lib/i18n';
import { passkeyProblem, usePasskeySupport } from '../../lib/passkeys';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { sessionKey, sessionSchema, startSession } from '../../lib/session';
import { AuthCard, OrSeparator } from './auth-card';
import { localAuthError } from './auth-server-messages';
import { NewPasswordFields, type NewPasswordValues, newPasswordShape, passwordsMatch } from './new-password-fields';
import { setUpPasskeyFromLink } from './passkey-sign-in';
import { signInMessages } from './sign-in-messages';

export const linkQuery = (token: string) => ({
  queryKey: ['links', token] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get(`/api/links/${encodeURIComponent(token)}`, { schema: linkInfoSchema, signal }),
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * `/welcome/<token>`: an invitation or a password reset an administrator handed over. The person sets their
 * password (or a passkey) and is signed in; the link then no longer works.
 */
export function LinkPage() {
  const { token = '' } = useParams();
  const t = useMessages(signInMessages);
  const app = useMessages(appMessages);
  const info = useQuery(linkQuery(token));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const schema = z
    .object(newPasswordShape({ tooShort: t('passwordTooShort', { min: 12 }), differ: t('passwordsDiffer') }))
    .refine(passwordsMatch, { path: ['repeat'], message: t('passwordsDiffer') });
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', repeat: '' },
  });

  const save = useMutation({
    mutationFn: (password: string) =>
      apiClient.post(`/api/links/${encodeURIComponent(token)}/password`, {
        schema: sessionSchema,
        body: { password } satisfies LinkPassword,
      }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey, startSession(session));
      void navigate('/', { replace: true });
    },
    onError: (error) => applyServerFieldErrors(localAuthError(error, t), ['password'], form.setError),
  });
  const passkeySupported = usePasskeySupport();
  const withPasskey = useMutation({
    // Named after this browser; the person can see and remove it on their account page.
    mutationFn: () => setUpPasskeyFromLink(token, browserLabel(navigator.userAgent)),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey, session);
      void navigate('/', { replace: true });
    },
  });
  const passkeyFailure = (error: unknown) => {
    const problem = passkeyProblem(error);
    if (problem === 'cancelled') return null;
    if (problem === 'exists') return t('passkeyExists');
    if (problem) return t('passkeyUnsupported');
    return isApiError(error) && error.kind === 'notFound'
      ? t('linkExpired')
      : describeError(localAuthError(error, t), app);
  };
  const passkeyError = withPasskey.isError ? passkeyFailure(withPasskey.error) : null;

  if (info.isPending) {
    return (
      <AuthCard title={t('welcomeTitle')}>
        <Stack align="center" py="md">
          <Loader size="sm" aria-label={t('linkLoading')} />
          <Text size="sm" c="dimmed">
            {t('linkLoading')}
          </Text>
        </Stack>
      </AuthCard>
    );
  }
  if (info.isError) {
    const expired = isApiError(info.error) && info.error.kind === 'notFound';
    return (
      <AuthCard title={t('welcomeTitle')}>
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {expired ? t('linkExpired') : describeError(info.error, app)}
        </Alert>
        <Button component={Link} to="/sign-in" variant="default">
          {t('toSignIn')}
        </Button>
      </AuthCard>
    );
  }

  const { kind, name, clientName, email } = info.data;
  const unplaced = save.isError && !(isApiError(save.error) && Object.keys(save.error.fieldErrors).length > 0);
  return (
    <AuthCard
      title={kind === 'invite' ? t('welcomeTitle') : t('resetTitle')}
      intro={t(kind === 'invite' ? 'welcomeIntro' : 'resetIntro', { name, client: clientName })}
    >
      <form onSubmit={form.handleSubmit((values) => save.mutate(values.password))} noValidate>
        <Stack gap="md">
          {unplaced ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {isApiError(save.error) && save.error.kind === 'notFound'
                ? t('linkExpired')
                : describeError(localAuthError(save.error, t), app)}
            </Alert>
          ) : null}
          {/* For the browser's password manager: the account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <NewPasswordFields register={form.register} errors={form.formState.errors} />
          <Button type="submit" size="md" fullWidth loading={save.isPending} disabled={withPasskey.isPending}>
            {t('savePassword')}
          </Button>
        </Stack>
      </form>
      {passkeySupported ? (
        <Stack gap="sm">
          <OrSeparator label={t('or')} />
          <Text size="sm" c="dimmed">
            {t('passkeyInsteadHint')}
          </Text>
          <Button
            variant="default"
            size="md"
            fullWidth
            leftSection={<IconKey />}
            loading={withPasskey.isPending}
            disabled={save.isPending}
            onClick={() => {
              if (!withPasskey.isPending) withPasskey.mutate();
            }}
          >
            {t('passkeyInstead')}
          </Button>
          {withPasskey.isError && !passkeyError ? (
            <Text size="sm" c="dimmed" role="status">
              {t('passkeyCancelledSetup')}
            </Text>
          ) : null}
          {passkeyError ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {passkeyError}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </AuthCard>
  );
}
