import { Alert, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/ThemeIcon.css';
import type { ReactNode } from 'react';
import { appMessages } from '../lib/app-messages';
import { useMessages } from '../lib/i18n';
import { describeError } from './error-message';
import { IconAlert, IconInbox, IconRefresh } from './icons/status-icons';

/** A failed load, said plainly, with a way to try again. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const t = useMessages(appMessages);
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} title={title ?? t('errorTitle')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(error, t)}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            {t('errorRetry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Nothing to show — and, when there is one, what to do about it. */
/**
 * Nothing to show, said plainly. `heading` makes the title the page's heading of that level: a page that
 * is only this state (a record not found) still has its h1.
 */
export function EmptyState({
  title,
  children,
  action,
  heading,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  heading?: 1 | 2 | 3;
}) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      <ThemeIcon variant="light" size={44} radius="xl" color="gray">
        <IconInbox size={22} />
      </ThemeIcon>
      {heading ? (
        <Title order={heading} size="h4">
          {title}
        </Title>
      ) : (
        <Text fw={600}>{title}</Text>
      )}
      {children ? (
        <Text size="sm" c="dimmed" maw={420}>
          {children}
        </Text>
      ) : null}
      {action ? <Group mt="xs">{action}</Group> : null}
    </Stack>
  );
}
