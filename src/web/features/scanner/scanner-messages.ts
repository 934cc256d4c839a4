import { defineMessages } from '../../lib/i18n';

/** Texts of the scanner: what a scanned code turned out to be. */
export const scannerMessages = defineMessages(
  {
    unknownTitle: 'Onbekende code',
    unknown: 'Geen bestelling, klantenkaart of e-mailadres gevonden voor “{code}”.',
    unknownHere: 'Geen bestelling gevonden voor “{code}”. Een klantenkaart of e-mailadres scant u in de kassa.',
    refusedTitle: 'Scan niet geopend',
    buyerTitle: 'Koper gekozen',
    buyer: '{name} ({email}) is de koper van deze verkoop.',
    opening: 'Bestelling {order} openen…',
  },
  {
    unknownTitle: 'Unknown code',
    unknown: 'No order, customer card or email found for “{code}”.',
    unknownHere: 'No order found for “{code}”. Scan a customer card or email in the box office.',
    refusedTitle: 'Scan not opened',
    buyerTitle: 'Buyer chosen',
    buyer: '{name} ({email}) is the buyer of this sale.',
    opening: 'Opening order {order}…',
  },
);
