import { createHash } from 'node:crypto';
import type { Customer } from '@/contract/customer';
import type { OrderExport } from '@/contract/order';
import type { WaitinglistExport } from '@/contract/waiting-list';
import type { Database, Queryable } from '../../db/database';
import type { SyncPace } from './sync-pace';

/**
 * Writing the service's records into the mirror tables (migration 003): one page batch in a few statements,
 * whatever its size. The records travel as one JSON parameter that PostgreSQL takes apart
 * (`jsonb_array_elements`), order lines as column arrays (`unnest`), so a batch of 400 orders with 1,600
 * lines is one statement (orders and their lines together), not thousands of parameters. Used by the sync (mirror-sync.ts), the write-through after a change made in Foyer
 * (write-through.ts), and by whoever needs to put a record they read into the mirror.
 *
 * Every write is an upsert by id that never goes back in time: a record replaces the mirrored one only when
 * its `lastChanged` is not older, and then only when it changed (NEWER_OR_CHANGED). The sync and a write-through
 * may then write the same record in any order, and the second writes nothing.
 * Parsing is lenient, as the app's (DESIGN.md): decimals as numbers or strings, `customerTags` as a
 * comma-separated string or an array.
 */

/** A record as a service may send it: the contract's shape, or a lenient variant of it. */
type Lenient<T> = { [K in keyof T]?: unknown } & Record<string, unknown>;

export type MirrorCustomer = Lenient<Customer>;
export type MirrorOrder = Lenient<OrderExport>;
export type MirrorWaitingEntry = Lenient<WaitinglistExport>;

/** Integer cents of a partner decimal (a JSON number or a numeric string). */
const cents = (field: string) => `round((r->>'${field}')::numeric * 100)::bigint`;

/** Text of a field that may be missing or null. */
const text = (field: string) => `nullif(r->>'${field}', '')`;

/** The last record per id wins, unless an earlier one is newer (a batch may hold a record twice). */
function latestPerId<T>(records: readonly T[], id: (record: T) => unknown, changed: (record: T) => unknown): T[] {
  const byId = new Map<string, T>();
  for (const record of records) {
    const key = String(id(record));
    const kept = byId.get(key);
    if (!kept || instant(changed(record)) >= instant(changed(kept))) byId.set(key, record);
  }
  return [...byId.values()];
}

const instant = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) || 0 : 0);

/**
 * The condition under which an upsert replaces the mirrored row `m` with `excluded` (migration 042): the record is
 * newer, or as new and different by `column` (two changes within one second of a service that keeps seconds). The
 * same record read again (a sync after the write-through, the watermark's second at every sync) writes nothing.
 */
const NEWER_OR_CHANGED = (column: string) =>
  `m.last_changed < excluded.last_changed
        or (m.last_changed = excluded.last_changed and m.${column} is distinct from excluded.${column})`;

/**
 * A customer record `r`'s columns of the mirror after its organisation: id, email, last change, tags (a
 * comma-separated string or an array, split and trimmed) and the record itself.
 */
export const CUSTOMER_COLUMNS = `(r->>'customerId')::bigint, coalesce(r->>'email', ''), (r->>'lastChanged')::timestamptz,
            case jsonb_typeof(r->'customerTags')
              when 'array' then array(select btrim(t) from jsonb_array_elements_text(r->'customerTags') t
                                       where btrim(t) <> '')
              when 'string' then array(select btrim(t) from unnest(string_to_array(r->>'customerTags', ',')) t
                                        where btrim(t) <> '')
              else '{}'::text[] end,
            r`;

/**
 * Upserts customers (tags split, the record kept as `body`); returns how many rows were written. `bulk`: a first
 * full sync's write, whose per-statement trigger work waits for its end (see finishBulkCustomerWrite); the
 * statement says so itself (a setting local to its own transaction), so a write is one statement.
 */
export async function upsertCustomers(
  tx: Queryable,
  organisationId: number,
  records: readonly MirrorCustomer[],
  bulk = false,
): Promise<number> {
  if (records.length === 0) return 0;
  const unique = latestPerId(
    records,
    (r) => r.customerId,
    (r) => r.lastChanged,
  );
  const { rowCount } = await tx.query(
    `insert into gateway.mirror_customers as m (organisation_id, customer_id, email, last_changed, tags, body)
     select $1, ${CUSTOMER_COLUMNS}
       from ${bulk ? BULK_WRITE_SETTING : ''}jsonb_array_elements($2::jsonb) r
     on conflict (organisation_id, customer_id) do update
        set email = excluded.email, last_changed = excluded.last_changed, tags = excluded.tags,
            body = excluded.body, mirrored_at = now()
      where ${NEWER_OR_CHANGED('body')}`,
    [organisationId, JSON.stringify(unique)],
  );
  return rowCount;
}

/**
 * A first full sync's customer writes skip the per-statement work the database can do for all of them at the
 * end: the duplicate keys (migration 037) and the segments' facts (migration 040). Together they took
 * more than half of each write's time; at the end, in statements of BULK_FINISH_CHUNK customers, a fraction of
 * that. The setting the triggers read, set in the statement's FROM (evaluated before its first row, and so before
 * its statement triggers fire), local to the statement's transaction.
 */
const BULK_WRITE_SETTING = `(select set_config('foyer.mirror_bulk_write', 'on', true)) as bulk, `;

/**
 * Customers per statement of finishBulkCustomerWrite: a few dozen milliseconds on the embedded database, whose one
 * connection the people using Foyer share; on a server, where they have connections of their own, fewer commits.
 */
const BULK_FINISH_CHUNK = { pglite: 500, postgres: 2000 } as const;

/** The functions that do a bulk write's skipped work for the next customers after an id (migrations 037, 040). */
const BULK_FINISHERS = ['gateway.mirror_customers_bulk_written', 'gateway.segment_facts_bulk_written'] as const;

/**
 * After a first full sync wrote every customer (before it is marked finished): the work its writes skipped, in
 * statements of BULK_FINISH_CHUNK customers (none holds the embedded database's one connection for long). The
 * two passes write tables of their own (the keys and their marks, the facts and theirs): while the pace says so
 * (on a server, nobody at the desk waiting) a statement of each at once, on connections of their own (a first
 * sync of 100,000 customers spent 4.3 and 5.9 s of database time in them, one after the other); else one pass to
 * its end, then the other, pausing beside a busy desk as the walk does.
 */
export async function finishBulkCustomerWrite(db: Database, organisationId: number, pace: SyncPace): Promise<void> {
  // Each unfinished pass, with the last customer id it took.
  const after = new Map<string, string>(BULK_FINISHERS.map((finisher) => [finisher, '0']));
  const step = async (finisher: string) => {
    const { rows } = await db.query<{ last: string | null }>(`select ${finisher}($1, $2, $3)::text as last`, [
      organisationId,
      after.get(finisher),
      BULK_FINISH_CHUNK[db.kind],
    ]);
    const last = rows[0]?.last ?? null;
    if (last === null) after.delete(finisher);
    else after.set(finisher, last);
  };
  while (after.size > 0) {
    const started = performance.now();
    const now = [...after.keys()].slice(0, pace.sideBySide() ? after.size : 1);
    // Both statements to their end, so that a failed one leaves none of the other behind the sync's failure.
    const failed = (await Promise.allSettled(now.map(step))).find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await pace.giveWay(started);
  }
}

/**
 * Upserts orders and replaces the lines (`seats` and `deletedSeats`) of every order it wrote as a whole; an
 * order skipped as older than the mirrored one, or as the same, keeps its lines. Returns how many orders were
 * written.
 */
export async function upsertOrders(
  tx: Queryable,
  organisationId: number,
  records: readonly MirrorOrder[],
): Promise<number> {
  if (records.length === 0) return 0;
  const unique = latestPerId(
    records,
    (r) => r.orderId,
    (r) => r.lastChanged,
  );
  // The order's own fields as `body`; its lines go to their table, its customer is in mirror_customers. The digest
  // is of the whole record as read, lines included.
  const bodies = unique.map(({ user: _user, seats: _seats, deletedSeats: _deleted, ...order }) => order);
  const digests = unique.map((order) => createHash('sha1').update(JSON.stringify(order)).digest('base64'));
  const lines = linesOf(unique);
  // One statement (one round trip, and one commit outside a transaction; a sale's write-through is one):
  // `written` upserts the orders; `cleared` deletes the old lines of the updated ones, by id through the
  // primary key (a join with the written orders would read every line of the organisation); `placed` inserts
  // the lines of every order written. `placed` reads `cleared`, so the old lines are gone before the new ones
  // with the same keys go in.
  const { rows } = await tx.query<{ written: number }>(
    `with written as (
       insert into gateway.mirror_orders as m (organisation_id, order_id, order_key, customer_id, order_status,
              payment_status, channel, payment_method, order_date, time_out, amount_cents, fee_cents, donation_cents,
              discount_name, last_changed, body, record_digest)
       select $1, (r->>'orderId')::bigint, coalesce(r->>'orderKey', ''), (r->>'customerId')::bigint,
              coalesce(r->>'orderStatus', ''), coalesce(r->>'orderPaymentStatus', ''), coalesce(r->>'orderChannel', ''),
              coalesce(r->>'handlingTextPayment', ''), (r->>'orderDate')::timestamptz, (${text('timeOut')})::timestamptz,
              coalesce(${cents('amount')}, 0), coalesce(${cents('fee')}, 0),
              coalesce(${cents('donation')}, ${cents('orderDonation')}, 0), ${text('discountName')},
              (r->>'lastChanged')::timestamptz, r, ($14::text[])[e.n]
         from jsonb_array_elements($2::jsonb) with ordinality as e(r, n)
       on conflict (organisation_id, order_id) do update
          set order_key = excluded.order_key, customer_id = excluded.customer_id,
              order_status = excluded.order_status, payment_status = excluded.payment_status,
              channel = excluded.channel, payment_method = excluded.payment_method, order_date = excluded.order_date,
              time_out = excluded.time_out, amount_cents = excluded.amount_cents, fee_cents = excluded.fee_cents,
              donation_cents = excluded.donation_cents, discount_name = excluded.discount_name,
              last_changed = excluded.last_changed, body = excluded.body, record_digest = excluded.record_digest,
              mirrored_at = now()
        where ${NEWER_OR_CHANGED('record_digest')}
       returning order_id, xmax = 0 as inserted
     ), cleared as (
       delete from gateway.mirror_order_seats
        where organisation_id = $1
          and order_id = any(array(select order_id from written where not inserted))
       returning 1
     ), placed as (
       insert into gateway.mirror_order_seats (organisation_id, order_id, line_no, deleted, seat_id, event_id, rank_id,
              row_nr, seat_nr, amount_cents, price_id, price_name)
       select $1, l.* from unnest($3::bigint[], $4::int[], $5::boolean[], $6::bigint[], $7::bigint[], $8::bigint[],
              $9::int[], $10::int[], $11::bigint[], $12::text[], $13::text[])
              as l(order_id, line_no, deleted, seat_id, event_id, rank_id, row_nr, seat_nr, amount_cents, price_id,
                   price_name)
        where l.order_id in (select order_id from written) and (select count(*) from cleared) >= 0
     )
     select count(*)::int as written from written`,
    [
      organisationId,
      JSON.stringify(bodies),
      lines.orderId,
      lines.lineNo,
      lines.deleted,
      lines.seatId,
      lines.eventId,
      lines.rankId,
      lines.rowNr,
      lines.seatNr,
      lines.amountCents,
      lines.priceId,
      lines.priceName,
      digests,
    ],
  );
  return rows[0]?.written ?? 0;
}

/** The lines of orders as columns (for one `unnest` insert), numbered from 1 per order and kind. */
function linesOf(orders: readonly MirrorOrder[]) {
  const columns = {
    orderId: [] as number[],
    lineNo: [] as number[],
    deleted: [] as boolean[],
    seatId: [] as number[],
    eventId: [] as number[],
    rankId: [] as number[],
    rowNr: [] as number[],
    seatNr: [] as number[],
    amountCents: [] as number[],
    priceId: [] as string[],
    priceName: [] as string[],
  };
  for (const order of orders) {
    for (const [deleted, lines] of [
      [false, order.seats],
      [true, order.deletedSeats],
    ] as const) {
      if (!Array.isArray(lines)) continue;
      lines.forEach((line: Record<string, unknown>, index: number) => {
        columns.orderId.push(Number(order.orderId));
        columns.lineNo.push(index + 1);
        columns.deleted.push(deleted);
        columns.seatId.push(integer(line.seatId));
        columns.eventId.push(integer(line.eventId));
        columns.rankId.push(integer(line.rankId));
        columns.rowNr.push(integer(line.rowNr));
        columns.seatNr.push(integer(line.seatNr));
        columns.amountCents.push(Math.round(Number(line.amount ?? 0) * 100) || 0);
        columns.priceId.push(String(line.priceId ?? ''));
        columns.priceName.push(String(line.priceName ?? ''));
      });
    }
  }
  return columns;
}

/** An integer field sent as a number or a numeric string; 0 when missing. */
const integer = (value: unknown): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : 0;
};

/**
 * Upserts waiting-list entries. They carry no `lastChanged` (their watermark is `createdAt`, which a change
 * of `type` or `notifiedAt` does not move), so the newest read always wins.
 */
export async function upsertWaitingList(
  tx: Queryable,
  organisationId: number,
  records: readonly MirrorWaitingEntry[],
): Promise<number> {
  if (records.length === 0) return 0;
  const unique = latestPerId(
    records,
    (r) => r.waitingId,
    () => null,
  );
  const { rowCount } = await tx.query(
    `insert into gateway.mirror_waiting_list (organisation_id, waiting_id, customer_id, event_id, number_of_tickets,
            type, created_at, notified_at, created_text, notified_text)
     select $1, (r->>'waitingId')::bigint, (r->>'customerId')::bigint, (r->>'eventId')::bigint,
            coalesce((r->>'numberOfTickets')::integer, 0), coalesce(r->>'type', ''), (r->>'createdAt')::timestamptz,
            (${text('notifiedAt')})::timestamptz, r->>'createdAt', ${text('notifiedAt')}
       from jsonb_array_elements($2::jsonb) r
     on conflict (organisation_id, waiting_id) do update
        set customer_id = excluded.customer_id, event_id = excluded.event_id,
            number_of_tickets = excluded.number_of_tickets, type = excluded.type, created_at = excluded.created_at,
            notified_at = excluded.notified_at, created_text = excluded.created_text,
            notified_text = excluded.notified_text, mirrored_at = now()`,
    [organisationId, JSON.stringify(unique)],
  );
  return rowCount;
}

/** Whether the mirror's first full sync of a resource has finished: until then it holds only part of it. */
export async function fullSyncFinished(db: Queryable, organisationId: number, resource: string): Promise<boolean> {
  const { rows } = await db.query<{ done: boolean }>(
    `select full_sync_finished_at is not null as done from gateway.mirror_sync_state
      where organisation_id = $1 and resource = $2`,
    [organisationId, resource],
  );
  return rows[0]?.done ?? false;
}

/**
 * The organisations whose full sync is under way now, on this instance or another: a resource whose full sync
 * has not finished while the organisation's sync lease is held. Background work that competes with such a sync
 * for the database (the segments' keeper) waits until it has finished.
 */
export async function organisationsInFullSync(db: Queryable): Promise<Set<number>> {
  const { rows } = await db.query<{ organisation_id: string }>(
    `select distinct s.organisation_id from gateway.mirror_sync_state s
       join gateway.mirror_sync_leases l on l.organisation_id = s.organisation_id and l.expires_at > now()
      where s.full_sync_finished_at is null`,
  );
  return new Set(rows.map((row) => Number(row.organisation_id)));
}

/**
 * The point up to which the mirror of a resource is known complete: its sync's watermark (every change
 * stamped before it has been read; records stamped later may be there already, written through by Foyer).
 * Null while its first full sync has not finished: it then holds only part of the resource.
 */
export async function mirrorCompleteBefore(
  db: Queryable,
  organisationId: number,
  resource: string,
): Promise<Date | null> {
  const { rows } = await db.query<{ watermark: Date | null }>(
    `select watermark from gateway.mirror_sync_state
      where organisation_id = $1 and resource = $2 and full_sync_finished_at is not null`,
    [organisationId, resource],
  );
  const watermark = rows[0]?.watermark;
  return watermark ? new Date(watermark) : null;
}

/** One resource's sync state (migrations 003 and 008), as the status shows it. */
export interface SyncStateRow {
  resource: string;
  watermark: Date | null;
  last_attempt_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  full_sync_started_at: Date | null;
  full_sync_finished_at: Date | null;
  full_sync_total: string | number | null;
  full_sync_done: string | number;
}

/** The sync states of the organisation's resources (those synced at least once). */
export async function syncStates(db: Queryable, organisationId: number): Promise<SyncStateRow[]> {
  const { rows } = await db.query<SyncStateRow>(
    `select resource, watermark, last_attempt_at, last_success_at, last_error, full_sync_started_at,
            full_sync_finished_at, full_sync_total, full_sync_done
       from gateway.mirror_sync_state where organisation_id = $1`,
    [organisationId],
  );
  return rows;
}

/**
 * When the organisation's mirror last finished a sync of every resource: the earliest of their last successes,
 * null until each has had its first full sync. What runs "after each sync" (auto tags, the duplicate scan)
 * compares this with the mark of its own last run, so it works across instances and restarts without a hook
 * in the sync itself.
 */
export async function lastCompleteSync(db: Queryable, organisationId: number): Promise<Date | null> {
  const { rows } = await db.query<{ synced_at: Date | null; resources: string | number }>(
    `select min(last_success_at) as synced_at, count(*) filter (where full_sync_finished_at is not null) as resources
       from gateway.mirror_sync_state where organisation_id = $1`,
    [organisationId],
  );
  const row = rows[0];
  if (!row?.synced_at || Number(row.resources) < 3) return null;
  return new Date(row.synced_at);
}
