import { defineMessages } from '../../lib/i18n';

/** Texts of the command palette and the shortcuts overlay, loaded with them (the shell's own are in shell-messages.ts). */
export const paletteMessages = defineMessages(
  {
    paletteNothingFound: 'Niets gevonden',
    paletteGoTo: 'Ga naar {page}',
    keyboardShortcuts: 'Sneltoetsen',
    keyThen: 'dan',
  },
  {
    paletteNothingFound: 'Nothing found',
    paletteGoTo: 'Go to {page}',
    keyboardShortcuts: 'Keyboard shortcuts',
    keyThen: 'then',
  },
);
