import { defineMessages } from '../../lib/i18n';

/**
 * Texts of the signed-in shell (header, navigation). Loaded with the shell, not with the sign-in page; the command
 * palette's and the shortcuts overlay's are in palette-messages.ts, the shell's own pages' (no access, not found) in
 * app/page-messages.ts, each loaded with what shows them; shared states (errors, the language menu) are in
 * lib/app-messages.ts.
 */
export const shellMessages = defineMessages(
  {
    skipToContent: 'Naar de inhoud',
    signedInAs: 'Aangemeld als {name}',
    yourAccount: 'Uw account',
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
    offlineTitle: 'Geen netwerkverbinding.',
    offlineText:
      'Gegevens worden weer gelezen zodra de verbinding terug is. Een wijziging of betaling wordt nu niet verstuurd: probeer die daarna opnieuw.',
  },
  {
    skipToContent: 'Skip to content',
    signedInAs: 'Signed in as {name}',
    yourAccount: 'Your account',
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
    offlineTitle: 'No network connection.',
    offlineText:
      'Data is read again as soon as the connection is back. A change or payment is not sent now: try it again then.',
  },
);
