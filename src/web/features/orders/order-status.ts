import { ORDER_STATUS_LABELS } from '@/contract/order-labels';
import type { Localized } from '../../lib/i18n';

export interface StatusInfo {
  label: Localized;
  /** The meaning as spec 2.11 / 2.6 gives it, shown as the badge's tooltip and on the order page. */
  meaning: Localized;
  color: string;
}

/** orderStatus (spec 2.11, 3.4). A value not listed here is shown as sent. */
export const ORDER_STATUSES: Readonly<Record<string, StatusInfo>> = {
  ord: {
    label: ORDER_STATUS_LABELS.ord,
    meaning: { nl: 'Gewone bestelling', en: 'Regular order' },
    color: 'teal',
  },
  cancel: {
    label: ORDER_STATUS_LABELS.cancel,
    meaning: { nl: 'Geannuleerd', en: 'Cancelled' },
    color: 'red',
  },
  reemit: {
    label: ORDER_STATUS_LABELS.reemit,
    meaning: { nl: 'Heruitgegeven (vervangende bestelling)', en: 'Re-issued (replacement order)' },
    color: 'blue',
  },
  reissue: {
    label: ORDER_STATUS_LABELS.reissue,
    meaning: { nl: 'Heruitgegeven (oudere bestelling, weer geldig)', en: 'Re-issued (older, valid again)' },
    color: 'cyan',
  },
  res: {
    label: ORDER_STATUS_LABELS.res,
    meaning: { nl: 'Reservering, nog geen betaling', en: 'Reservation, no payment yet' },
    color: 'orange',
  },
  pros: {
    label: ORDER_STATUS_LABELS.pros,
    meaning: { nl: 'Offerte (aanbod, niet bevestigd)', en: 'Prospectus (offer, not confirmed)' },
    color: 'grape',
  },
  trash: {
    label: ORDER_STATUS_LABELS.trash,
    meaning: { nl: 'Zacht verwijderd', en: 'Soft-deleted' },
    color: 'gray',
  },
};

/** orderPaymentStatus (spec 2.6, 3.3). */
export const PAYMENT_STATUSES: Readonly<Record<string, StatusInfo>> = {
  paid: {
    label: { nl: 'Betaald', en: 'Paid' },
    meaning: { nl: 'Betaling voltooid', en: 'Payment complete' },
    color: 'green',
  },
  pending: {
    label: { nl: 'In behandeling', en: 'Pending' },
    meaning: {
      nl: 'Betaling loopt (vertraging bij de bank, handmatige factuur)',
      en: 'Payment in progress (bank delay, manual invoice)',
    },
    color: 'yellow',
  },
  cancelled: {
    label: { nl: 'Geannuleerd', en: 'Cancelled' },
    meaning: { nl: 'Koper heeft geannuleerd of de betaling is mislukt', en: 'Buyer cancelled or payment failed' },
    color: 'red',
  },
  partial: {
    label: { nl: 'Deels betaald', en: 'Partly paid' },
    meaning: {
      nl: 'Een deel van de bestelling is betaald (bijvoorbeeld een gesplitste betaling)',
      en: 'Part of the order is paid (for example a split payment)',
    },
    color: 'orange',
  },
  none: {
    label: { nl: 'Niet betaald', en: 'Not paid' },
    meaning: { nl: 'Nog geen betaalpoging', en: 'No payment attempt yet' },
    color: 'gray',
  },
};

/**
 * A status badge's tooltip: the label first (a narrow column may still squeeze the badge), then the meaning
 * where it says more than the label, and the value as the service sends it.
 */
export function statusTip(label: string, meaning: string, value: string): string {
  const text = meaning && meaning !== label ? `${label}: ${meaning}` : label;
  return value && value !== label ? `${text} (${value})` : text;
}

export { ORDER_CHANNELS } from '../../lib/order-channels';
