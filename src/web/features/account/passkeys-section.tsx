import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Account } from '@/contract/account';
import { registeredPasskeySchema } from '@/contract/account';
import { describeError } from '../../components/error-message';
import { IconKey } from '../../components/icons/passkey-icons';
import { apiClient, ignoredAnswer } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { browserLabel } from '../../lib/browser-label';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { createPasskey, passkeyProblem, usePasskeySupport } from '../../lib/passkeys';
import { accountMessages } from './account-messages';
import { accountKeys } from './account-queries';
import { AccountSection } from './account-section';

const NAME_MAX_LENGTH = 100;

/**
 * The person's passkeys: sign in with a fingerprint, face or PIN instead of a password. Add one (the browser
 * creates it after the person names it), see when each was last used, remove one after confirming.
 */
export function PasskeysSection({ account }: { account: Account }) {
  const t = useMessages(accountMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const supported = usePasskeySupport();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      const answer = await createPasskey('/api/account/passkeys/options');
      return apiClient.post('/api/account/passkeys', {
        schema: registeredPasskeySchema,
        body: { ...answer, name: passkeyName },
      });
    },
    onSuccess: () => {
      setNaming(false);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiClient.delete(`/api/account/passkeys/${encodeURIComponent(id)}`, { schema: ignoredAnswer }),
    onSuccess: () => setConfirming(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });

  const startNaming = () => {
    add.reset();
    setName(browserLabel(navigator.userAgent));
    setNaming(true);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!add.isPending && name.trim() !== '') add.mutate(name.trim());
  };

  const problem = add.isError ? passkeyProblem(add.error) : null;
  const nameError = isApiError(add.error) ? add.error.fieldErrors.name?.join(' ') : undefined;
  const addFailure =
    add.isError && problem !== 'cancelled' && !nameError
      ? problem === 'exists'
        ? t('passkeyExists')
        : problem === 'unsupported'
          ? t('passkeysUnsupported')
          : describeError(add.error, app)
      : null;
  // Without a password, the last passkey is the only way in: the gateway keeps it, so no button offers it.
  const onlyWayIn = !account.passwordSet && account.passkeys.length === 1;

  return (
    <AccountSection title={t('passkeysTitle')} testId="account-passkeys">
      <Text size="sm" c="dimmed">
        {t('passkeysIntro')}
      </Text>
      {add.isSuccess && !naming ? (
        <Alert color="green" variant="light" role="status">
          {t('passkeyAdded', { name: add.data.name })}
        </Alert>
      ) : null}
      {remove.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(remove.error, app)}
        </Alert>
      ) : null}
      {account.passkeys.length === 0 ? (
        <Text size="sm">{t('passkeysNone')}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {account.passkeys.map((passkey) => (
            <Group key={passkey.id} component="li" justify="space-between" wrap="nowrap" data-testid="account-passkey">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <IconKey size={20} />
                <Stack gap={2} miw={0}>
                  <Text fw={600} truncate>
                    {passkey.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('passkeyCreated', { when: formatDateTime(passkey.createdAt, locale) })}
                    {' · '}
                    {passkey.lastUsedAt
                      ? t('passkeyLastUsed', { when: formatDateTime(passkey.lastUsedAt, locale) })
                      : t('passkeyNeverUsed')}
                  </Text>
                </Stack>
              </Group>
              {onlyWayIn ? null : confirming === passkey.id ? (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    color="red"
                    size="xs"
                    onClick={() => remove.mutate(passkey.id)}
                    loading={remove.isPending && remove.variables === passkey.id}
                    aria-label={t('passkeyRemoveConfirmLabel', { name: passkey.name })}
                  >
                    {t('passkeyRemoveConfirm')}
                  </Button>
                  <Button variant="default" size="xs" onClick={() => setConfirming(null)}>
                    {t('cancel')}
                  </Button>
                </Group>
              ) : (
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => {
                    add.reset();
                    remove.reset();
                    setConfirming(passkey.id);
                  }}
                  aria-label={t('passkeyRemoveLabel', { name: passkey.name })}
                >
                  {t('passkeyRemove')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {onlyWayIn ? (
        <Text size="sm" c="dimmed">
          {t('passkeyOnlyWayIn')}
        </Text>
      ) : null}
      {!supported ? (
        <Text size="sm" c="dimmed">
          {t('passkeysUnsupported')}
        </Text>
      ) : naming ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm" maw={420}>
            <TextInput
              label={t('passkeyName')}
              description={t('passkeyNameHint')}
              value={name}
              maxLength={NAME_MAX_LENGTH}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              required
              autoFocus
            />
            {problem === 'cancelled' ? (
              <Text size="sm" c="dimmed" role="status">
                {t('passkeyCancelled')}
              </Text>
            ) : null}
            {addFailure ? (
              <Alert color="red" variant="light" role="alert">
                {addFailure}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={add.isPending} disabled={name.trim() === ''}>
                {t('passkeyCreate')}
              </Button>
              <Button variant="default" onClick={() => setNaming(false)} disabled={add.isPending}>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button leftSection={<IconKey />} onClick={startNaming}>
            {t('passkeyAdd')}
          </Button>
        </Group>
      )}
    </AccountSection>
  );
}
