import { defineMessages } from '../../lib/i18n';

/**
 * Texts of the signed-in shell (header, navigation, command palette, shortcuts overlay) and of its own pages
 * (no access, not found). Loaded with the shell, not with the sign-in page; shared states (errors, the
 * language menu) are in lib/app-messages.ts.
 */
export const shellMessages = defineMessages(
  {
    skipToContent: 'Naar de inhoud',
    signedInAs: 'Aangemeld als {name}',
    yourAccount: 'Uw account',
    noAccessTitle: 'Geen toegang',
    noAccessText: 'Uw rol ({role}) geeft geen toegang tot deze pagina. Vraag een beheerder als u dit nodig hebt.',
    signOut: 'Afmelden',
    signOutFailed: 'Afmelden is niet gelukt. Probeer het opnieuw.',
    colorScheme: 'Weergave',
    colorSchemeLight: 'Licht',
    colorSchemeDark: 'Donker',
    colorSchemeAuto: 'Systeem',
    openNavigation: 'Navigatie openen',
    closeNavigation: 'Navigatie sluiten',
    mainNavigation: 'Hoofdnavigatie',
    searchOrJump: 'Zoeken of springen…',
    commandPalette: 'Opdrachtpalet',
    paletteNothingFound: 'Niets gevonden',
    paletteGoTo: 'Ga naar {page}',
    keyboardShortcuts: 'Sneltoetsen',
    keyThen: 'dan',
    notFoundTitle: 'Pagina niet gevonden',
    notFoundText: 'Deze pagina bestaat niet (meer). Controleer het adres of ga terug naar het overzicht.',
    backToDashboard: 'Naar het overzicht',
  },
  {
    skipToContent: 'Skip to content',
    signedInAs: 'Signed in as {name}',
    yourAccount: 'Your account',
    noAccessTitle: 'No access',
    noAccessText: 'Your role ({role}) does not give access to this page. Ask an administrator if you need it.',
    signOut: 'Sign out',
    signOutFailed: 'Signing out failed. Please try again.',
    colorScheme: 'Appearance',
    colorSchemeLight: 'Light',
    colorSchemeDark: 'Dark',
    colorSchemeAuto: 'System',
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
    mainNavigation: 'Main navigation',
    searchOrJump: 'Search or jump to…',
    commandPalette: 'Command palette',
    paletteNothingFound: 'Nothing found',
    paletteGoTo: 'Go to {page}',
    keyboardShortcuts: 'Keyboard shortcuts',
    keyThen: 'then',
    notFoundTitle: 'Page not found',
    notFoundText: 'This page does not exist (any more). Check the address or go back to the overview.',
    backToDashboard: 'Back to the overview',
  },
);
