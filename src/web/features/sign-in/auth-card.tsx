import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../../components/language-menu';

/** The frame of every way in (sign-in, a one-time link, setup): the brand, a title and the form below. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Box component="main" mih="100dvh" className="foyer-sign-in-background">
      <Group justify="flex-end" p="md">
        <LanguageMenu />
      </Group>
      <Center px="md" pb="xl" pt={{ base: 'md', sm: 48 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Stack gap="md">
            <Stack gap={4}>
              <Text fw={700} size="sm" tt="uppercase" lts={1} className="foyer-brand">
                Foyer
              </Text>
              <Title order={1} size="h2">
                {title}
              </Title>
              {intro ? (
                <Text size="sm" c="dimmed">
                  {intro}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

const rule = { flex: 1, borderTop: '1px solid var(--mantine-color-default-border)' };

/**
 * "or" between two ways in, on a line. Drawn with the first screen's own components (Group, Text): Mantine's
 * Divider would need its stylesheet in the first paint.
 */
export function OrSeparator({ label }: { label: string }) {
  return (
    <Group gap="sm" wrap="nowrap" my={4}>
      <Box style={rule} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Box style={rule} />
    </Group>
  );
}
