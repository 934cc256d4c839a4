import type { Queryable } from '../../db/database';
import { beforeBound, boundText, type TimeBound } from '../../db/time-bound';

/**
 * One customer's orders and waiting-list entries as the mirror holds them: the customer's story pages through
 * them newest first (customer-story/); a privacy request hands all of them over, oldest first, and counts what
 * stays for the books when the customer is anonymised (privacy/). Both read the same columns into the same shapes.
 */

/** An order of one customer: the fields every reader of a customer's orders shows. */
export interface CustomerOrder {
  orderId: number;
  orderKey: string;
  orderStatus: string;
  paymentStatus: string;
  channel: string;
  paymentMethod: string;
  orderDate: string;
  amountCents: number;
}

interface OrderColumns {
  order_id: string;
  order_key: string;
  order_status: string;
  payment_status: string;
  channel: string;
  payment_method: string;
  order_date: Date | string;
  /** The order's date as the service wrote it, with the venue's offset (the mirrored record's `orderDate`). */
  order_date_written: string | null;
  amount_cents: string;
}

function customerOrderOf(row: OrderColumns): CustomerOrder {
  return {
    orderId: Number(row.order_id),
    orderKey: row.order_key,
    orderStatus: row.order_status,
    paymentStatus: row.payment_status,
    channel: row.channel,
    paymentMethod: row.payment_method,
    // As written, so the app shows the venue's time as the order page does, not the reader's device's.
    orderDate: row.order_date_written ?? new Date(row.order_date).toISOString(),
    amountCents: Number(row.amount_cents),
  };
}

/** A waiting-list entry of one customer. */
export interface CustomerWaitingEntry {
  waitingId: number;
  eventId: number;
  numberOfTickets: number;
  type: string;
  createdAt: string;
  notifiedAt: string | null;
}

interface WaitingColumns {
  waiting_id: string;
  event_id: string;
  number_of_tickets: number;
  type: string;
  created_at: Date | string;
  notified_at: Date | string | null;
}

function waitingEntryOf(row: WaitingColumns): CustomerWaitingEntry {
  return {
    waitingId: Number(row.waiting_id),
    eventId: Number(row.event_id),
    numberOfTickets: row.number_of_tickets,
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    notifiedAt: row.notified_at === null ? null : new Date(row.notified_at).toISOString(),
  };
}

// ---- everything, oldest first (privacy/) ----

export interface MirroredCustomerOrder extends CustomerOrder {
  lastChanged: string;
  lines: {
    deleted: boolean;
    eventId: number;
    rowNr: number;
    seatNr: number;
    amountCents: number;
    priceName: string;
  }[];
}

/** The customer's orders, oldest first, each with its seats and removed seats (in line order). */
export async function ordersOfCustomer(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<MirroredCustomerOrder[]> {
  const { rows } = await db.query<
    OrderColumns & {
      last_changed: Date;
      lines:
        | {
            deleted: boolean;
            event_id: number;
            row_nr: number;
            seat_nr: number;
            amount_cents: number;
            price_name: string;
          }[]
        | null;
    }
  >(
    `select o.order_id, o.order_key, o.order_status, o.payment_status, o.channel, o.payment_method, o.order_date,
            o.body->>'orderDate' as order_date_written, o.last_changed, o.amount_cents,
            (select json_agg(json_build_object('deleted', s.deleted, 'event_id', s.event_id, 'row_nr', s.row_nr,
                                               'seat_nr', s.seat_nr, 'amount_cents', s.amount_cents,
                                               'price_name', s.price_name) order by s.deleted, s.line_no)
               from gateway.mirror_order_seats s
              where s.organisation_id = o.organisation_id and s.order_id = o.order_id) as lines
       from gateway.mirror_orders o
      where o.organisation_id = $1 and o.customer_id = $2
      order by o.order_date, o.order_id`,
    [organisationId, customerId],
  );
  return rows.map((row) => ({
    ...customerOrderOf(row),
    lastChanged: new Date(row.last_changed).toISOString(),
    lines: (row.lines ?? []).map((line) => ({
      deleted: line.deleted,
      eventId: Number(line.event_id),
      rowNr: Number(line.row_nr),
      seatNr: Number(line.seat_nr),
      amountCents: Number(line.amount_cents),
      priceName: line.price_name,
    })),
  }));
}

/** The customer's waiting-list entries, oldest first. */
export async function waitingListOfCustomer(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<CustomerWaitingEntry[]> {
  const { rows } = await db.query<WaitingColumns>(
    `select waiting_id, event_id, number_of_tickets, type, created_at, notified_at from gateway.mirror_waiting_list
      where organisation_id = $1 and customer_id = $2 order by created_at, waiting_id`,
    [organisationId, customerId],
  );
  return rows.map(waitingEntryOf);
}

// ---- a page at a time, newest first (customer-story/) ----

/** An order of one customer as the story shows it; `atText` is the database's text of its date (TimeBound). */
export interface CustomerOrderRow extends CustomerOrder {
  atText: string;
}

/** Up to `limit` of the customer's orders dated before `bound` (all when null), newest first. */
export async function customerOrdersBefore(
  db: Queryable,
  organisationId: number,
  customerId: number,
  bound: TimeBound | null,
  limit: number,
): Promise<CustomerOrderRow[]> {
  const params: unknown[] = [organisationId, customerId];
  const before = beforeBound('order_date', 'order_id', bound, params);
  const { rows } = await db.query<OrderColumns & { at_text: string }>(
    `select order_id, order_key, order_status, payment_status, channel, payment_method, order_date,
            body->>'orderDate' as order_date_written, ${boundText('order_date')} as at_text, amount_cents
       from gateway.mirror_orders
      where organisation_id = $1 and customer_id = $2 and ${before}
      order by order_date desc, order_id desc limit ${limit}`,
    params,
  );
  return rows.map((row) => ({ ...customerOrderOf(row), atText: row.at_text }));
}

/** A waiting-list entry of one customer as the story shows it. */
export interface CustomerWaitingRow extends CustomerWaitingEntry {
  atText: string;
}

/** Up to `limit` of the customer's waiting-list entries made before `bound` (all when null), newest first. */
export async function customerWaitingListBefore(
  db: Queryable,
  organisationId: number,
  customerId: number,
  bound: TimeBound | null,
  limit: number,
): Promise<CustomerWaitingRow[]> {
  const params: unknown[] = [organisationId, customerId];
  const before = beforeBound('created_at', 'waiting_id', bound, params);
  const { rows } = await db.query<WaitingColumns & { at_text: string }>(
    `select waiting_id, event_id, number_of_tickets, type, created_at, ${boundText('created_at')} as at_text, notified_at
       from gateway.mirror_waiting_list
      where organisation_id = $1 and customer_id = $2 and ${before}
      order by created_at desc, waiting_id desc limit ${limit}`,
    params,
  );
  return rows.map((row) => ({ ...waitingEntryOf(row), atText: row.at_text }));
}

/**
 * A customer's paid orders of `statuses` in figures: how many, their seats, their amount, the first and last date.
 * Paid only, as a segment counts a customer's orders: an order whose payment is pending or partial is not yet spent
 * (the story said "9, € 759,58" where the segment said "7 · € 537,08" of one customer).
 */
export interface CustomerOrderFigures {
  orders: number;
  tickets: number;
  amountCents: number;
  firstOrderAt: string | null;
  lastOrderAt: string | null;
}

export async function customerOrderFigures(
  db: Queryable,
  organisationId: number,
  customerId: number,
  statuses: readonly string[],
): Promise<CustomerOrderFigures> {
  const { rows } = await db.query<{
    orders: number;
    tickets: number;
    amount: string | null;
    first_at: Date | string | null;
    last_at: Date | string | null;
  }>(
    `select count(*)::int as orders, coalesce(sum(seats.n), 0)::int as tickets, sum(o.amount_cents) as amount,
            min(o.order_date) as first_at, max(o.order_date) as last_at
       from gateway.mirror_orders o
       cross join lateral (
             select count(*) as n from gateway.mirror_order_seats s
              where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted) seats
      where o.organisation_id = $1 and o.customer_id = $2 and o.order_status = any($3::text[])
        and o.payment_status = 'paid'`,
    [organisationId, customerId, statuses],
  );
  const row = rows[0];
  const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
  return {
    orders: row?.orders ?? 0,
    tickets: row?.tickets ?? 0,
    amountCents: Number(row?.amount ?? 0),
    firstOrderAt: iso(row?.first_at),
    lastOrderAt: iso(row?.last_at),
  };
}
