import type { Queryable } from '../../db/database';
import type { FactsRow } from './facts-columns';
import { dayNumber } from './facts-rule';

/*
 * The segment facts as segment-facts-directory.ts reads them into memory: a first read by customer id, then what
 * was written since a watermark (migration 041: the id of the writing transaction, as the customer search follows
 * the mirror, migration 006), and how many removals the organisation's facts have had.
 */

/**
 * Rows per read: small enough that on the embedded database, whose one connection the desk shares, a person's
 * statement waits for at most one read of a first load (2,000 customers with their purchases took 195 ms at load
 * 10.7 on PGlite at a million).
 */
export const FACTS_READ_BATCH = 1_000;

/**
 * The customer's purchases (migration 017) as [event, day, price type id] (the refresh writes their facts whenever
 * they change, migration 041, so they are read again with them): "bought … in a period" is judged in memory too.
 */
const PURCHASES = `select json_agg(json_build_array(p.event_id, p.order_day, t.id))
  from gateway.segment_customer_purchases p
  left join gateway.segment_price_types t on t.organisation_id = p.organisation_id and t.name = p.price_name
  where p.organisation_id = f.organisation_id and p.customer_id = f.customer_id`;

/**
 * A customer's facts as one JSON array: PGlite hands a result over value by value at a cost per value, and one
 * value per row instead of twenty-five reads the facts several times faster. Both drivers parse JSON themselves.
 */
const FACTS_ROW = `json_build_array(f.customer_id, f.change_xid, f.zip_digits, f.optin, f.mailinglist, f.extra_optin,
  f.orders, f.amount_cents, f.last_day, extract(epoch from f.last_changed) * 1000,
  extract(epoch from f.first_seen_at) * 1000, f.city, f.country, f.tags, f.days, f.running_cents, f.bought_events,
  f.bought_prices, (${PURCHASES}), f.custom1, f.custom2, f.custom3, f.custom4, f.custom5, f.custom6, f.custom7) as facts`;

/** FACTS_ROW's array: 19 values, then the custom fields. */
type FactsJson = [
  number,
  number,
  number | null,
  boolean,
  boolean,
  boolean,
  number | null,
  number | null,
  string | null,
  number,
  number,
  string,
  string,
  string[],
  string[] | null,
  number[] | null,
  number[] | null,
  number[] | null,
  [number, string, number | null][] | null,
  ...(string | null)[],
];

function factsRow(json: FactsJson): FactsRow {
  const [
    id,
    xid,
    zip,
    optin,
    mailinglist,
    extraOptin,
    orders,
    amountCents,
    lastDay,
    lastChangedMs,
    firstSeenMs,
    ...rest
  ] = json;
  const [city, country, tags, days, runningCents, events, prices, purchases, ...custom] = rest;
  return {
    id: Number(id),
    xid: Number(xid),
    zip,
    optin,
    mailinglist,
    extraOptin,
    orders,
    amountCents: amountCents === null ? null : Number(amountCents),
    lastDay: lastDay === null ? null : dayNumber(lastDay),
    lastChangedMs: Number(lastChangedMs),
    firstSeenMs: Number(firstSeenMs),
    city,
    country,
    tags,
    days: days?.map(dayNumber) ?? null,
    runningCents: runningCents?.map(Number) ?? null,
    events: events?.map(Number) ?? null,
    prices,
    purchases: (purchases ?? []).map(([event, day, price]) => ({
      event: Number(event),
      day: dayNumber(day),
      price: price === null ? null : Number(price),
    })),
    custom,
  };
}

/** Where a reader stands: the xmin of its read's snapshot (every later change has change_xid ≥ it), the removals. */
export interface FactsMark {
  xmin: number;
  removals: number;
}

const MARK = `select pg_snapshot_xmin(pg_current_snapshot())::text::float8 as xmin,
  coalesce((select removals from gateway.segment_facts_removals where organisation_id = $1), 0)::float8 as removals`;

/** The mark to read the facts from, taken before a first read. */
export async function factsMark(db: Queryable, organisationId: number): Promise<FactsMark> {
  const { rows } = await db.query<FactsMark>(MARK, [organisationId]);
  const mark = rows[0];
  if (!mark) throw new Error('no snapshot');
  return { xmin: Number(mark.xmin), removals: Number(mark.removals) };
}

/** A first read: the next FACTS_READ_BATCH customers after a customer id. */
export async function factsAfter(db: Queryable, organisationId: number, afterId: number): Promise<FactsRow[]> {
  const { rows } = await db.query<{ facts: FactsJson }>(
    `select ${FACTS_ROW} from gateway.segment_facts f
      where f.organisation_id = $1 and f.customer_id > $2::bigint order by f.customer_id limit ${FACTS_READ_BATCH}`,
    [organisationId, afterId],
  );
  return rows.map((row) => factsRow(row.facts));
}

/**
 * A catch-up: the facts written after (xid, id) in that order, FACTS_READ_BATCH at most, with the mark of the
 * statement's snapshot (one round trip, the usual answer being the mark alone).
 */
export async function factsChangedAfter(
  db: Queryable,
  organisationId: number,
  after: { xid: number; id: number },
): Promise<{ mark: FactsMark; rows: FactsRow[] }> {
  const { rows } = await db.query<{ xmin: number; removals: number; facts: FactsJson | null }>(
    `with mark as (${MARK}),
       changed as (select ${FACTS_ROW} from gateway.segment_facts f
          where f.organisation_id = $1 and (f.change_xid, f.customer_id) > ($2::bigint, $3::bigint)
          order by f.change_xid, f.customer_id limit ${FACTS_READ_BATCH})
     select mark.xmin, mark.removals, changed.facts from mark left join changed on true`,
    [organisationId, after.xid, after.id],
  );
  const first = rows[0];
  if (!first) throw new Error('no snapshot');
  return {
    mark: { xmin: Number(first.xmin), removals: Number(first.removals) },
    rows: rows.flatMap((row) => (row.facts ? [factsRow(row.facts)] : [])),
  };
}

/** What counting a rule in memory needs from the database (segment-sql.ts: compileLookups), by its column. */
export async function readLookups(db: Queryable, sql: string, params: unknown[]): Promise<Record<string, unknown>> {
  const { rows } = await db.query<Record<string, unknown>>(sql, params);
  return rows[0] ?? {};
}
