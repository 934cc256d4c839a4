import type { Localized } from './i18n';

/** orderChannel (spec 2.11): where an order was made. Shared by the orders and the performances reports. */
export const ORDER_CHANNELS: Readonly<Record<string, Localized>> = {
  www: { nl: 'Webshop', en: 'Webshop' },
  sp: { nl: 'Verkooppunt', en: 'Sales point' },
};
