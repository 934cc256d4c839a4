import type { SegmentMember, SegmentRule } from '@/contract/segments';
import type { Database, Queryable } from '../../db/database';
import { type CompiledSegment, compileSegment } from './segment-sql';

/**
 * All SQL of the segments: the saved segments and the segment events (migration 017), and the statements that
 * count and list a rule's members over the mirror's tables (see segment-sql.ts for why they join those here).
 */

export interface StoredSegment {
  id: number;
  name: string;
  description: string;
  rule: SegmentRule;
  createdBy: number | null;
  createdAt: string;
  updatedBy: number | null;
  updatedAt: string;
}

interface SegmentRow {
  id: string;
  name: string;
  description: string;
  rule: SegmentRule;
  created_by: string | null;
  created_at: Date | string;
  updated_by: string | null;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const idOrNull = (value: string | null) => (value === null ? null : Number(value));

const toSegment = (row: SegmentRow): StoredSegment => ({
  id: Number(row.id),
  name: row.name,
  description: row.description,
  rule: row.rule,
  createdBy: idOrNull(row.created_by),
  createdAt: iso(row.created_at),
  updatedBy: idOrNull(row.updated_by),
  updatedAt: iso(row.updated_at),
});

const SEGMENT_COLUMNS = 'id, name, description, rule, created_by, created_at, updated_by, updated_at';

/** The day "today" for rules over the last N days: the calendar day in UTC. */
export const todayOf = (now: Date = new Date()) => now.toISOString().slice(0, 10);

export async function listSegments(db: Queryable, organisationId: number): Promise<StoredSegment[]> {
  const { rows } = await db.query<SegmentRow>(
    `select ${SEGMENT_COLUMNS} from gateway.segments where organisation_id = $1 order by lower(name), id`,
    [organisationId],
  );
  return rows.map(toSegment);
}

export async function findSegment(db: Queryable, organisationId: number, id: number): Promise<StoredSegment | null> {
  const { rows } = await db.query<SegmentRow>(
    `select ${SEGMENT_COLUMNS} from gateway.segments where organisation_id = $1 and id = $2`,
    [organisationId, id],
  );
  return rows[0] ? toSegment(rows[0]) : null;
}

/** Whether another segment of the organisation has this name (case-insensitively). */
export async function nameTaken(db: Queryable, organisationId: number, name: string, except: number | null) {
  const { rows } = await db.query(
    'select 1 from gateway.segments where organisation_id = $1 and lower(name) = lower($2) and id is distinct from $3',
    [organisationId, name, except],
  );
  return rows.length > 0;
}

export interface SegmentFields {
  name: string;
  description: string;
  rule: SegmentRule;
}

export async function insertSegment(db: Queryable, organisationId: number, fields: SegmentFields, accountId: number) {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.segments (organisation_id, name, description, rule, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $5) returning id`,
    [organisationId, fields.name, fields.description, JSON.stringify(fields.rule), accountId],
  );
  return Number(rows[0]?.id);
}

export async function updateSegment(
  db: Queryable,
  organisationId: number,
  id: number,
  fields: SegmentFields,
  accountId: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update gateway.segments set name = $3, description = $4, rule = $5, updated_by = $6, updated_at = now()
      where organisation_id = $1 and id = $2`,
    [organisationId, id, fields.name, fields.description, JSON.stringify(fields.rule), accountId],
  );
  return rowCount > 0;
}

export async function deleteSegment(db: Queryable, organisationId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from gateway.segments where organisation_id = $1 and id = $2', [
    organisationId,
    id,
  ]);
  return rowCount > 0;
}

/**
 * Marks the background keeper takes per statement (migration 028). On PGlite a statement holds the one connection
 * and the process's thread, so a request waits for at most one batch, not for all of a first sync's 34,000 marked
 * customers (20–25 s at load 30–37; a sign-in right after a start waited 22–24 s, 4–7 s with batches of 1,000).
 * There, in the minute after the e2e server's first sync of 50,000 orders (a report read every 100 ms, three runs
 * each, side by side), batches of 5,000 made reads wait up to 870–977 ms (3–8 over 500 ms; p95 13–14 ms), batches
 * of 1,000 up to 183–244 ms (none over 500 ms; p95 61–69 ms). Smaller batches once cost a first sync dearly (with
 * 500, 101 s instead of 28 s), when the keeper took them while the sync wrote new marks; it now waits for a full
 * sync's end (refreshSegmentTotals). Then, on a fresh server with the demo's 20,000 customers, batches of 1,000
 * held the connection 111–202 ms each, one after the other for ten seconds, and a customer list polled from the
 * start waited up to 648 ms; batches of 400 hold it under 100 ms (the list's longest wait: 507 ms, behind the
 * sync's own statements). On a server a batch holds only its own connection: fewer commits.
 */
const REFRESH_BATCH = { pglite: 400, postgres: 5_000 } as const;

/**
 * Brings the marked per-customer order totals of every organisation up to date (the background keeper), but for
 * the organisations in `deferred` (their marks wait for a later run).
 */
export async function refreshAllCustomerTotals(
  db: Database,
  {
    batch = REFRESH_BATCH[db.kind],
    deferred = new Set<number>(),
  }: { batch?: number; deferred?: ReadonlySet<number> } = {},
): Promise<void> {
  const { rows } = await db.query<{ organisation_id: string }>(
    'select distinct organisation_id from gateway.segment_dirty_customers',
  );
  for (const organisationId of rows.map((row) => Number(row.organisation_id))) {
    if (deferred.has(organisationId)) continue;
    // A batch that took fewer marks than it could found none left (marks written meanwhile wait for the next run).
    for (;;) {
      const { rows: taken } = await db.query<{ marks: number }>(
        'select gateway.segment_refresh_customer_orders($1, $2) as marks',
        [organisationId, batch],
      );
      if ((taken[0]?.marks ?? 0) < batch) break;
    }
  }
}

/**
 * Work memory of a segment statement: enough to hash the ids of a million customers, so that every IN-subquery of
 * a rule (a waiting list, a purchase in a period) is a hashed subplan. With less, PostgreSQL falls back to scanning
 * the subquery's result once per customer: one generated rule with two of them under OR took minutes at a million
 * customers.
 */
const SEGMENT_WORK_MEM = '128MB';

/**
 * Parallel workers of a segment statement on PostgreSQL (PGlite has none). A count is one scan of the facts
 * (migration 039), which workers can share; but each worker builds a rule's hashed subquery again (a waiting list,
 * a purchase in a period: three times its CPU with two workers), so such a rule runs without them.
 */
function parallelWorkers(db: Database, compiled: CompiledSegment): number {
  return db.kind === 'postgres' && !compiled.hashes ? 2 : 0;
}

/**
 * Runs a rule's statement (`work`) once the per-customer facts the mirror's writes marked stale are brought up to
 * date (migrations 017 and 039), in a transaction with the work memory it needs, its parallel workers, and without
 * JIT: EXPLAIN (ANALYZE) on PostgreSQL at a million customers showed JIT compiling each statement for 100–170 ms
 * before running it (its cost is over the JIT threshold, yet it runs in a fraction of a second). One statement
 * sets it all.
 */
async function segmentStatement<T>(
  db: Database,
  organisationId: number,
  compiled: CompiledSegment,
  work: (tx: Queryable) => Promise<T>,
) {
  await refreshCustomerOrders(db, organisationId);
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('work_mem', '${SEGMENT_WORK_MEM}', true), set_config('jit', 'off', true),
              set_config('max_parallel_workers_per_gather', '${parallelWorkers(db, compiled)}', true)`,
    );
    return work(tx);
  });
}

export async function countMembers(db: Database, organisationId: number, rule: SegmentRule, today: string) {
  const compiled = compileSegment(organisationId, rule, today);
  const { from, where, params } = compiled;
  const { rows } = await segmentStatement(db, organisationId, compiled, (tx) =>
    tx.query<{ count: number }>(`select count(*)::int as count from ${from} where ${where}`, params),
  );
  return rows[0]?.count ?? 0;
}

/** The customer ids of a rule's members, ascending. */
export async function memberIds(db: Database, organisationId: number, rule: SegmentRule, today: string) {
  const compiled = compileSegment(organisationId, rule, today);
  const { from, where, params } = compiled;
  const { rows } = await segmentStatement(db, organisationId, compiled, (tx) =>
    tx.query<{ customer_id: string }>(
      `select c.customer_id from ${from} where ${where} order by c.customer_id`,
      params,
    ),
  );
  return rows.map((row) => Number(row.customer_id));
}

/** A member's row: the customer's fields and the totals of their completed orders of all time (migration 039). */
const MEMBER_SELECT = `m.customer_id, m.email, m.tags, m.body,
  coalesce(f.orders, 0) as orders, coalesce(f.amount_cents, 0) as amount_cents,
  to_char(f.last_day, 'YYYY-MM-DD') as last_purchase
  from gateway.mirror_customers m
  join gateway.segment_facts f on f.organisation_id = m.organisation_id and f.customer_id = m.customer_id`;

interface MemberRow {
  customer_id: string;
  email: string;
  tags: string[];
  body: Record<string, unknown>;
  orders: number;
  amount_cents: string | number;
  last_purchase: string | null;
}

export interface MemberRecord extends SegmentMember {
  /** The mirrored Customer (for the export's columns). */
  body: Record<string, unknown>;
}

const field = (body: Record<string, unknown>, key: string) => {
  const value = body[key];
  return typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value);
};

export const customerName = (body: Record<string, unknown>) =>
  [field(body, 'customerFirstName'), field(body, 'customerPreposition'), field(body, 'customerLastName')]
    .filter(Boolean)
    .join(' ');

const toMember = (row: MemberRow): MemberRecord => ({
  customerId: Number(row.customer_id),
  name: customerName(row.body),
  email: row.email,
  city: field(row.body, 'customerCity'),
  orders: row.orders,
  amount: Number(row.amount_cents) / 100,
  lastPurchase: row.last_purchase,
  tags: row.tags,
  body: row.body,
});

/**
 * How many customers, from the lowest id, a preview walks in id order before it collects the rest: where members
 * are common the walk fills the page within them (milliseconds at a million customers); where they are rare a walk
 * along all the ids would take longer than a count (PGlite at 100,000 customers: 630 ms against 247 ms), so past
 * them the members are collected as a count collects them and only then sorted for the page.
 */
const PREVIEW_WALK = 20_000;

/**
 * The ids of a page of a rule's members (`tx` runs the rule's statement, see segmentStatement), in two parts: the
 * walk along the first `walk` ids; past them, only when the walk did not fill the page, the members collected
 * (materialized: planned as a count collects them, not as a walk along the ids) and the page's sorted out.
 *
 * A statement per part, so that the collection is not started when the walk filled the page (a statement in
 * parallel starts its workers before it could ask whether it is needed); but where the rule hashes a subquery of
 * customer ids (and so runs without workers), one statement of both, compiled `shared`, so that the subquery is
 * run once. The walk's end goes in as a value, not a subquery: EXPLAIN showed the planner, not knowing it, scan
 * all the customers to walk 20,000 of them.
 */
async function pageIds(
  tx: Queryable,
  { from, where, params, withs, hashes }: CompiledSegment,
  page: { offset: number; limit: number },
  walk: number,
): Promise<string[]> {
  const wanted = page.offset + page.limit;
  const n = params.length;
  const { rows: walkEnd } = await tx.query<{ customer_id: string }>(
    `select customer_id from gateway.segment_facts where organisation_id = $1
      order by customer_id offset $2 limit 1`,
    [params[0], walk],
  );
  const bound = walkEnd[0]?.customer_id ?? null;
  const ids = async (sql: string, values: unknown[]) =>
    (await tx.query<{ customer_id: string }>(sql, [...params, ...values])).rows.map((row) => row.customer_id);
  const withClause = (more: string[]) => (withs.length + more.length ? `with ${[...withs, ...more].join(', ')}` : '');
  // Placeholders past the rule's: the page's size, then the walk's end.
  const [limit, walkBound] = [`$${n + 1}`, `$${n + 2}`];
  const member = `select c.customer_id from ${from} where ${where}`;
  if (bound === null) {
    return (await ids(`${withClause([])} ${member} order by c.customer_id limit ${limit}`, [wanted])).slice(
      page.offset,
    );
  }
  const walked = `${member} and c.customer_id < ${walkBound} order by c.customer_id limit ${limit}`;
  const collected = `${member} and c.customer_id >= ${walkBound}`;
  if (hashes) {
    const found = await ids(
      `${withClause([
        `walked as materialized (${walked})`,
        `rest as materialized (${collected} and (select count(*) from walked) < ${limit})`,
      ])}
       select customer_id from walked
       union all
       (select customer_id from rest order by customer_id limit ${limit})`,
      [wanted, bound],
    );
    // The walked ids are below the walk's end, the collected ones from it on: in order, but sorted to be sure.
    return found.sort((a, b) => Number(a) - Number(b)).slice(page.offset, wanted);
  }
  let found = await ids(walked, [wanted, bound]);
  if (found.length < wanted) {
    const rest = `with rest as materialized (${collected}) select customer_id from rest order by customer_id limit ${limit}`;
    found = found.concat(await ids(rest, [wanted - found.length, bound]));
  }
  return found.slice(page.offset);
}

/**
 * A page of a rule's members, by customer id; one row more than asked tells whether there are more. `walk`: how many
 * customers it walks in id order first (PREVIEW_WALK; the tests make it small to cross it on a small mirror).
 */
export async function memberPage(
  db: Database,
  organisationId: number,
  rule: SegmentRule,
  today: string,
  page: { offset: number; limit: number },
  walk = PREVIEW_WALK,
): Promise<MemberRecord[]> {
  const compiled = compileSegment(organisationId, rule, today, { shared: true });
  const { rows } = await segmentStatement(db, organisationId, compiled, async (tx) => {
    const ids = await pageIds(tx, compiled, page, walk);
    return tx.query<MemberRow>(
      `select ${MEMBER_SELECT} where m.organisation_id = $1 and m.customer_id = any($2::bigint[]) order by m.customer_id`,
      [organisationId, ids],
    );
  });
  return rows.map(toMember);
}

/** The members of these ids (a chunk of an export), by customer id. */
export async function membersByIds(db: Queryable, organisationId: number, ids: readonly number[]) {
  await refreshCustomerOrders(db, organisationId);
  return membersWithIds(db, organisationId, ids);
}

/** The members of these ids as they stand, by customer id (a page of members counted in memory). */
export async function membersWithIds(db: Queryable, organisationId: number, ids: readonly number[]) {
  const { rows } = await db.query<MemberRow>(
    `select ${MEMBER_SELECT} where m.organisation_id = $1 and m.customer_id = any($2::bigint[]) order by m.customer_id`,
    [organisationId, ids],
  );
  return rows.map(toMember);
}

/** Brings the organisation's marked customers' order totals into their facts (migration 017), as a count needs. */
export async function refreshCustomerOrders(db: Queryable, organisationId: number): Promise<void> {
  await db.query('select gateway.segment_refresh_customer_orders($1)', [organisationId]);
}

export interface SegmentEvent {
  eventId: number;
  productionId: number;
  productionTitle: string;
  eventType: string | null;
}

/** Replaces the organisation's segment events with the service's current list. */
export async function replaceSegmentEvents(db: Queryable, organisationId: number, events: readonly SegmentEvent[]) {
  await db.query('delete from gateway.segment_events where organisation_id = $1', [organisationId]);
  if (events.length === 0) return;
  await db.query(
    `insert into gateway.segment_events (organisation_id, event_id, production_id, production_title, event_type)
     select $1, (e ->> 'eventId')::bigint, (e ->> 'productionId')::bigint, e ->> 'productionTitle', e ->> 'eventType'
       from jsonb_array_elements($2::jsonb) e
     on conflict do nothing`,
    [organisationId, JSON.stringify(events)],
  );
}

/** The productions and event types the organisation's events have. */
export async function eventChoices(db: Queryable, organisationId: number) {
  const [productions, types] = await Promise.all([
    db.query<{ production_id: string; title: string }>(
      `select production_id, min(production_title) as title from gateway.segment_events
        where organisation_id = $1 group by production_id order by min(production_title), production_id`,
      [organisationId],
    ),
    db.query<{ event_type: string }>(
      `select distinct event_type from gateway.segment_events
        where organisation_id = $1 and event_type is not null order by event_type`,
      [organisationId],
    ),
  ]);
  return {
    productions: productions.rows.map((row) => ({ productionId: Number(row.production_id), title: row.title })),
    eventTypes: types.rows.map((row) => row.event_type),
  };
}

/** The price names of the mirrored tickets (the price-type picker's suggestions). */
export async function priceNames(db: Queryable, organisationId: number): Promise<string[]> {
  const { rows } = await db.query<{ price_name: string }>(
    `select price_name from gateway.mirror_order_seats where organisation_id = $1 and not deleted
      group by price_name order by price_name limit 500`,
    [organisationId],
  );
  return rows.map((row) => row.price_name);
}
