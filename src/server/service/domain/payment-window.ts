import type { Logger } from 'pino';
import type { Queryable } from '../../db/database';
import { at } from './selling-transaction';

/**
 * The payment window (PAYMENT_WINDOW_SECONDS, default 20 minutes). An order checked out with an online
 * payment method is a reservation (`res`) whose seats are sold to it; unless it is paid (`ord`) within the
 * window, it lapses exactly as if the buyer had pressed Cancel on the payment page: `cancel`/`cancelled`,
 * its seats released (claims deleted, lines marked deleted so they show in `deletedSeats`), totals 0 and
 * `lastChanged` = the moment it lapsed. `pending` (pay later) does not stop the clock: it is as cheap to
 * reach from the anonymous payment page as the reservation itself.
 *
 * Every process sweeps; several processes on one PostgreSQL never lapse one order twice nor wait for each
 * other: the due orders are locked with SKIP LOCKED and changed only while still `res` (a payment that
 * commits first wins; a payment after the lapse finds the order cancelled).
 */
export async function lapseUnpaidOrders(db: Queryable, now: Date, batch = 500): Promise<number> {
  // Most sweeps find nothing due: a plain read (no write, no row lock, nothing for the embedded database's
  // read caches to notice) answers that.
  const due = await db.query(
    `select 1 from orders where payment_due_at <= $1::timestamptz and status = 'res' limit 1`,
    [at(now)],
  );
  if (due.rows.length === 0) return 0;
  const { rows } = await db.query<{ lapsed: number }>(
    `with due as (
       select id from orders
        where payment_due_at <= $1::timestamptz and status = 'res'
        order by id limit $2
        for update skip locked
     ), lapsed as (
       update orders o
          set status = 'cancel', payment_status = 'cancelled', amount_cents = 0, fee_cents = 0, donation_cents = 0,
              last_changed = $1::timestamptz
         from due where o.id = due.id and o.status = 'res'
       returning o.id
     ), released as (
       delete from seat_claims c using lapsed where c.order_id = lapsed.id and c.state = 'sold'
     ), deleted_lines as (
       update order_seats s set deleted_at = $1::timestamptz
         from lapsed where s.order_id = lapsed.id and s.deleted_at is null
     )
     select count(*)::int as lapsed from lapsed`,
    [at(now), batch],
  );
  return rows[0]?.lapsed ?? 0;
}

/** How often each process sweeps: seats come back at most this long after their window ends. */
export function sweepIntervalMs(paymentWindowSeconds: number): number {
  return Math.min(15_000, Math.max(1_000, Math.floor((paymentWindowSeconds * 1000) / 4)));
}

/**
 * One sweep of the payment window: lapses the unpaid online orders that are due, in batches. Run by the
 * scheduler (src/server/scheduler.ts) every `sweepIntervalMs` in every process.
 */
export async function sweepPaymentWindow(options: { db: Queryable; log: Logger; now: () => Date }): Promise<void> {
  try {
    // A full batch means more may be due: sweep on until none is left.
    let lapsed = 0;
    for (let batch = await lapseUnpaidOrders(options.db, options.now()); ; ) {
      lapsed += batch;
      if (batch < 500) break;
      batch = await lapseUnpaidOrders(options.db, options.now());
    }
    if (lapsed > 0) options.log.info({ lapsed }, 'unpaid online orders lapsed');
  } catch (error) {
    // The database may be down for a moment (restart, failover): the next sweep tries again.
    options.log.warn({ err: error }, 'payment window sweep failed');
  }
}
