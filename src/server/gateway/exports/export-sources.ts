import { customerSchema } from '@/contract/customer';
import type { ExportKind } from '@/contract/exports';
import { orderExportSchema, orderSeatSchema } from '@/contract/order';
import { waitinglistExportSchema } from '@/contract/waiting-list';
import type { Queryable } from '../../db/database';
import { mirrorCompleteBefore } from '../mirror/mirror-store';
import type { RetryPolicy, UpstreamClient } from '../upstream';
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

type MirroredKind = 'customers' | 'orders' | 'waitinglist';

/** The kinds the mirror holds, with the resource name of its sync state. */
const MIRRORED: Partial<Record<ExportKind, MirroredKind>> = {
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

/** One kind's mirrored table of an organisation, read whole or since a time, in the export's (stamp, id) order. */
class MirrorTable {
  readonly #table: string;
  readonly #id: string;
  readonly #stamp: string;
  readonly #sinceSql: string;
  readonly #params: unknown[];

  constructor(
    private readonly db: Queryable,
    private readonly organisationId: number,
    kind: MirroredKind,
    since: Date | null,
  ) {
    this.#table = { customers: 'mirror_customers', orders: 'mirror_orders', waitinglist: 'mirror_waiting_list' }[kind];
    this.#id = { customers: 'customer_id', orders: 'order_id', waitinglist: 'waiting_id' }[kind];
    this.#stamp = kind === 'waitinglist' ? 'created_at' : 'last_changed';
    this.#sinceSql = since ? `and ${this.#stamp} >= $2` : '';
    this.#params = since ? [organisationId, since] : [organisationId];
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `select count(*)::int as n from gateway.${this.#table} where organisation_id = $1 ${this.#sinceSql}`,
      this.#params,
    );
    return rows[0]?.n ?? 0;
  }

  /** The next batch of rows after `after`, each with `columns` beside its id and stamp. */
  async page<Row extends Keyed>(columns: string, after: Keyed | null): Promise<Row[]> {
    const [id, stamp, n] = [this.#id, this.#stamp, this.#params.length];
    const params = after ? [...this.#params, after.stamp, after.id] : this.#params;
    const afterSql = after ? `and (${stamp}, ${id}) > ($${n + 1}, $${n + 2}::bigint)` : '';
    const { rows } = await this.db.query<Row>(
      `select ${id}::text as id, ${stamp} as stamp, ${columns} from gateway.${this.#table}
        where organisation_id = $1 ${this.#sinceSql} ${afterSql} order by ${stamp}, ${id} limit ${BATCH}`,
      params,
    );
    return rows;
  }

  /** The mirrored customers of `ids` (nulls skipped), as the service's export has them. */
  async customersById(ids: readonly (string | null)[]): Promise<Map<string, ExportRecord>> {
    const wanted = [...new Set(ids.filter((value): value is string => value !== null))];
    if (wanted.length === 0) return new Map<string, ExportRecord>();
    const { rows } = await this.db.query<{ id: string; body: Record<string, unknown> }>(
      `select customer_id::text as id, body from gateway.mirror_customers
        where organisation_id = $1 and customer_id = any($2::bigint[])`,
      [this.organisationId, wanted],
    );
    return new Map(rows.map((row) => [row.id, ordered(row.body, CUSTOMER_KEYS)]));
  }

  /** The seats and deleted seats of the orders of `orderIds`, as the orders export has them. */
  async seatsOf(
    orderIds: readonly string[],
  ): Promise<Map<string, { seats: ExportRecord[]; deletedSeats: ExportRecord[] }>> {
    const { rows } = await this.db.query<{
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
      [this.organisationId, orderIds],
    );
    const seatsOf = new Map<string, { seats: ExportRecord[]; deletedSeats: ExportRecord[] }>();
    for (const line of rows) {
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
    return seatsOf;
  }
}

/** One batch of records, and the row it ends with (where the next batch starts). */
interface Batch {
  records: ExportRecord[];
  last: Keyed | undefined;
}

async function customerBatch(table: MirrorTable, after: Keyed | null): Promise<Batch> {
  const rows = await table.page<Keyed & { body: Record<string, unknown> }>('body', after);
  return { records: rows.map((row) => ordered(row.body, CUSTOMER_KEYS)), last: rows.at(-1) };
}

/** Orders with their seats, deleted seats and customer, as the orders export has them. */
async function orderBatch(table: MirrorTable, after: Keyed | null): Promise<Batch> {
  const rows = await table.page<Keyed & { body: Record<string, unknown>; customer_id: string | null }>(
    'body, customer_id::text as customer_id',
    after,
  );
  if (rows.length === 0) return { records: [], last: undefined };
  const [seatsOf, users] = await Promise.all([
    table.seatsOf(rows.map((row) => row.id)),
    table.customersById(rows.map((row) => row.customer_id)),
  ]);
  const records = rows.map((row) =>
    ordered(
      {
        ...row.body,
        ...(seatsOf.get(row.id) ?? { seats: [], deletedSeats: [] }),
        user: row.customer_id === null ? null : (users.get(row.customer_id) ?? null),
      },
      ORDER_KEYS,
    ),
  );
  return { records, last: rows.at(-1) };
}

async function waitingListBatch(table: MirrorTable, after: Keyed | null): Promise<Batch> {
  const rows = await table.page<
    Keyed & { customer_id: string; event_id: string; number_of_tickets: number; type: string; notified_at: Date | null }
  >('customer_id::text as customer_id, event_id, number_of_tickets, type, notified_at', after);
  const users = await table.customersById(rows.map((row) => row.customer_id));
  const records = rows.map((row) =>
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
  return { records, last: rows.at(-1) };
}

const BATCH_OF: Record<MirroredKind, (table: MirrorTable, after: Keyed | null) => Promise<Batch>> = {
  customers: customerBatch,
  orders: orderBatch,
  waitinglist: waitingListBatch,
};

export async function mirrorSource(
  db: Queryable,
  organisationId: number,
  kind: MirroredKind,
  since: Date | null,
  completeBefore: Date,
): Promise<RecordSource> {
  const table = new MirrorTable(db, organisationId, kind, since);
  const batchOf = BATCH_OF[kind];
  async function* batches(): AsyncGenerator<ExportRecord[]> {
    let after: Keyed | null = null;
    for (;;) {
      const { records, last } = await batchOf(table, after);
      if (records.length > 0) yield records;
      if (records.length < BATCH || !last) return;
      after = { id: last.id, stamp: last.stamp };
    }
  }
  return { source: 'mirror', total: await table.count(), batches, completeBefore };
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
