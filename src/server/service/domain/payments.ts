import type { Queryable } from '../../db/database';
import type { Client, ServiceDeps } from '../context';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { ORDER_NOT_FOUND } from './orders';
import { at, sellingTransaction } from './selling-transaction';

/**
 * The service's own payment page (DESIGN.md decision 6) and the order documents (tickets, receipt). The
 * order key in the URL is the capability, as with a real payment provider.
 *
 * States: an online order starts `res`/`none`. Pay → `ord`/`paid`; pay later → `res`/`pending` (it can
 * still be paid or cancelled); cancel → `cancel`/`cancelled`: its seats are released (claims deleted)
 * and its lines marked deleted (so they show under `deletedSeats`), and its total drops to 0 as nothing
 * is owed — the same shape the demo data gives cancelled orders. Paid and cancelled orders are final
 * here. Every change moves `last_changed`.
 */

const ACTIONS: readonly string[] = ['pay', 'later', 'cancel'];

export interface OrderDocument {
  id: number;
  orderKey: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  paymentKind: string | null;
  orderDate: Date;
  amountCents: number;
  feeCents: number;
  donationCents: number;
  redirectUrl: string | null;
  customerName: string | null;
  lines: OrderDocumentLine[];
}

export interface OrderDocumentLine {
  id: number;
  itemType: string;
  eventName: string;
  startsAt: Date | null;
  hallName: string;
  rankName: string | null;
  priceName: string;
  rowNr: number;
  seatNr: number;
  amountCents: number;
}

export async function orderDocument(db: Queryable, client: Client, orderKey: string): Promise<OrderDocument> {
  if (orderKey.length > 200) throw new NotFoundError(ORDER_NOT_FOUND);
  const { rows } = await db.query<{
    id: number;
    order_key: string;
    status: string;
    payment_status: string;
    handling_text: string;
    kind: string | null;
    order_date: Date;
    amount_cents: number;
    fee_cents: number;
    donation_cents: number;
    redirect_url: string | null;
    customer_name: string | null;
  }>(
    `select o.id, o.order_key, o.status, o.payment_status, o.handling_text, m.kind, o.order_date, o.amount_cents,
            o.fee_cents, o.donation_cents, o.redirect_url,
            nullif(trim(concat_ws(' ', c.first_name, nullif(c.preposition, ''), c.last_name)), '') as customer_name
       from orders o
       left join payment_methods m on m.id = o.payment_method_id
       left join customers c on c.id = o.customer_id
      where o.client_id = $1 and o.order_key = $2`,
    [client.id, orderKey],
  );
  const order = rows[0];
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const lines = await db.query<{
    id: number;
    item_type: string;
    event_name: string | null;
    starts_at: Date | null;
    hall_name: string | null;
    rank_name: string | null;
    price_name: string;
    row_nr: number;
    seat_nr: number;
    amount_cents: number;
  }>(
    `select os.id, os.item_type, e.name as event_name, e.starts_at, h.name as hall_name, r.name as rank_name,
            os.price_name, os.row_nr, os.seat_nr, os.amount_cents
       from order_seats os
       left join events e on e.id = os.event_id
       left join halls h on h.id = e.hall_id
       left join ranks r on r.id = os.rank_id
      where os.order_id = $1 and os.deleted_at is null
      order by os.id`,
    [order.id],
  );
  return {
    id: order.id,
    orderKey: order.order_key,
    status: order.status,
    paymentStatus: order.payment_status,
    paymentMethod: order.handling_text,
    paymentKind: order.kind,
    orderDate: new Date(order.order_date),
    amountCents: order.amount_cents,
    feeCents: order.fee_cents,
    donationCents: order.donation_cents,
    redirectUrl: order.redirect_url,
    customerName: order.customer_name,
    lines: lines.rows.map((line) => ({
      id: line.id,
      itemType: line.item_type,
      eventName: line.event_name ?? line.price_name,
      startsAt: line.starts_at === null ? null : new Date(line.starts_at),
      hallName: line.hall_name ?? '',
      rankName: line.rank_name,
      priceName: line.price_name,
      rowNr: line.row_nr,
      seatNr: line.seat_nr,
      amountCents: line.amount_cents,
    })),
  };
}

/** Whether the payment page may still change the order. */
export const isPayable = (order: Pick<OrderDocument, 'status' | 'paymentStatus'>) =>
  order.status === 'res' && (order.paymentStatus === 'none' || order.paymentStatus === 'pending');

/** Releases an order's seats and marks its lines deleted, in the caller's transaction. */
export async function cancelOrderLines(tx: Queryable, orderId: number, now: Date): Promise<void> {
  await tx.query(`delete from seat_claims where order_id = $1 and state = 'sold'`, [orderId]);
  await tx.query('update order_seats set deleted_at = $2::timestamptz where order_id = $1 and deleted_at is null', [
    orderId,
    at(now),
  ]);
}

/**
 * Applies a payment-page action; returns where to send the buyer: `redirectURL` with `return=<order_key>`
 * (set through the URL API, so an existing query is kept), or the payment page itself when the order
 * has no redirect URL.
 */
export async function applyPaymentAction(
  deps: ServiceDeps,
  client: Client,
  orderKey: string,
  /** As posted by the form; checked once the order is known (an unknown order is a 404 whatever the body). */
  action: unknown,
): Promise<{ redirectUrl: string | null }> {
  const now = deps.now();
  return sellingTransaction(deps.db, async (tx) => {
    if (orderKey.length > 200) throw new NotFoundError(ORDER_NOT_FOUND);
    const { rows } = await tx.query<{
      id: number;
      status: string;
      payment_status: string;
      redirect_url: string | null;
      payment_due_at: Date | null;
    }>(
      `select id, status, payment_status, redirect_url, payment_due_at
         from orders where client_id = $1 and order_key = $2 for update`,
      [client.id, orderKey],
    );
    const order = rows[0];
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (typeof action !== 'string' || !ACTIONS.includes(action)) {
      throw new ValidationError('Choose pay, later or cancel.', { action: ['Must be pay, later or cancel.'] });
    }
    if (!isPayable({ status: order.status, paymentStatus: order.payment_status })) {
      throw new ConflictError('This order can no longer be changed on the payment page.');
    }
    // Due but not swept yet: it has lapsed all the same (see payment-window.ts); the sweep releases it.
    if (order.payment_due_at !== null && new Date(order.payment_due_at).getTime() <= now.getTime()) {
      throw new ConflictError('The payment window of this order has passed.');
    }
    if (action === 'pay') {
      await tx.query(
        `update orders set status = 'ord', payment_status = 'paid', last_changed = $2::timestamptz where id = $1`,
        [order.id, at(now)],
      );
    } else if (action === 'later') {
      await tx.query(`update orders set payment_status = 'pending', last_changed = $2::timestamptz where id = $1`, [
        order.id,
        at(now),
      ]);
    } else {
      await cancelOrderLines(tx, order.id, now);
      await tx.query(
        `update orders set status = 'cancel', payment_status = 'cancelled', amount_cents = 0, fee_cents = 0,
                donation_cents = 0, last_changed = $2::timestamptz
          where id = $1`,
        [order.id, at(now)],
      );
    }
    return { redirectUrl: order.redirect_url === null ? null : withReturn(order.redirect_url, orderKey) };
  });
}

/** `https://shop.test/done?x=1` + key → `https://shop.test/done?x=1&return=<key>`. */
export function withReturn(redirectUrl: string, orderKey: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('return', orderKey);
  return url.toString();
}
