import { Paper, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import type { ReactNode } from 'react';

/**
 * A titled part of a detail page: a bordered card, named by its heading for screen readers. `focusable`: the
 * heading takes the focus from a script (a section that appears after an action, and the reader is taken there).
 */
export function SectionCard({
  id,
  title,
  children,
  focusable = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  focusable?: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm" tabIndex={focusable ? -1 : undefined}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
