import type { Customer } from '@/contract/customer';
import type { Queryable } from '../../db/database';

/**
 * The mirror's records as the other concerns read them (the writes are in mirror-store.ts): the customer
 * search's page of customers, the exports' keyset batches, a shift's earlier desk orders, a performance's
 * sold seats and waiting list. Each function answers one question with the statement it always had; the
 * callers shape the rows into their own answers.
 */

/** The customers of `ids` (nulls skipped) as the mirror holds them (the Customer as the service returned it), by id. */
export async function mirroredCustomers(
  db: Queryable,
  organisationId: number,
  ids: readonly (number | null)[],
): Promise<Map<number, Customer>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; body: Customer }>(
    `select customer_id::float8 as id, body from gateway.mirror_customers
      where organisation_id = $1 and customer_id = any($2::bigint[])`,
    [organisationId, wanted.map(String)],
  );
  return new Map(rows.map((row) => [row.id, row.body]));
}

/** The resources the mirror holds records of, as an export names them. */
export type MirroredKind = 'customers' | 'orders' | 'waitinglist';

/** Where a keyset batch ends and the next begins: the (stamp, id) of its last row. */
export interface MirrorCursor {
  id: string;
  stamp: Date;
}

/** One kind's table, its id and the stamp its records are ordered and filtered by. */
const TABLES: Record<MirroredKind, { table: string; id: string; stamp: string }> = {
  customers: { table: 'mirror_customers', id: 'customer_id', stamp: 'last_changed' },
  orders: { table: 'mirror_orders', id: 'order_id', stamp: 'last_changed' },
  waitinglist: { table: 'mirror_waiting_list', id: 'waiting_id', stamp: 'created_at' },
};

/** Rows per keyset batch. */
export const MIRROR_BATCH = 1000;

/**
 * Which of a kind's rows a scoped person's export reads (role-scopes/): the orders with a seat (kept or
 * removed) of the events, their buyers, the waiting list of the events. `$n` is the events' parameter.
 */
const WITHIN_EVENTS: Record<MirroredKind, (n: string) => string> = {
  orders: (n) => `and order_id in (select s.order_id from gateway.mirror_order_seats s
    where s.organisation_id = $1 and s.event_id = any(${n}::bigint[]))`,
  customers: (n) => `and customer_id in (select o.customer_id from gateway.mirror_orders o
    where o.organisation_id = $1 and o.order_id in (select s.order_id from gateway.mirror_order_seats s
      where s.organisation_id = $1 and s.event_id = any(${n}::bigint[])))`,
  waitinglist: (n) => `and event_id = any(${n}::bigint[])`,
};

/**
 * The organisation's rows of a kind, all or stamped at or after `since`, and only those of the events of
 * `withinEvents` when given: the condition and its parameters.
 */
function stampedSince(
  kind: MirroredKind,
  organisationId: number,
  since: Date | null,
  withinEvents: readonly number[] | null = null,
) {
  const params: unknown[] = [organisationId];
  let sql = '';
  if (since) {
    params.push(since);
    sql += ` and ${TABLES[kind].stamp} >= $${params.length}`;
  }
  if (withinEvents) {
    params.push(withinEvents);
    sql += ` ${WITHIN_EVENTS[kind](`$${params.length}`)}`;
  }
  return { sql, params };
}

/** How many records of a kind the mirror holds, all or stamped at or after `since` (within events: see above). */
export async function mirroredCount(
  db: Queryable,
  organisationId: number,
  kind: MirroredKind,
  since: Date | null,
  withinEvents: readonly number[] | null = null,
): Promise<number> {
  const where = stampedSince(kind, organisationId, since, withinEvents);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from gateway.${TABLES[kind].table} where organisation_id = $1 ${where.sql}`,
    where.params,
  );
  return rows[0]?.n ?? 0;
}

/** The next MIRROR_BATCH rows of a kind after `after`, in (stamp, id) order, each with `columns`. */
async function mirroredBatch<Row extends MirrorCursor>(
  db: Queryable,
  organisationId: number,
  kind: MirroredKind,
  since: Date | null,
  after: MirrorCursor | null,
  columns: string,
  withinEvents: readonly number[] | null,
): Promise<Row[]> {
  const { table, id, stamp } = TABLES[kind];
  const where = stampedSince(kind, organisationId, since, withinEvents);
  const n = where.params.length;
  const params = after ? [...where.params, after.stamp, after.id] : where.params;
  const afterSql = after ? `and (${stamp}, ${id}) > ($${n + 1}, $${n + 2}::bigint)` : '';
  const { rows } = await db.query<Row>(
    `select ${id}::text as id, ${stamp} as stamp, ${columns} from gateway.${table}
      where organisation_id = $1 ${where.sql} ${afterSql} order by ${stamp}, ${id} limit ${MIRROR_BATCH}`,
    params,
  );
  return rows;
}

type Body = Record<string, unknown>;

/** A batch of mirrored customers changed since `since` (all when null), after `after`. */
export function mirroredCustomersSince(
  db: Queryable,
  organisationId: number,
  since: Date | null,
  after: MirrorCursor | null,
  withinEvents: readonly number[] | null = null,
): Promise<(MirrorCursor & { body: Body })[]> {
  return mirroredBatch(db, organisationId, 'customers', since, after, 'body', withinEvents);
}

/** A mirrored order's own fields as the service gave them (lines in orderLinesOf), and its buyer's id. */
export type MirroredOrderRow = MirrorCursor & { body: Body; customer_id: string | null };

/** A batch of mirrored orders (their own fields; lines in orderLinesOf) changed since `since`, after `after`. */
export function mirroredOrdersSince(
  db: Queryable,
  organisationId: number,
  since: Date | null,
  after: MirrorCursor | null,
  withinEvents: readonly number[] | null = null,
): Promise<MirroredOrderRow[]> {
  return mirroredBatch(
    db,
    organisationId,
    'orders',
    since,
    after,
    'body, customer_id::text as customer_id',
    withinEvents,
  );
}

/**
 * A listing's `changedSince` as the service reads it (DESIGN.md decision 3): an instant (a datetime with an
 * offset), or a wall-clock time of the venue (a date is its midnight) — compared with the change's time as the
 * service wrote it, so the gateway needs no venue zone to cut where the service cuts.
 */
export type ChangedSince = { instant: Date } | { wallClock: string };

/**
 * One page (`size` rows from `offset`) of the orders with a seat (kept or removed) of `withinEvents`, as the
 * service lists them: `newest` first by order date (`GET /partner/order`), or by (last change, id) as its
 * export (`changed`); and how many there are in all.
 */
export async function mirroredOrderPage(
  db: Queryable,
  organisationId: number,
  page: {
    withinEvents: readonly number[];
    since: ChangedSince | null;
    order: 'newest' | 'changed';
    offset: number;
    size: number;
  },
): Promise<{ total: number; rows: MirroredOrderRow[] }> {
  const where = stampedSince('orders', organisationId, null, page.withinEvents);
  const params = [...where.params];
  let sinceSql = '';
  if (page.since && 'instant' in page.since) {
    params.push(page.since.instant);
    sinceSql = `and last_changed >= $${params.length}`;
  } else if (page.since) {
    params.push(page.since.wallClock);
    sinceSql = `and gateway.segment_written_changed(body ->> 'lastChanged', last_changed)
      >= ($${params.length}::timestamp at time zone 'UTC')`;
  }
  const from = `from gateway.mirror_orders where organisation_id = $1 ${where.sql} ${sinceSql}`;
  const sort = page.order === 'newest' ? 'order_date desc, order_id desc' : 'last_changed, order_id';
  const [counted, listed] = await Promise.all([
    db.query<{ n: number }>(`select count(*)::int as n ${from}`, params),
    db.query<MirroredOrderRow>(
      `select order_id::text as id, last_changed as stamp, body, customer_id::text as customer_id ${from}
        order by ${sort} limit ${Math.trunc(page.size)} offset ${Math.trunc(page.offset)}`,
      params,
    ),
  ]);
  return { total: counted.rows[0]?.n ?? 0, rows: listed.rows };
}
export interface MirroredWaitingEntry extends MirrorCursor {
  customer_id: string;
  event_id: string;
  number_of_tickets: number;
  type: string;
  notified_at: Date | null;
  /** The times as the service wrote them (migration 046); null for an entry not written since. */
  created_text: string | null;
  notified_text: string | null;
}

/** A batch of mirrored waiting-list entries created since `since` (all when null), after `after`. */
export function mirroredWaitingListSince(
  db: Queryable,
  organisationId: number,
  since: Date | null,
  after: MirrorCursor | null,
  withinEvents: readonly number[] | null = null,
): Promise<MirroredWaitingEntry[]> {
  return mirroredBatch(
    db,
    organisationId,
    'waitinglist',
    since,
    after,
    'customer_id::text as customer_id, event_id, number_of_tickets, type, notified_at, created_text, notified_text',
    withinEvents,
  );
}

export interface MirroredOrderLine {
  order_id: string;
  deleted: boolean;
  seat_id: string;
  event_id: string;
  rank_id: string;
  row_nr: number;
  seat_nr: number;
  amount_cents: string;
  price_id: string;
  price_name: string;
}

/** The lines (seats and deleted seats) of the orders of `orderIds`, by order, deleted last, in line order. */
export async function orderLinesOf(
  db: Queryable,
  organisationId: number,
  orderIds: readonly string[],
): Promise<MirroredOrderLine[]> {
  const { rows } = await db.query<MirroredOrderLine>(
    `select order_id::text as order_id, deleted, seat_id, event_id, rank_id, row_nr, seat_nr, amount_cents,
            price_id, price_name
       from gateway.mirror_order_seats where organisation_id = $1 and order_id = any($2::bigint[])
      order by order_id, deleted, line_no`,
    [organisationId, orderIds],
  );
  return rows;
}

/** A desk order as the mirror holds it, with the lines removed from it. */
export interface MirroredDeskOrder {
  orderId: number;
  orderStatus: string;
  paymentStatus: string;
  orderDate: string;
  lastChanged: string;
  amountCents: number;
  donationCents: number;
  feeCents: number;
  paymentMethod: string;
  removedLines: { eventId: number; amountCents: number }[];
}

/**
 * Desk orders (channel `sp`) dated before `from` whose last change falls in [from, to] (to: open when null),
 * by their last change, at most `limit`: a shift's refunds of earlier sales.
 */
export async function earlierDeskOrdersChangedIn(
  db: Queryable,
  organisationId: number,
  window: { from: Date; to: Date | null },
  limit: number,
): Promise<MirroredDeskOrder[]> {
  const { rows } = await db.query<{
    order_id: string;
    order_status: string;
    payment_status: string;
    order_date: Date;
    last_changed: Date;
    amount_cents: string;
    donation_cents: string;
    fee_cents: string;
    payment_method: string;
    removed_cents: string[] | null;
    removed_events: string[] | null;
  }>(
    `select o.order_id, o.order_status, o.payment_status, o.order_date, o.last_changed, o.amount_cents,
            o.donation_cents, o.fee_cents, o.payment_method, removed.cents as removed_cents,
            removed.events as removed_events
       from gateway.mirror_orders o
       cross join lateral (
             select array_agg(s.amount_cents) as cents, array_agg(s.event_id) as events
               from gateway.mirror_order_seats s
              where s.organisation_id = o.organisation_id and s.order_id = o.order_id and s.deleted) removed
      where o.organisation_id = $1 and o.last_changed >= $2 and ($3::timestamptz is null or o.last_changed <= $3)
        and o.order_date < $2 and o.channel = 'sp'
      order by o.last_changed
      limit ${limit}`,
    [organisationId, window.from, window.to],
  );
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    orderStatus: row.order_status,
    paymentStatus: row.payment_status,
    orderDate: new Date(row.order_date).toISOString(),
    lastChanged: new Date(row.last_changed).toISOString(),
    amountCents: Number(row.amount_cents),
    donationCents: Number(row.donation_cents),
    feeCents: Number(row.fee_cents),
    paymentMethod: row.payment_method,
    removedLines: (row.removed_cents ?? []).map((amount, index) => ({
      eventId: Number(row.removed_events?.[index]),
      amountCents: Number(amount),
    })),
  }));
}

/**
 * The desk's queue: orders changed since `since` that are reservations or, with `online`, web orders whose
 * payment status is one of `online`'s — each with its customer's body — by time-out, then id. The SQL
 * narrows by the fields the contract's predicates read; the desk's predicates decide.
 */
export async function openOrdersChangedSince(
  db: Queryable,
  organisationId: number,
  since: string,
  online: readonly string[] | null,
): Promise<{ body: Record<string, unknown>; customer: unknown }[]> {
  const { rows } = await db.query<{ body: Record<string, unknown>; customer: unknown }>(
    `select o.body, c.body as customer
       from gateway.mirror_orders o
       left join gateway.mirror_customers c on c.organisation_id = o.organisation_id and c.customer_id = o.customer_id
      where o.organisation_id = $1 and o.last_changed >= $2::date
        and (o.order_status = 'res' or ($3 and o.channel = 'www' and o.payment_status = any($4::text[])))
      order by o.time_out nulls last, o.order_id`,
    [organisationId, since, online !== null, online ?? []],
  );
  return rows;
}

/** Whether the mirror holds the order as an open reservation (status `res`). */
export async function isOpenReservation(db: Queryable, organisationId: number, orderId: number): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from gateway.mirror_orders where organisation_id = $1 and order_id = $2 and order_status = 'res'`,
    [organisationId, orderId],
  );
  return rows.length > 0;
}

/** One performance's waiting list in figures (counts and ticket sums as the database gives them: text). */
export interface WaitingListCounts {
  event_id: string;
  waiting: string;
  waiting_tickets: string;
  notified: string;
  converted: string;
  entries: string;
}

/** The waiting lists of the events of `eventIds` counted by state, per event (events without entries absent). */
export async function waitingListCountsOf(
  db: Queryable,
  organisationId: number,
  eventIds: readonly number[],
): Promise<WaitingListCounts[]> {
  const { rows } = await db.query<WaitingListCounts>(
    `select event_id, count(*) filter (where type = 'waiting') as waiting,
            coalesce(sum(number_of_tickets) filter (where type = 'waiting'), 0) as waiting_tickets,
            count(*) filter (where type = 'notified') as notified,
            count(*) filter (where type = 'converted') as converted, count(*) as entries
       from gateway.mirror_waiting_list
      where organisation_id = $1 and event_id = any($2::bigint[])
      group by event_id`,
    [organisationId, eventIds],
  );
  return rows;
}

/** An event's waiting list by type: entries and tickets, most entries first. */
export async function waitingListByType(
  db: Queryable,
  organisationId: number,
  eventId: number,
): Promise<{ type: string; entries: string; tickets: string }[]> {
  const { rows } = await db.query<{ type: string; entries: string; tickets: string }>(
    `select type, count(*) as entries, sum(number_of_tickets) as tickets from gateway.mirror_waiting_list
      where organisation_id = $1 and event_id = $2 group by type order by entries desc, type`,
    [organisationId, eventId],
  );
  return rows;
}

/**
 * An event's seats (not deleted) in orders of `statuses`, by price name: orders, tickets and revenue, most
 * tickets first.
 */
export async function seatsByPriceName(
  db: Queryable,
  organisationId: number,
  eventId: number,
  statuses: readonly string[],
): Promise<{ key: string; orders: number; tickets: string; revenue: string }[]> {
  const { rows } = await db.query<{ key: string; orders: number; tickets: string; revenue: string }>(
    `select s.price_name as key, count(distinct s.order_id)::int as orders, count(*) as tickets,
            sum(s.amount_cents) as revenue
       from gateway.mirror_order_seats s
       join gateway.mirror_orders o on o.organisation_id = s.organisation_id and o.order_id = s.order_id
      where s.organisation_id = $1 and s.event_id = $2 and not s.deleted and o.order_status = any($3)
      group by 1 order by tickets desc, key`,
    [organisationId, eventId, statuses],
  );
  return rows;
}
