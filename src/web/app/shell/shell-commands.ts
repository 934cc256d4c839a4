import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import type { AppCommand } from '../../lib/area';
import { useLocale } from '../../lib/i18n';

/** What the shell does for its own commands: what the palette cannot do itself. */
export interface ShellActions {
  onShowShortcuts: () => void;
  onSignOut: () => void;
}

/**
 * The shell's own commands in the palette: light or dark, the other language, the shortcuts overlay, sign out.
 * Loaded with the palette (command-palette.tsx), not with the shell.
 */
export function useShellCommands({ onShowShortcuts, onSignOut }: ShellActions): AppCommand[] {
  const { locale, setLocale } = useLocale();
  const { setColorScheme } = useMantineColorScheme();
  const computedScheme = useComputedColorScheme('light');
  return useMemo<AppCommand[]>(
    () => [
      {
        id: 'shell:toggle-scheme',
        label: { nl: 'Licht of donker wisselen', en: 'Toggle light or dark' },
        keywords: ['theme', 'thema', 'dark', 'donker', 'light', 'licht'],
        run: () => setColorScheme(computedScheme === 'dark' ? 'light' : 'dark'),
      },
      {
        id: 'shell:language',
        label: { nl: 'Switch to English', en: 'Naar het Nederlands' },
        keywords: ['language', 'taal', 'english', 'nederlands'],
        run: () => setLocale(locale === 'nl-NL' ? 'en-GB' : 'nl-NL'),
      },
      {
        id: 'shell:shortcuts',
        label: { nl: 'Sneltoetsen tonen', en: 'Show keyboard shortcuts' },
        keywords: ['keyboard', 'toetsen', 'help'],
        run: onShowShortcuts,
      },
      {
        id: 'shell:sign-out',
        label: { nl: 'Afmelden', en: 'Sign out' },
        keywords: ['logout', 'uitloggen', 'sign out'],
        run: () => onSignOut(),
      },
    ],
    [computedScheme, locale, onShowShortcuts, onSignOut, setColorScheme, setLocale],
  );
}
