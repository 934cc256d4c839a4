import { Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Table.css';
import { Fragment } from 'react';
import type { AppShortcut } from '../../lib/area';
import { useLocalized, useMessages } from '../../lib/i18n';
import { keyLabel } from '../../lib/keys';
import { shellMessages } from './shell-messages';

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

/** The `?` overlay: every shortcut the shell and the areas declare, in one table. */
export function ShortcutsOverlay({
  opened,
  onClose,
  shortcuts,
}: {
  opened: boolean;
  onClose: () => void;
  shortcuts: AppShortcut[];
}) {
  const t = useMessages(shellMessages);
  const localized = useLocalized();
  return (
    <Modal opened={opened} onClose={onClose} title={t('keyboardShortcuts')} size="md" centered>
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
    </Modal>
  );
}
