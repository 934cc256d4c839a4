import { Alert, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Account } from '@/contract/account';
import { totpEnrolmentSchema, totpStateSchema } from '@/contract/account';
import { describeError } from '../../components/error-message';
import { PasswordField } from '../../components/password-field';
import { apiClient } from '../../lib/api-client';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { sessionKey } from '../../lib/session';
import { type DrawQr, useQrCode } from '../../lib/use-qr-code';
import { localFieldError, signInMessages } from '../sign-in/public';
import { accountMessages } from './account-messages';
import { accountKeys } from './account-queries';
import { AccountSection } from './account-section';

/**
 * Two-step sign-in with an authenticator app (TOTP): set up by scanning a QR code and proving it with one
 * code; turned off with the password (not when the person's role requires it).
 */
const drawTotpQr: DrawQr = async (uri) =>
  (await import('qrcode')).toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' });

export function TotpSection({ account }: { account: Account }) {
  const t = useMessages(accountMessages);
  const app = useMessages(appMessages);
  const signIn = useMessages(signInMessages);
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [disabling, setDisabling] = useState(false);

  // The session says what the person may do: after enrolment a role that requires TOTP opens up.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKey }),
    ]);

  const start = useMutation({
    mutationFn: () => apiClient.post('/api/account/totp/setup', { schema: totpEnrolmentSchema, body: {} }),
    onSuccess: () => setCode(''),
  });
  const confirm = useMutation({
    mutationFn: (value: string) =>
      apiClient.post('/api/account/totp/confirm', { schema: totpStateSchema, body: { code: value } }),
    onSuccess: () => {
      start.reset();
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: (value: string) =>
      apiClient.delete('/api/account/totp', { schema: totpStateSchema, body: { password: value } }),
    onSuccess: () => {
      setDisabling(false);
      setPassword('');
      void refresh();
    },
  });

  const enrolment = start.data;
  // The QR code package loads only when someone sets this up.
  const { image: qr } = useQrCode(enrolment?.uri ?? null, drawTotpQr);

  const codeError = localFieldError(confirm.error, 'code', signIn);
  const passwordError = localFieldError(disable.error, 'password', signIn);
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirm.isPending) confirm.mutate(code.trim());
  };

  return (
    <AccountSection title={t('totpTitle')} testId="account-totp">
      {account.role.requireTotp && !account.totpEnabled ? (
        <Alert color="orange" variant="light" role="status">
          {t('totpRequired')}
        </Alert>
      ) : null}
      <Text size="sm">{account.totpEnabled ? t('totpOn') : t('totpOff')}</Text>
      {start.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(start.error, app)}
        </Alert>
      ) : null}
      {!account.totpEnabled && !enrolment ? (
        <Group>
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            {t('totpStart')}
          </Button>
        </Group>
      ) : null}
      {enrolment && !account.totpEnabled ? (
        <form onSubmit={submitCode} noValidate>
          <Stack gap="sm" maw={420}>
            <Text size="sm">{t('totpScan')}</Text>
            {qr ? <Image src={qr} alt={t('totpQr')} w={200} h={200} /> : null}
            <Text size="sm">
              {t('totpSecret')}: <Code data-testid="totp-secret">{enrolment.secret}</Code>
            </Text>
            <TextInput
              label={t('totpCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError ?? (confirm.isError && !codeError ? describeError(confirm.error, app) : undefined)}
              autoFocus
            />
            <Group>
              <Button type="submit" loading={confirm.isPending} disabled={code.trim().length < 6}>
                {t('totpConfirm')}
              </Button>
              <Button variant="default" onClick={() => start.reset()}>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {account.totpEnabled && account.role.requireTotp ? (
        <Text size="sm" c="dimmed">
          {t('totpRoleKeeps')}
        </Text>
      ) : null}
      {account.totpEnabled && !account.role.requireTotp && !disabling ? (
        <Group>
          <Button variant="default" color="red" onClick={() => setDisabling(true)}>
            {t('totpDisable')}
          </Button>
        </Group>
      ) : null}
      {disabling ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!disable.isPending) disable.mutate(password);
          }}
          noValidate
        >
          <Stack gap="sm" maw={420}>
            <PasswordField
              label={t('currentPassword')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={
                passwordError ?? (disable.isError && !passwordError ? describeError(disable.error, app) : undefined)
              }
              autoFocus
            />
            <Group>
              <Button type="submit" color="red" loading={disable.isPending} disabled={password === ''}>
                {t('totpDisableConfirm')}
              </Button>
              <Button variant="default" onClick={() => setDisabling(false)}>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </AccountSection>
  );
}
