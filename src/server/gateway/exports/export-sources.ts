import { customerSchema } from '@/contract/customer';
import type { ExportKind } from '@/contract/exports';
import { orderExportSchema, orderSeatSchema } from '@/contract/order';
import { waitinglistExportSchema } from '@/contract/waiting-list';
import type { Queryable } from '../../db/database';
import { mirrorCompleteBefore } from '../mirror/mirror-store';
import type { RetryPolicy, UpstreamClient } from '../upstream/upstream-client';
import type { ExportRecord } from './export-rows';

/**
 * Where an export's records come from: the organisation's mirror (read in keyset batches, each record put
 * back in the shape the service's export gives it), or — while the mirror's first full sync has not finished,
 * and for the client types, which are not mirrored — the service's paginated export itself.
 */
export interface RecordSource {
  source: 'mirror' | 'service';
  /** Records the export will read (those of the watermark's second included). */
  total: number;
  /**
   * The mirror's: every change stamped before it is in the mirror (its sync's watermark), while records
   * stamped later may be there already (Foyer's own edits); an export's watermark moves no further. Absent
   * for the service itself.
   */
  completeBefore?: Date;
  batches(): AsyncGenerator<ExportRecord[]>;
}

const BATCH = 1000;

/** Keys in the order the service writes them (a mirrored body comes back from jsonb in another order). */
const CUSTOMER_KEYS = Object.keys(customerSchema.shape);
const ORDER_KEYS = Object.keys(orderExportSchema.shape);
const SEAT_KEYS = Object.keys(orderSeatSchema.shape);
const WAITING_KEYS = Object.keys(waitinglistExportSchema.shape);

/** The record with `keys` first, in that order, and any others (a service's additions) after them. */
function ordered(record: Record<string, unknown>, keys: readonly string[]): ExportRecord {
  const result: ExportRecord = {};
  for (const key of keys) if (key in record) result[key] = record[key];
  for (const [key, value] of Object.entries(record)) if (!(key in result)) result[key] = value;
  return result;
}

const euros = (cents: string | number) => Number(cents) / 100;

/** The kinds the mirror holds, with the resource name of its sync state. */
const MIRRORED: Partial<Record<ExportKind, 'customers' | 'orders' | 'waitinglist'>> = {
  customers: 'customers',
  orders: 'orders',
  waitinglist: 'waitinglist',
};

/** The mirror when its first full sync of the kind has finished, else the service. */
export async function chooseSource(
  db: Queryable,
  upstream: UpstreamClient,
  kind: ExportKind,
  since: Date | null,
): Promise<RecordSource> {
  const resource = MIRRORED[kind];
  const completeBefore = resource ? await mirrorCompleteBefore(db, upstream.organisationId, resource) : null;
  if (resource && completeBefore) return mirrorSource(db, upstream.organisationId, resource, since, completeBefore);
  return serviceSource(upstream, kind, since);
}

interface Keyed {
  id: string;
  stamp: Date;
}

export async function mirrorSource(
  db: Queryable,
  organisationId: number,
  kind: 'customers' | 'orders' | 'waitinglist',
  since: Date | null,
  completeBefore: Date,
): Promise<RecordSource> {
  const table = { customers: 'mirror_customers', orders: 'mirror_orders', waitinglist: 'mirror_waiting_list' }[kind];
  const id = { customers: 'customer_id', orders: 'order_id', waitinglist: 'waiting_id' }[kind];
  const stamp = kind === 'waitinglist' ? 'created_at' : 'last_changed';
  const sinceSql = since ? `and ${stamp} >= $2` : '';
  const baseParams: unknown[] = since ? [organisationId, since] : [organisationId];
  const counted = await db.query<{ n: number }>(
    `select count(*)::int as n from gateway.${table} where organisation_id = $1 ${sinceSql}`,
    baseParams,
  );
  /** The next batch of the table's rows after `after`, in (stamp, id) order: the export's own order. */
  const page = async <Row extends Keyed>(columns: string, after: Keyed | null): Promise<Row[]> => {
    const params = after ? [...baseParams, after.stamp, after.id] : baseParams;
    const n = baseParams.length;
    const afterSql = after ? `and (${stamp}, ${id}) > ($${n + 1}, $${n + 2}::bigint)` : '';
    const { rows } = await db.query<Row>(
      `select ${id}::text as id, ${stamp} as stamp, ${columns} from gateway.${table}
        where organisation_id = $1 ${sinceSql} ${afterSql} order by ${stamp}, ${id} limit ${BATCH}`,
      params,
    );
    return rows;
  };
  const customersById = async (ids: readonly (string | null)[]) => {
    const wanted = [...new Set(ids.filter((value): value is string => value !== null))];
    if (wanted.length === 0) return new Map<string, ExportRecord>();
    const { rows } = await db.query<{ id: string; body: Record<string, unknown> }>(
      `select customer_id::text as id, body from gateway.mirror_customers
        where organisation_id = $1 and customer_id = any($2::bigint[])`,
      [organisationId, wanted],
    );
    return new Map(rows.map((row) => [row.id, ordered(row.body, CUSTOMER_KEYS)]));
  };

  async function* batches(): AsyncGenerator<ExportRecord[]> {
    let after: Keyed | null = null;
    for (;;) {
      let records: ExportRecord[];
      let last: Keyed | undefined;
      if (kind === 'customers') {
        const rows: Array<Keyed & { body: Record<string, unknown> }> = await page('body', after);
        records = rows.map((row) => ordered(row.body, CUSTOMER_KEYS));
        last = rows[rows.length - 1];
      } else if (kind === 'orders') {
        const rows: Array<Keyed & { body: Record<string, unknown>; customer_id: string | null }> = await page(
          'body, customer_id::text as customer_id',
          after,
        );
        records = await ordersWithLines(rows);
        last = rows[rows.length - 1];
      } else {
        const rows: Array<
          Keyed & {
            customer_id: string;
            event_id: string;
            number_of_tickets: number;
            type: string;
            notified_at: Date | null;
          }
        > = await page('customer_id::text as customer_id, event_id, number_of_tickets, type, notified_at', after);
        const users = await customersById(rows.map((row) => row.customer_id));
        records = rows.map((row) =>
          ordered(
            {
              waitingId: Number(row.id),
              customerId: Number(row.customer_id),
              eventId: Number(row.event_id),
              numberOfTickets: row.number_of_tickets,
              type: row.type,
              createdAt: new Date(row.stamp).toISOString(),
              notifiedAt: row.notified_at ? new Date(row.notified_at).toISOString() : null,
              user: users.get(row.customer_id) ?? null,
            },
            WAITING_KEYS,
          ),
        );
        last = rows[rows.length - 1];
      }
      if (records.length > 0) yield records;
      if (records.length < BATCH || !last) return;
      after = { id: last.id, stamp: last.stamp };
    }
  }

  /** Orders with their seats, deleted seats and customer, as the orders export has them. */
  async function ordersWithLines(
    rows: ReadonlyArray<Keyed & { body: Record<string, unknown>; customer_id: string | null }>,
  ): Promise<ExportRecord[]> {
    if (rows.length === 0) return [];
    const [lines, users] = await Promise.all([
      db.query<{
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
      }>(
        `select order_id::text as order_id, deleted, seat_id, event_id, rank_id, row_nr, seat_nr, amount_cents,
                price_id, price_name
           from gateway.mirror_order_seats where organisation_id = $1 and order_id = any($2::bigint[])
          order by order_id, deleted, line_no`,
        [organisationId, rows.map((row) => row.id)],
      ),
      customersById(rows.map((row) => row.customer_id)),
    ]);
    const seatsOf = new Map<string, { seats: ExportRecord[]; deletedSeats: ExportRecord[] }>();
    for (const line of lines.rows) {
      const entry = seatsOf.get(line.order_id) ?? { seats: [], deletedSeats: [] };
      const seat = ordered(
        {
          seatId: Number(line.seat_id),
          eventId: Number(line.event_id),
          rankId: Number(line.rank_id),
          rowNr: line.row_nr,
          seatNr: line.seat_nr,
          amount: euros(line.amount_cents),
          priceId: line.price_id,
          priceName: line.price_name,
        },
        SEAT_KEYS,
      );
      (line.deleted ? entry.deletedSeats : entry.seats).push(seat);
      seatsOf.set(line.order_id, entry);
    }
    return rows.map((row) =>
      ordered(
        {
          ...row.body,
          ...(seatsOf.get(row.id) ?? { seats: [], deletedSeats: [] }),
          user: row.customer_id === null ? null : (users.get(row.customer_id) ?? null),
        },
        ORDER_KEYS,
      ),
    );
  }

  return { source: 'mirror', total: counted.rows[0]?.n ?? 0, batches, completeBefore };
}

/** Retries of an export's pages: waits of ½, 1, 2, 4 s (or what `Retry-After` asks), then the export fails. */
const EXPORT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 60_000 };

export async function serviceSource(
  upstream: UpstreamClient,
  kind: ExportKind,
  since: Date | null,
): Promise<RecordSource> {
  const path = `/partner/export/${kind}`;
  if (kind === 'clienttypes') {
    const names = await upstream.read('GET', path, { retry: EXPORT_RETRY });
    const list = typeof names === 'string' ? names.split(',') : Array.isArray(names) ? names : [];
    const records = list.map((name) => ({ clientType: String(name).trim() }));
    return {
      source: 'service',
      total: records.length,
      async *batches() {
        yield records;
      },
    };
  }
  // Page 1 now, for the total; the others as the export is read (a count reads none of them).
  const pages = upstream.exportPages<ExportRecord>(path, since, { retry: EXPORT_RETRY });
  const first = await pages.next();
  if (first.done) throw new Error(`the ${kind} export gave no first page`);
  return {
    source: 'service',
    total: first.value.total,
    async *batches() {
      yield first.value.data;
      for await (const page of pages) yield page.data;
    },
  };
}
