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
 * A webshop order still awaiting payment (`none` or `pending`) that is not a reservation (those are in the
 * queue already) and not cancelled.
 */
export const isAwaitingOnlinePayment = (order: OpenOrderFields): boolean =>
  order.orderChannel === 'www' &&
  order.orderStatus !== 'res' &&
  order.orderStatus !== 'cancel' &&
  (AWAITING_PAYMENT as readonly string[]).includes(order.orderPaymentStatus);

/**
 * How far back the queue reads the order list: orders changed within these days (`changedSince`). A
 * reservation holds for days, not weeks (the demo's for 7), so one untouched for longer is long lapsed; and
 * every day back costs pages (the demo sells some 600 orders a day: 14 days are about 80 pages).
 */
export const HORIZON_DAYS = 14;
