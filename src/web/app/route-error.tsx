import { Button, Center, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { describeError } from '../components/error-message';
import { appMessages } from '../lib/app-messages';
import { useMessages } from '../lib/i18n';

/** The last line of defence: a route that failed to load (a lost chunk after a deploy, the server gone). */
export function RouteError() {
  const error = useRouteError();
  const t = useMessages(appMessages);
  return (
    <Container size="xs" py={80}>
      <Center>
        <Stack gap="md" align="center" ta="center">
          <Title order={1} size="h2">
            {t('errorTitle')}
          </Title>
          <Text c="dimmed">{describeError(error, t)}</Text>
          <Button onClick={() => window.location.reload()}>{t('errorReload')}</Button>
        </Stack>
      </Center>
    </Container>
  );
}
