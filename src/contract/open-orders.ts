/**
 * The desk's open orders (issue 20, reservations): what the gateway sends the reservations queue and the page
 * shows. Pure, so the gateway that filters and the page that sorts agree on what counts.
 */
export interface OpenOrderFields {
  orderStatus: string;
  orderPaymentStatus: string;
  orderChannel: string;
}

/** A reservation: status `res`, whatever its channel (the desk's and the webshop's alike). */
export const isReservation = (order: Pick<OpenOrderFields, 'orderStatus'>): boolean => order.orderStatus === 'res';

export const AWAITING_PAYMENT = ['none', 'pending'] as const;

/**
 * The statuses of an order that stands (spec 2.10): a regular one and the two re-issued kinds. Not a reservation
 * (those are in the queue already), an offer not confirmed (`pros`), a cancelled or a soft-deleted one (`trash`:
 * a walkthrough found the queue offering four deleted € 0 orders as waiting for their payment).
 */
const STANDING_ORDER = ['ord', 'reemit', 'reissue'] as const;

/** A webshop order that stands and is still awaiting payment (`none` or `pending`). */
export const isAwaitingOnlinePayment = (order: OpenOrderFields): boolean =>
  order.orderChannel === 'www' &&
  (STANDING_ORDER as readonly string[]).includes(order.orderStatus) &&
  (AWAITING_PAYMENT as readonly string[]).includes(order.orderPaymentStatus);

/**
 * How far back the queue reads the order list: orders changed within these days (`changedSince`). A
 * reservation holds for days, not weeks (the demo's for 7), so one untouched for longer is long lapsed; and
 * every day back costs pages (the demo sells some 600 orders a day: 14 days are about 80 pages).
 */
export const HORIZON_DAYS = 14;
