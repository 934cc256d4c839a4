import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Title.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './page-states';

/**
 * A titled section of a page over one query: its heading and a line on what it is, then an error with a
 * retry while nothing could be read, a placeholder while it loads, and `children` with the data once it is
 * there (kept on screen while it is read again).
 */
export function QuerySection<Data>({
  id,
  title,
  intro,
  query,
  className,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  query: UseQueryResult<Data>;
  className?: string;
  children: (data: Data) => ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} className={className}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </Stack>
        {query.isError && !query.data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data === undefined ? (
          <Skeleton h={80} />
        ) : (
          children(query.data)
        )}
      </Stack>
    </Paper>
  );
}
