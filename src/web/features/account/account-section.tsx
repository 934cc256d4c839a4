import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One block of the account page, with its heading. */
export function AccountSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
