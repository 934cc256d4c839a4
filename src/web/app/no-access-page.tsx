import { Button, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMessages } from '../lib/i18n';
import { useRoleLabel } from '../lib/role-label';
import { sessionQuery } from '../lib/session';
import { homePath } from './home-path';
import { pageMessages } from './page-messages';

/** Where the router sends a person whose role does not open the page they asked for. */
export function NoAccessPage() {
  const roleLabel = useRoleLabel();
  const t = useMessages(pageMessages);
  const { data: session } = useSuspenseQuery(sessionQuery);
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1}>{t('noAccessTitle')}</Title>
      <Text c="dimmed">{t('noAccessText', { role: session ? roleLabel(session.role) : '' })}</Text>
      <Button component={Link} to={homePath(session)}>
        {t('backToDashboard')}
      </Button>
    </Stack>
  );
}
