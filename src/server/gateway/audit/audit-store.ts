import type { AuditAction } from '@/contract/audit';
import type { Queryable } from '../../db/database';
import { beforeBound, boundText, type TimeBound } from '../../db/time-bound';
import type { AuditEntry, Json } from './audit-trail';

/**
 * The audit trail's reads (gateway.audit_entries, gateway.audit_heads): the trail as the audit page and its
 * export read it, a chain as verify walks it, the heads the anchors record, and what the desk reads of the trail
 * (the checkouts Foyer made, the prints of an order). The appends are audit-trail.ts's (one statement each).
 */

interface AuditRow {
  id: string | number;
  organisation_id: string | number | null;
  at: Date | string;
  account_id: string | number | null;
  person: string | null;
  role: string | null;
  action: string;
  method: string | null;
  path: string | null;
  status: number | null;
  order_id: string | number | null;
  customer_id: string | number | null;
  cart_id: string | null;
  details: { [key: string]: Json } | null;
}

const COLUMNS =
  'id, organisation_id, at, account_id, person, role, action, method, path, status, order_id, customer_id, cart_id, details';

const num = (value: string | number | null) => (value === null ? null : Number(value));

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    organisationId: num(row.organisation_id),
    at: new Date(row.at).toISOString(),
    accountId: num(row.account_id),
    person: row.person,
    role: row.role,
    action: row.action,
    method: row.method,
    path: row.path,
    status: row.status,
    orderId: num(row.order_id),
    customerId: num(row.customer_id),
    cartId: row.cart_id,
    details: row.details,
  };
}

/** Which entries of an organisation's trail a reader asks for. */
export interface AuditFilter {
  /** Part of the email, in any case. */
  person?: string | undefined;
  action?: AuditAction | undefined;
  order?: number | undefined;
  customer?: number | undefined;
  /** A date or ISO datetime. */
  from?: string | undefined;
  /** A date (that whole day, UTC) or ISO datetime. */
  to?: string | undefined;
}

/** `YYYY-MM-DD` alone means that whole day (UTC): `to` then runs to the end of it. */
const endOf = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(value) + 86_400_000).toISOString() : value;

/** The WHERE clause and parameters of a filter, within one organisation. */
function whereOf(organisationId: number, filter: AuditFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [organisationId];
  const clauses = ['organisation_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filter.person) add((n) => `person ilike ${n} escape '\\'`, `%${filter.person.replace(/[\\%_]/g, '\\$&')}%`);
  if (filter.action) add((n) => `action = ${n}`, filter.action);
  if (filter.order !== undefined) add((n) => `order_id = ${n}`, filter.order);
  if (filter.customer !== undefined) add((n) => `customer_id = ${n}`, filter.customer);
  if (filter.from) add((n) => `at >= ${n}::timestamptz`, filter.from);
  if (filter.to) {
    const to = endOf(filter.to);
    add((n) => (to === filter.to ? `at <= ${n}::timestamptz` : `at < ${n}::timestamptz`), to);
  }
  return { sql: clauses.join(' and '), params };
}

/** How many entries of the organisation's trail `filter` selects. */
export async function countEntries(db: Queryable, organisationId: number, filter: AuditFilter): Promise<number> {
  const where = whereOf(organisationId, filter);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from gateway.audit_entries where ${where.sql}`,
    where.params,
  );
  return rows[0]?.n ?? 0;
}

/** A page of the entries `filter` selects, newest first. */
export async function listEntries(
  db: Queryable,
  organisationId: number,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditEntry[]> {
  const where = whereOf(organisationId, filter);
  const { rows } = await db.query<AuditRow>(
    `select ${COLUMNS} from gateway.audit_entries where ${where.sql}
      order by id desc limit ${page.limit} offset ${page.offset}`,
    where.params,
  );
  return rows.map(entryOf);
}

/** Up to `limit` entries `filter` selects with an id below `beforeId`, newest first (a batch of the export). */
export async function entriesBefore(
  db: Queryable,
  organisationId: number,
  filter: AuditFilter,
  beforeId: number,
  limit: number,
): Promise<AuditEntry[]> {
  const where = whereOf(organisationId, filter);
  const params = [...where.params, beforeId];
  const { rows } = await db.query<AuditRow>(
    `select ${COLUMNS} from gateway.audit_entries where ${where.sql} and id < $${params.length}
      order by id desc limit ${limit}`,
    params,
  );
  return rows.map(entryOf);
}

/** Whether the database has the audit trail's tables (the gateway store was created and migrated). */
export async function auditTrailExists(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ t: string | null }>(`select to_regclass('gateway.audit_heads')::text as t`);
  return Boolean(rows[0]?.t);
}

/** A chain to verify: an organisation's (null: the chain of sign-in failures that name none). */
export interface AuditChainRef {
  organisationId: number | null;
  clientName: string | null;
}

const chainRefOf = (row: { organisation_id: string | null; client_name: string | null }): AuditChainRef => ({
  organisationId: row.organisation_id === null ? null : Number(row.organisation_id),
  clientName: row.client_name,
});

/**
 * Every chain there is or was: those with entries, those with a head (their entries may be gone), and those of
 * `anchored` (organisations whose chain an anchor names), the chain without organisation last.
 */
export async function allChains(db: Queryable, anchored: readonly (number | null)[]): Promise<AuditChainRef[]> {
  const { rows } = await db.query<{ organisation_id: string | null; client_name: string | null }>(
    `select c.organisation_id, o.client_name
       from (select distinct organisation_id from gateway.audit_entries
             union
             select nullif(chain, 0) from gateway.audit_heads where hash is not null
             union
             select unnest($1::bigint[])) c
       left join gateway.organisations o on o.id = c.organisation_id
      order by c.organisation_id nulls last`,
    [[...new Set(anchored)]],
  );
  return rows.map(chainRefOf);
}

/** The chain of one organisation; none when there is no such organisation. */
export async function organisationChain(db: Queryable, organisationId: number): Promise<AuditChainRef[]> {
  const { rows } = await db.query<{ organisation_id: string | null; client_name: string | null }>(
    'select id as organisation_id, client_name from gateway.organisations where id = $1',
    [organisationId],
  );
  return rows.map(chainRefOf);
}

/** The hash of the chain's last entry as gateway.audit_heads records it (0 keys the chain without organisation). */
export async function chainHead(db: Queryable, organisationId: number | null): Promise<Uint8Array | null> {
  const { rows } = await db.query<{ hash: Uint8Array | null }>(
    'select hash from gateway.audit_heads where chain = $1',
    [organisationId ?? 0],
  );
  return rows[0]?.hash ?? null;
}

/** An entry with the hashes that chain it. */
export interface ChainedEntry {
  entry: AuditEntry;
  prevHash: Uint8Array | null;
  hash: Uint8Array;
}

/** Up to `limit` entries of a chain after entry `afterId`, oldest first. */
export async function chainEntriesAfter(
  db: Queryable,
  organisationId: number | null,
  afterId: number,
  limit: number,
): Promise<ChainedEntry[]> {
  const { rows } = await db.query<AuditRow & { prev_hash: Uint8Array | null; hash: Uint8Array }>(
    `select ${COLUMNS}, prev_hash, hash from gateway.audit_entries
      where organisation_id is not distinct from $1 and id > $2 order by id limit ${limit}`,
    [organisationId, afterId],
  );
  return rows.map((row) => ({ entry: entryOf(row), prevHash: row.prev_hash, hash: row.hash }));
}

/** The heads gateway.audit_heads records, by chain (null: the chain without organisation). */
export async function recordedHeads(db: Queryable): Promise<{ organisationId: number | null; hash: Uint8Array }[]> {
  const { rows } = await db.query<{ chain: string; hash: Uint8Array }>(
    'select chain, hash from gateway.audit_heads where hash is not null order by chain',
  );
  return rows.map((row) => ({ organisationId: Number(row.chain) === 0 ? null : Number(row.chain), hash: row.hash }));
}

/** A chain's last entry: its id and hash; null for a chain without entries. */
export async function lastEntryOf(
  db: Queryable,
  organisationId: number | null,
): Promise<{ id: number; hash: Uint8Array } | null> {
  const { rows } = await db.query<{ id: string; hash: Uint8Array }>(
    organisationId === null
      ? 'select id, hash from gateway.audit_entries where organisation_id is null order by id desc limit 1'
      : 'select id, hash from gateway.audit_entries where organisation_id = $1 order by id desc limit 1',
    organisationId === null ? [] : [organisationId],
  );
  const last = rows[0];
  return last ? { id: Number(last.id), hash: last.hash } : null;
}

/** A checkout Foyer made, as the trail holds it: the order, when, and who (their name as it is now). */
export interface RecordedCheckout {
  orderId: number;
  at: string;
  accountId: number | null;
  person: string | null;
}

/**
 * The first successful checkout of each of `orderIds` that the organisation's trail holds (a repeated checkout of
 * the same cart answers the same order). An order absent from the answer was not sold through Foyer.
 */
export async function firstCheckouts(
  db: Queryable,
  organisationId: number,
  orderIds: readonly number[],
): Promise<RecordedCheckout[]> {
  const { rows } = await db.query<{
    order_id: string;
    at: Date;
    account_id: string | null;
    person: string | null;
  }>(
    `select distinct on (e.order_id) e.order_id, e.at, e.account_id, e.person
       from gateway.audit_entries e
      where e.organisation_id = $1 and e.action = 'forward' and e.order_id = any($2::bigint[])
        and e.method = 'POST' and e.path like '/partner/cart/%/checkout' and e.status between 200 and 299
      order by e.order_id, e.id`,
    [organisationId, orderIds],
  );
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    at: new Date(row.at).toISOString(),
    accountId: row.account_id === null ? null : Number(row.account_id),
    person: row.person,
  }));
}

/** How many prints of `kind` the trail records of an order. */
export async function countPrints(
  db: Queryable,
  organisationId: number,
  orderId: number,
  kind: string,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from gateway.audit_entries
      where organisation_id = $1 and action = 'print' and order_id = $2 and details->>'kind' = $3`,
    [organisationId, orderId, kind],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Up to `limit` entries about a customer with one of `actions` that went through (no refused call), written before `bound` (all when null), newest
 * first, each with the database's text of its time (a customer's story pages by it: TimeBound).
 */
export async function customerEntriesBefore(
  db: Queryable,
  organisationId: number,
  customerId: number,
  actions: readonly AuditAction[],
  bound: TimeBound | null,
  limit: number,
): Promise<(AuditEntry & { atText: string })[]> {
  const params: unknown[] = [organisationId, customerId, actions];
  const before = beforeBound('at', 'id', bound, params);
  const { rows } = await db.query<AuditRow & { at_text: string }>(
    `select ${COLUMNS}, ${boundText('at')} as at_text from gateway.audit_entries
      where organisation_id = $1 and customer_id = $2 and action = any($3::text[]) and (status is null or status < 300) and ${before}
      order by at desc, id desc limit ${limit}`,
    params,
  );
  return rows.map((row) => ({ ...entryOf(row), atText: row.at_text }));
}

/** The customer's last successful entry of `action`: when (as bound text, TimeBound) and its id; null for none. */
export async function lastCustomerEntry(
  db: Queryable,
  organisationId: number,
  customerId: number,
  action: AuditAction,
): Promise<{ atText: string; id: number } | null> {
  const { rows } = await db.query<{ at_text: string; id: string }>(
    `select ${boundText('at')} as at_text, id from gateway.audit_entries
      where organisation_id = $1 and customer_id = $2 and action = $3 and (status is null or status < 300)
      order by at desc, id desc limit 1`,
    [organisationId, customerId, action],
  );
  const row = rows[0];
  return row ? { atText: row.at_text, id: Number(row.id) } : null;
}

/** The entries of the organisation's trail that name a customer, oldest first, at most `limit` (a privacy request). */
export async function entriesAboutCustomer(
  db: Queryable,
  organisationId: number,
  customerId: number,
  limit: number,
): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditRow>(
    `select ${COLUMNS} from gateway.audit_entries where organisation_id = $1 and customer_id = $2
      order by id limit ${limit}`,
    [organisationId, customerId],
  );
  return rows.map(entryOf);
}

/** The organisation's roles of `keys` by their names now (a role since removed is not among them). */
export async function roleNamesOf(
  db: Queryable,
  organisationId: number,
  keys: readonly string[],
): Promise<Record<string, string>> {
  if (keys.length === 0) return {};
  const { rows } = await db.query<{ key: string; name: string }>(
    'select key, name from gateway.roles where organisation_id = $1 and key = any($2::text[])',
    [organisationId, keys],
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.name]));
}
