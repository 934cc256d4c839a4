/**
 * An order's status and channel (spec 2.11, 3.4) in words, in the app's languages: the app shows these, and so
 * does what the gateway writes for people to read (the printable production report, which showed `pros` and
 * `sp`). A code not listed is shown as it is.
 */
type Words = Readonly<{ nl: string; en: string }>;

export const ORDER_STATUS_LABELS = {
  ord: { nl: 'Besteld', en: 'Ordered' },
  cancel: { nl: 'Geannuleerd', en: 'Cancelled' },
  reemit: { nl: 'Heruitgegeven', en: 'Re-issued' },
  reissue: { nl: 'Weer geldig', en: 'Valid again' },
  res: { nl: 'Reservering', en: 'Reservation' },
  pros: { nl: 'Offerte', en: 'Offer' },
  trash: { nl: 'Verwijderd', en: 'Deleted' },
} as const satisfies Record<string, Words>;

export const ORDER_CHANNEL_LABELS: Readonly<Record<string, Words>> = {
  www: { nl: 'Webshop', en: 'Webshop' },
  sp: { nl: 'Verkooppunt', en: 'Sales point' },
};

/** The word for `code` of `labels` in `language`, or the code itself when it has none. */
export const labelOf = (labels: Readonly<Record<string, Words>>, code: string, language: 'nl' | 'en'): string =>
  Object.hasOwn(labels, code) ? (labels[code] as Words)[language] : code;
