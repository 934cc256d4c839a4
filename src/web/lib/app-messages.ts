import { defineMessages } from './i18n';

/**
 * Texts of the states every screen may show (errors, the language menu), the sign-in page's too. The
 * signed-in shell keeps its own in app/shell/shell-messages.ts, features theirs in their folder.
 */
export const appMessages = defineMessages(
  {
    language: 'Taal',
    errorTitle: 'Er ging iets mis',
    errorRetry: 'Opnieuw proberen',
    errorReload: 'Pagina opnieuw laden',
    errorNetwork: 'De server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
    errorForbidden: 'U hebt geen toegang tot deze gegevens.',
    errorOutsideNetworks:
      'Uw rol mag Foyer alleen gebruiken vanaf de netwerken van uw organisatie, en deze verbinding komt van {address}. Maak verbinding met het netwerk (of de VPN) van het theater, of vraag een beheerder.',
    errorNotFound: 'Niet gevonden.',
    errorServer: 'De Ticketing Service gaf een fout. Probeer het zo opnieuw.',
    errorRateLimited: 'Te veel verzoeken. Probeer het over {seconds} seconden opnieuw.',
    errorUnexpected: 'Onverwacht antwoord van de server.',
  },
  {
    language: 'Language',
    errorTitle: 'Something went wrong',
    errorRetry: 'Try again',
    errorReload: 'Reload the page',
    errorNetwork: 'The server cannot be reached. Check the connection and try again.',
    errorForbidden: 'You have no access to this data.',
    errorOutsideNetworks:
      "Your role may use Foyer only from your organisation's own networks, and this connection comes from {address}. Connect from the venue's network (or its VPN), or ask an administrator.",
    errorNotFound: 'Not found.',
    errorServer: 'The Ticketing Service reported an error. Try again shortly.',
    errorRateLimited: 'Too many requests. Try again in {seconds} seconds.',
    errorUnexpected: 'Unexpected answer from the server.',
  },
);
