import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMessages } from '../lib/i18n';
import { useRoleLabel } from '../lib/role-label';
import { sessionKey, sessionQuery } from '../lib/session';
import { askedPage } from './access';
import { homePath } from './home-path';
import { pageMessages } from './page-messages';

/**
 * Where the router sends a person whose role does not open the page they asked for: it names that page, and opens
 * it again (the session read afresh) once an administrator has changed the role.
 */
export function NoAccessPage() {
  const roleLabel = useRoleLabel();
  const t = useMessages(pageMessages);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const [search] = useSearchParams();
  const asked = askedPage(search);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tryAgain = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionKey });
    if (asked) await navigate(asked);
  };
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1}>{t('noAccessTitle')}</Title>
      <Text c="dimmed">
        {/* A role with a scope opens only the pages kept within it: its permissions are not what refuses
            (a promoter's role with orders:read was told that it gave no access to /orders). */}
        {t(session?.scoped ? 'noAccessScoped' : 'noAccessText', { role: session ? roleLabel(session.role) : '' })}
      </Text>
      {asked ? (
        <Text size="sm" data-testid="no-access-page">
          {t('askedPage')} <Code>{asked}</Code>
        </Text>
      ) : null}
      <Group gap="sm">
        <Button component={Link} to={homePath(session)}>
          {t('backToDashboard')}
        </Button>
        {asked ? (
          <Button variant="default" onClick={() => void tryAgain()}>
            {t('tryAgain')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
