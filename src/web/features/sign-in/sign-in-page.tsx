import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { TotpChallenge } from '@/contract/staff';
import { IconKey } from '../../components/icons/passkey-icons';
import { IconAlert } from '../../components/icons/status-icons';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { passkeyProblem, preloadPasskeys, usePasskeySupport } from '../../lib/passkeys';
import { type Session, safeNextPath, sessionKey } from '../../lib/session';
import { useIsStaticRender } from '../../lib/static-render';
import { AuthCard, OrSeparator } from './auth-card';
import { localFieldError } from './auth-server-messages';
import { signInWithPasskey } from './passkey-sign-in';
import { signIn, signInWithTotp } from './password-sign-in';
import { signInFailure } from './sign-in-failure';
import { signInMessages } from './sign-in-messages';
import { SsoSignIn } from './sso-sign-in';

/**
 * Sign-in with email and password, then — when the account has two-step sign-in — the code from the
 * person's authenticator app. The password field is offered to the browser's password manager. Or with a
 * passkey alone: the browser offers the person's passkeys for this site, and no email is typed.
 */
export function SignInPage() {
  const t = useMessages(signInMessages);
  const app = useMessages(appMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<TotpChallenge | null>(null);
  const [code, setCode] = useState('');
  const errorId = useId();

  const enter = (session: Session) => {
    setPassword('');
    queryClient.setQueryData(sessionKey, session);
    void navigate(safeNextPath(searchParams.get('next')), { replace: true });
  };

  const passwordStep = useMutation({
    mutationFn: (input: { email: string; password: string }) => signIn(input.email, input.password),
    onSuccess: (answer) => {
      if ('totpRequired' in answer) {
        setChallenge(answer);
        setCode('');
      } else enter(answer);
    },
  });
  const passkeySupported = usePasskeySupport();
  // In the prerendered first screen nothing would answer a click: the button waits for the app, as the form does.
  const isStaticRender = useIsStaticRender();
  const passkeyStep = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: enter,
  });
  const codeStep = useMutation({
    mutationFn: (input: { ticket: string; code: string }) => signInWithTotp(input.ticket, input.code),
    onSuccess: enter,
    onError: (error) => {
      // The ticket lapsed (5 minutes): back to the password.
      if (isApiError(error) && error.kind === 'unauthorized') setChallenge(null);
    },
  });

  const failureOf = (error: unknown) => signInFailure(error, t, app('errorNetwork'), app('errorUnexpected'));
  const passkeyFailure = (error: unknown) => {
    const problem = passkeyProblem(error);
    if (problem === 'cancelled') return t('passkeyCancelled');
    if (problem) return t('passkeyUnsupported');
    return isApiError(error) && error.kind === 'unauthorized' ? t('passkeyUnknown') : failureOf(error);
  };

  if (challenge) {
    const codeError = localFieldError(codeStep.error, 'code', t);
    const submitCode = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!codeStep.isPending) codeStep.mutate({ ticket: challenge.ticket, code: code.trim() });
    };
    return (
      <AuthCard title={t('totpTitle')} intro={t('totpIntro')}>
        <form onSubmit={submitCode} noValidate>
          <Stack gap="md">
            {codeStep.isError && !codeError ? (
              <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                {failureOf(codeStep.error)}
              </Alert>
            ) : null}
            <TextInput
              label={t('totpCode')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              required
              autoFocus
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
              size="md"
            />
            <Button type="submit" size="md" fullWidth loading={codeStep.isPending} disabled={code.trim().length < 6}>
              {t('totpVerify')}
            </Button>
            <Button variant="subtle" onClick={() => setChallenge(null)}>
              {t('totpBack')}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  const fieldErrors = isApiError(passwordStep.error) ? passwordStep.error.fieldErrors : {};
  const showFailure = passwordStep.isError && Object.keys(fieldErrors).length === 0;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passwordStep.isPending) return;
    passwordStep.mutate({ email: email.trim(), password });
  };

  return (
    <AuthCard title={t('signInTitle')} intro={t('signInIntro')}>
      <SsoSignIn />
      <form onSubmit={submit} noValidate aria-describedby={showFailure ? errorId : undefined}>
        <Stack gap="md">
          {showFailure ? (
            <Alert id={errorId} color="red" variant="light" icon={<IconAlert />} role="alert">
              {failureOf(passwordStep.error)}
            </Alert>
          ) : null}
          <TextInput
            label={t('email')}
            name="email"
            type="email"
            autoComplete="username webauthn"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={localFieldError(passwordStep.error, 'email', t)}
            autoFocus
            size="md"
          />
          <PasswordField
            label={t('password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={localFieldError(passwordStep.error, 'password', t)}
            size="md"
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={passwordStep.isPending}
            disabled={passwordStep.isPending || email.trim() === '' || password === ''}
          >
            {passwordStep.isPending ? t('signingIn') : t('signIn')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('forgotPassword')}
          </Text>
        </Stack>
      </form>
      {passkeySupported ? (
        <Stack gap="sm">
          <OrSeparator label={t('or')} />
          <Button
            variant="default"
            size="md"
            fullWidth
            leftSection={<IconKey />}
            className="foyer-wrap-button"
            loading={passkeyStep.isPending}
            disabled={isStaticRender}
            onPointerEnter={preloadPasskeys}
            onFocus={preloadPasskeys}
            onClick={() => {
              if (!passkeyStep.isPending) passkeyStep.mutate();
            }}
          >
            {t('passkeySignIn')}
          </Button>
          {passkeyStep.isPending ? (
            <Text size="sm" c="dimmed" role="status">
              {t('passkeyWaiting')}
            </Text>
          ) : null}
          {passkeyStep.isError ? (
            passkeyProblem(passkeyStep.error) === 'cancelled' ? (
              // Cancelling is the person's own choice: said quietly, not as an alarm.
              <Text size="sm" c="dimmed" role="status">
                {passkeyFailure(passkeyStep.error)}
              </Text>
            ) : (
              <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                {passkeyFailure(passkeyStep.error)}
              </Alert>
            )
          ) : null}
        </Stack>
      ) : null}
    </AuthCard>
  );
}
