import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMessages } from '../lib/i18n';
import { pageMessages } from './page-messages';

export function NotFoundPage() {
  const t = useMessages(pageMessages);
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1}>{t('notFoundTitle')}</Title>
      <Text c="dimmed">{t('notFoundText')}</Text>
      <Button component={Link} to="/">
        {t('backToDashboard')}
      </Button>
    </Stack>
  );
}
