import { customerSchema } from '@/contract/customer';
import type { ExportKind } from '@/contract/exports';
import { orderExportSchema, orderSeatSchema } from '@/contract/order';
import { waitinglistExportSchema } from '@/contract/waiting-list';
import type { Queryable } from '../../db/database';
import { buyerByName } from '../buyer-contact';
import { UnavailableError } from '../errors';
import {
  MIRROR_BATCH,
  type MirrorCursor,
  type MirroredKind,
  type MirroredOrderRow,
  mirrorCompleteBefore,
  mirroredCount,
  mirroredCustomers,
  mirroredCustomersSince,
  mirroredOrdersSince,
  mirroredWaitingListSince,
  orderLinesOf,
} from '../mirror';
import { orderWithinEvents } from '../role-scopes';
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
const MIRRORED: Partial<Record<ExportKind, MirroredKind>> = {
  customers: 'customers',
  orders: 'orders',
  waitinglist: 'waitinglist',
};

/**
 * The mirror when its first full sync of the kind has finished, else the service. A scoped person's export
 * (`cut`) comes from the mirror only: the service's export knows no scope.
 */
export async function chooseSource(
  db: Queryable,
  upstream: UpstreamClient,
  kind: ExportKind,
  since: Date | null,
  cut: ExportCut | null = null,
): Promise<RecordSource> {
  const resource = MIRRORED[kind];
  const completeBefore = resource ? await mirrorCompleteBefore(db, upstream.organisationId, resource) : null;
  if (resource && completeBefore) {
    return mirrorSource(db, upstream.organisationId, resource, since, completeBefore, cut);
  }
  if (cut && resource) throw new UnavailableError('The mirror is still being filled: try this export again later.');
  return serviceSource(upstream, kind, since);
}

/** The seats and deleted seats of the orders of `orderIds`, as the orders export has them. */
async function seatsOf(
  db: Queryable,
  organisationId: number,
  orderIds: readonly string[],
): Promise<Map<string, { seats: ExportRecord[]; deletedSeats: ExportRecord[] }>> {
  const seats = new Map<string, { seats: ExportRecord[]; deletedSeats: ExportRecord[] }>();
  for (const line of await orderLinesOf(db, organisationId, orderIds)) {
    const entry = seats.get(line.order_id) ?? { seats: [], deletedSeats: [] };
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
    seats.set(line.order_id, entry);
  }
  return seats;
}

/** The mirrored customers of `ids` (text ids, nulls skipped), as the service's export has them. */
async function customersById(
  db: Queryable,
  organisationId: number,
  ids: readonly (string | null)[],
): Promise<Map<string, ExportRecord>> {
  const customers = await mirroredCustomers(
    db,
    organisationId,
    ids.map((id) => (id === null ? null : Number(id))),
  );
  return new Map([...customers].map(([id, body]) => [String(id), ordered(body, CUSTOMER_KEYS)]));
}

/**
 * What a mirror export reads: the organisation's records, all or those stamped since a time; for a scoped
 * person only those of their events (`withinEvents`), buyers by name unless they may see contact details.
 */
interface MirrorScope {
  db: Queryable;
  organisationId: number;
  since: Date | null;
  withinEvents: readonly number[] | null;
  namesOnly: boolean;
}

/** A scoped person's cut of an export: the events they see, and whether buyers come by name only. */
export interface ExportCut {
  eventIds: readonly number[];
  namesOnly: boolean;
}

/** A buyer as the export's reader may see them. */
const buyerOf = (table: Pick<MirrorScope, 'namesOnly'>, customer: ExportRecord | null) =>
  table.namesOnly && customer ? (buyerByName(customer) as ExportRecord) : customer;

/** One batch of records, and the row it ends with (where the next batch starts). */
interface Batch {
  records: ExportRecord[];
  last: MirrorCursor | undefined;
}

async function customerBatch(table: MirrorScope, after: MirrorCursor | null): Promise<Batch> {
  const { db, organisationId, since, withinEvents } = table;
  const rows = await mirroredCustomersSince(db, organisationId, since, after, withinEvents);
  return { records: rows.map((row) => buyerOf(table, ordered(row.body, CUSTOMER_KEYS)) ?? {}), last: rows.at(-1) };
}

/** Orders with their seats, deleted seats and customer, as the orders export has them. */
async function orderBatch(table: MirrorScope, after: MirrorCursor | null): Promise<Batch> {
  const { db, organisationId, since, withinEvents } = table;
  const rows = await mirroredOrdersSince(db, organisationId, since, after, withinEvents);
  return { records: await orderRecordsOf(table, rows), last: rows.at(-1) };
}

/**
 * Mirrored orders put back in the shape the orders export gives them: with their seats, deleted seats and
 * customer (by name only when the reader may not see contact details); a scoped person's with only their
 * events' seats and money.
 */
export async function orderRecordsOf(
  table: Pick<MirrorScope, 'db' | 'organisationId' | 'withinEvents' | 'namesOnly'>,
  rows: readonly MirroredOrderRow[],
): Promise<ExportRecord[]> {
  if (rows.length === 0) return [];
  const { db, organisationId, withinEvents } = table;
  const [seats, users] = await Promise.all([
    seatsOf(
      db,
      organisationId,
      rows.map((row) => row.id),
    ),
    customersById(
      db,
      organisationId,
      rows.map((row) => row.customer_id),
    ),
  ]);
  const within = withinEvents && new Set(withinEvents);
  return rows.map((row) => {
    const order = {
      ...row.body,
      ...(seats.get(row.id) ?? { seats: [], deletedSeats: [] }),
      user: row.customer_id === null ? null : buyerOf(table, users.get(row.customer_id) ?? null),
    };
    return ordered(within ? orderWithinEvents(order, within) : order, ORDER_KEYS);
  });
}

async function waitingListBatch(table: MirrorScope, after: MirrorCursor | null): Promise<Batch> {
  const { db, organisationId, since, withinEvents } = table;
  const rows = await mirroredWaitingListSince(db, organisationId, since, after, withinEvents);
  const users = await customersById(
    db,
    organisationId,
    rows.map((row) => row.customer_id),
  );
  const records = rows.map((row) =>
    ordered(
      {
        waitingId: Number(row.id),
        customerId: Number(row.customer_id),
        eventId: Number(row.event_id),
        numberOfTickets: row.number_of_tickets,
        type: row.type,
        // As the service wrote them, with the venue's offset, as every other mirrored record is given back.
        createdAt: row.created_text ?? new Date(row.stamp).toISOString(),
        notifiedAt: row.notified_at ? (row.notified_text ?? new Date(row.notified_at).toISOString()) : null,
        user: buyerOf(table, users.get(row.customer_id) ?? null),
      },
      WAITING_KEYS,
    ),
  );
  return { records, last: rows.at(-1) };
}

const BATCH_OF: Record<MirroredKind, (table: MirrorScope, after: MirrorCursor | null) => Promise<Batch>> = {
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
  cut: ExportCut | null,
): Promise<RecordSource> {
  const withinEvents = cut?.eventIds ?? null;
  const table: MirrorScope = { db, organisationId, since, withinEvents, namesOnly: cut?.namesOnly ?? false };
  const batchOf = BATCH_OF[kind];
  async function* batches(): AsyncGenerator<ExportRecord[]> {
    let after: MirrorCursor | null = null;
    for (;;) {
      const { records, last } = await batchOf(table, after);
      if (records.length > 0) yield records;
      if (records.length < MIRROR_BATCH || !last) return;
      after = { id: last.id, stamp: last.stamp };
    }
  }
  const total = await mirroredCount(db, organisationId, kind, since, withinEvents);
  return { source: 'mirror', total, batches, completeBefore };
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
