import { Group, Kbd, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Table.css';
import { Fragment, useMemo } from 'react';
import { Dialog } from '../../components/dialog';
import type { AppShortcut, VisibleArea } from '../../lib/area';
import { useLocalized, useMessages } from '../../lib/i18n';
import { keyLabel } from '../../lib/keys';
import type { Session } from '../../lib/session';
import { paletteMessages } from './palette-messages';
import { visibleCommands } from './visible-commands';

/** The shell's own keys (app-layout.tsx, use-app-shortcuts.ts), then each area's (app/area-commands.ts). */
function shortcutsOf(areas: readonly VisibleArea[], session: Session | null): AppShortcut[] {
  return [
    { keys: ['mod', 'K'], label: { nl: 'Opdrachtpalet openen', en: 'Open the command palette' } },
    { keys: ['?'], label: { nl: 'Sneltoetsen tonen', en: 'Show keyboard shortcuts' } },
    ...areas.flatMap((area) =>
      area.nav?.goKey
        ? [
            {
              keys: ['g', 'then', area.nav.goKey],
              label: { nl: `Naar ${area.nav.label.nl}`, en: `Go to ${area.nav.label.en}` },
            },
          ]
        : [],
    ),
    ...visibleCommands(session).flatMap((area) => area.shortcuts ?? []),
  ];
}

function Keys({ keys, thenLabel }: { keys: string[]; thenLabel: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {keys.map((key, index) =>
        key === 'then' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the key list is static per shortcut
          <Text key={index} span size="xs" c="dimmed">
            {thenLabel}
          </Text>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the key list is static per shortcut
          <Fragment key={index}>
            <Kbd size="sm">{keyLabel(key)}</Kbd>
          </Fragment>
        ),
      )}
    </Group>
  );
}

/**
 * The `?` overlay: every shortcut the shell and the areas declare, in one table. Loaded on first use, with the
 * areas' shortcuts.
 */
export function ShortcutsOverlay({
  opened,
  onClose,
  areas,
  session,
}: {
  opened: boolean;
  onClose: () => void;
  /** The navigation entries the person sees (the shell's), for their `g` keys. */
  areas: readonly VisibleArea[];
  session: Session | null;
}) {
  const t = useMessages(paletteMessages);
  const localized = useLocalized();
  const shortcuts = useMemo(() => shortcutsOf(areas, session), [areas, session]);
  return (
    <Dialog opened={opened} onClose={onClose} title={t('keyboardShortcuts')} size="md" centered>
      <Stack gap="xs">
        <Table verticalSpacing={6} striped={false} withRowBorders>
          <Table.Tbody>
            {shortcuts.map((shortcut) => (
              <Table.Tr key={shortcut.keys.join('+')}>
                <Table.Td>{localized(shortcut.label)}</Table.Td>
                <Table.Td ta="right">
                  <Keys keys={shortcut.keys} thenLabel={t('keyThen')} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Dialog>
  );
}
