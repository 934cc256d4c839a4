import { defineMessages } from '../lib/i18n';

/** Texts of the shell's own pages (not found, no access), loaded with them, not with every signed-in first screen. */
export const pageMessages = defineMessages(
  {
    noAccessTitle: 'Geen toegang',
    noAccessText: 'Uw rol ({role}) geeft geen toegang tot deze pagina. Vraag een beheerder als u dit nodig hebt.',
    noAccessScoped:
      'Uw rol ({role}) ziet alleen de producties van zijn bereik. Deze pagina toont alles van de organisatie en is daarom niet voor u, welke rechten de rol ook heeft; uw producties staan onder Producties.',
    notFoundTitle: 'Pagina niet gevonden',
    notFoundText: 'Deze pagina bestaat niet (meer). Controleer het adres of ga terug naar het overzicht.',
    backToDashboard: 'Naar het overzicht',
    askedPage: 'Gevraagde pagina:',
    tryAgain: 'Opnieuw proberen',
  },
  {
    noAccessTitle: 'No access',
    noAccessText: 'Your role ({role}) does not give access to this page. Ask an administrator if you need it.',
    noAccessScoped:
      'Your role ({role}) sees only the productions of its scope. This page shows everything of the organisation, so it is not open to you, whatever permissions the role has; your productions are under Productions.',
    notFoundTitle: 'Page not found',
    notFoundText: 'This page does not exist (any more). Check the address or go back to the overview.',
    backToDashboard: 'Back to the overview',
    askedPage: 'Page asked for:',
    tryAgain: 'Try again',
  },
);
