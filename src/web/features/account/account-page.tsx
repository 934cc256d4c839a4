import { Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/page-states';
import { useMessages } from '../../lib/i18n';
import { useRoleLabel } from '../../lib/role-label';
import { accountMessages } from './account-messages';
import { accountQueries } from './account-queries';
import { PasskeysSection } from './passkeys-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';
import { TotpSection } from './totp-section';

/** `/account`: the signed-in person's own ways in (two-step sign-in, passkeys, password) and their sessions. */
export function AccountPage() {
  const roleLabel = useRoleLabel();
  const t = useMessages(accountMessages);
  const account = useQuery(accountQueries.detail());
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        {account.data ? (
          <Text c="dimmed">
            {t('intro', {
              name: account.data.person.name,
              email: account.data.person.email,
              role: roleLabel(account.data.role),
              client: account.data.clientName,
            })}
          </Text>
        ) : null}
      </Stack>
      {account.isPending ? <Skeleton h={240} aria-label={t('title')} /> : null}
      {account.isError ? <ErrorState error={account.error} onRetry={() => void account.refetch()} /> : null}
      {account.data ? (
        <>
          <TotpSection account={account.data} />
          <PasskeysSection account={account.data} />
          <PasswordSection account={account.data} />
          <SessionsSection sessions={account.data.sessions} />
        </>
      ) : null}
    </Stack>
  );
}
