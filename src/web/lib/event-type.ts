import type { Localized } from './i18n';

/** The event types of spec 2.8 with a label and a colour each; anything else is shown as it is. */
export const EVENT_TYPES: Readonly<Record<string, { label: Localized; color: string }>> = {
  event: { label: { nl: 'Voorstelling', en: 'Performance' }, color: 'indigo' },
  passepartout: { label: { nl: 'Passe-partout', en: 'Season pass' }, color: 'grape' },
  voucher: { label: { nl: 'Waardebon', en: 'Voucher' }, color: 'teal' },
  combi: { label: { nl: 'Combi', en: 'Bundle' }, color: 'orange' },
  horeca: { label: { nl: 'Horeca', en: 'Food & drink' }, color: 'yellow' },
  product: { label: { nl: 'Product', en: 'Product' }, color: 'gray' },
};
