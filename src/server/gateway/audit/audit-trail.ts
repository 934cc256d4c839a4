import { createHash } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditAction } from '@/contract/audit';
import { isConnectionError } from '../../db/connection-errors';
import type { Queryable } from '../../db/database';

export { AUDIT_ACTIONS, type AuditAction };

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface AuditEntryInput {
  /** Null only for a failed sign-in that names no known account. */
  organisationId: number | null;
  accountId?: number | null;
  /** The email at the time (for a failed sign-in, the one typed). */
  person?: string | null;
  /** The role's key at the time. */
  role?: string | null;
  action: AuditAction;
  method?: string | null;
  path?: string | null;
  status?: number | null;
  orderId?: number | null;
  customerId?: number | null;
  cartId?: string | null;
  details?: { [key: string]: Json } | null;
}

/** An entry as stored and shown. */
export interface AuditEntry {
  id: number;
  organisationId: number | null;
  at: string;
  accountId: number | null;
  person: string | null;
  role: string | null;
  action: string;
  method: string | null;
  path: string | null;
  status: number | null;
  orderId: number | null;
  customerId: number | null;
  cartId: string | null;
  details: { [key: string]: Json } | null;
}

export interface AuditRow {
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
  prev_hash: Uint8Array | null;
  hash: Uint8Array;
}

export const AUDIT_COLUMNS =
  'id, organisation_id, at, account_id, person, role, action, method, path, status, order_id, customer_id, cart_id, details';

const num = (value: string | number | null) => (value === null ? null : Number(value));

export function auditEntryOf(row: Omit<AuditRow, 'prev_hash' | 'hash'>): AuditEntry {
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

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The hashed text of an entry: every field but its id and the hashes, in a fixed form (ids as text). The
 * entry's place is fixed by the chain itself (prev_hash), so the id need not be hashed.
 */
function hashedText(entry: Omit<AuditEntry, 'id'>): string {
  const text = (value: number | null) => (value === null ? null : String(value));
  return canonicalJson({
    organisationId: text(entry.organisationId),
    at: entry.at,
    accountId: text(entry.accountId),
    person: entry.person,
    role: entry.role,
    action: entry.action,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    orderId: text(entry.orderId),
    customerId: text(entry.customerId),
    cartId: entry.cartId,
    details: entry.details,
  });
}

export function entryHash(prevHash: Uint8Array | null, entry: Omit<AuditEntry, 'id'>): Buffer {
  const hash = createHash('sha256');
  if (prevHash) hash.update(prevHash);
  hash.update(hashedText(entry), 'utf8');
  return hash.digest();
}

/**
 * Takes the organisation's chain for the rest of the transaction (a row lock on its head, see
 * migrations/004_audit_heads.sql): appends from other transactions (other requests, other instances) wait, so
 * two never hang on the same predecessor. Taking it again in the same transaction is harmless.
 */
export async function lockAuditChain(tx: Queryable, organisationId: number | null): Promise<void> {
  await tx.query('select gateway.audit_lock($1)', [organisationId]);
}

/** The entry as it is hashed and stored, the time taken now. */
function entryFields(input: AuditEntryInput): Omit<AuditEntry, 'id'> {
  return {
    organisationId: input.organisationId,
    at: new Date().toISOString(),
    accountId: input.accountId ?? null,
    person: input.person ?? null,
    role: input.role ?? null,
    action: input.action,
    method: input.method ?? null,
    path: input.path ?? null,
    status: input.status ?? null,
    orderId: input.orderId ?? null,
    customerId: input.customerId ?? null,
    cartId: input.cartId ?? null,
    // Through JSON once, so the hashed value is what jsonb gives back (no undefined, no Dates).
    details: input.details ? (JSON.parse(JSON.stringify(input.details)) as AuditEntry['details']) : null,
  };
}

/**
 * Appends an entry to the organisation's chain, in one statement (gateway.audit_append: the chain's head
 * upserted under its row lock, the INSERT with the hashes it returned). Given a transaction, the entry goes in
 * with its other writes or not at all, and the chain stays locked until it ends; given the database, the
 * statement is a transaction of its own, committed (durably) before it answers.
 */
export async function recordAudit(db: Queryable, input: AuditEntryInput): Promise<AuditEntry> {
  return appendOne(db, entryFields(input));
}

async function appendOne(db: Queryable, fields: Omit<AuditEntry, 'id'>): Promise<AuditEntry> {
  const { rows } = await db.query<{ id: string }>(
    `select gateway.audit_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14) as id`,
    [
      fields.organisationId,
      fields.at,
      fields.accountId,
      fields.person,
      fields.role,
      fields.action,
      fields.method,
      fields.path,
      fields.status,
      fields.orderId,
      fields.customerId,
      fields.cartId,
      fields.details === null ? null : JSON.stringify(fields.details),
      hashedText(fields),
    ],
  );
  return { id: Number(rows[0]?.id), ...fields };
}

interface PendingEntry {
  fields: Omit<AuditEntry, 'id'>;
  resolve: (entry: AuditEntry) => void;
  reject: (reason: unknown) => void;
}

/** Per database, per chain: the entries waiting for the append on its way (the key is there while one is). */
const waitingEntries = new WeakMap<Queryable, Map<number, PendingEntry[]>>();
/** The most entries one statement appends. */
const MOST_PER_BATCH = 200;

/**
 * `recordAudit` on the database itself, for a call that writes nothing else with its entry (a forwarded call):
 * an entry that comes while an append to its chain is on its way waits for it, and then goes with every
 * other entry that came meanwhile, in one statement (gateway.audit_append_batch) — one hold of the chain's
 * head and one commit for them all, as a database's group commit; the first entry of a quiet chain goes at
 * once. Resolves when the entry is committed. A batch the database refuses is appended again entry by entry, so
 * an entry's failure is its own call's alone.
 */
export function recordAuditGrouped(db: Queryable, input: AuditEntryInput): Promise<AuditEntry> {
  const fields = entryFields(input);
  const chain = fields.organisationId ?? 0;
  let chains = waitingEntries.get(db);
  if (!chains) {
    chains = new Map();
    waitingEntries.set(db, chains);
  }
  const appending = chains;
  return new Promise((resolve, reject) => {
    const waiting = appending.get(chain);
    if (waiting) {
      waiting.push({ fields, resolve, reject });
      return;
    }
    appending.set(chain, [{ fields, resolve, reject }]);
    void appendWaiting(db, appending, chain);
  });
}

/** Appends the chain's waiting entries, batch after batch, until none are left. Never rejects. */
async function appendWaiting(db: Queryable, chains: Map<number, PendingEntry[]>, chain: number): Promise<void> {
  for (;;) {
    const batch = chains.get(chain)?.splice(0, MOST_PER_BATCH) ?? [];
    if (batch.length === 0) {
      chains.delete(chain);
      return;
    }
    if (batch.length === 1) {
      for (const pending of batch) await appendOne(db, pending.fields).then(pending.resolve, pending.reject);
      continue;
    }
    try {
      const ids = await appendBatch(db, batch);
      for (const [n, pending] of batch.entries()) pending.resolve({ id: Number(ids[n]), ...pending.fields });
    } catch (error) {
      // Unanswered, the batch may have been committed all the same: appended again, its entries could be twice.
      if (isConnectionError(error)) for (const pending of batch) pending.reject(error);
      else for (const pending of batch) await appendOne(db, pending.fields).then(pending.resolve, pending.reject);
    }
  }
}

async function appendBatch(db: Queryable, batch: readonly PendingEntry[]): Promise<string[]> {
  const entries = batch.map(({ fields }) => ({ ...fields, hashedText: hashedText(fields) }));
  const { rows } = await db.query<{ ids: string[] }>('select gateway.audit_append_batch($1::jsonb) as ids', [
    JSON.stringify(entries),
  ]);
  const ids = rows[0]?.ids ?? [];
  if (ids.length !== batch.length) throw new Error('the audit batch did not append every entry');
  return ids;
}

export interface ChainStatus {
  organisationId: number | null;
  clientName: string | null;
  entries: number;
  ok: boolean;
  /** The first entry where the chain breaks (id 0: the chain is missing and no entry of it is known). */
  brokenAt?: { id: number; reason: string };
}

/**
 * A chain's head as it was at some moment, kept outside the database (audit-anchors.ts): that chain's entry
 * `entryId` had hash `hash` then. Entries are never removed, so it must still be there, with that hash.
 */
export interface AuditAnchor {
  organisationId: number | null;
  entryId: number;
  /** Hex. */
  hash: string;
  /** When it was taken. */
  at: string;
}

const BATCH = 2000;

const sameBytes = (a: Uint8Array | null, b: Uint8Array | null) =>
  a === null || b === null ? a === b : Buffer.from(a).equals(Buffer.from(b));

/** The hash of the chain's last entry as gateway.audit_heads records it (0 keys the chain without organisation). */
async function headOf(db: Queryable, organisationId: number | null): Promise<Uint8Array | null> {
  const { rows } = await db.query<{ hash: Uint8Array | null }>(
    'select hash from gateway.audit_heads where chain = $1',
    [organisationId ?? 0],
  );
  return rows[0]?.hash ?? null;
}

/**
 * Walks each organisation's chain from its first entry and reports the first thing that does not hold: an
 * entry whose hash is not that of its contents (the entry was changed), or whose `prev_hash` is not the hash
 * of the entry before it (an entry before it was removed, or the chain was spliced); a chain that does not end
 * at its recorded head in gateway.audit_heads (its newest entries were removed), or that is missing although
 * its head names entries; and, given anchors taken earlier outside the database, an anchored entry that is
 * gone, lies beyond the chain's end, or has another hash (a chain cut back with its head moved along, or
 * rewritten). `organisationId` limits the check to one organisation (undefined: all, including the chain
 * without organisation and every chain that has a head or an anchor but no entries).
 */
export async function verifyAuditChain(
  db: Queryable,
  organisationId?: number,
  anchors: readonly AuditAnchor[] = [],
): Promise<ChainStatus[]> {
  const chains =
    organisationId === undefined
      ? (
          await db.query<{ organisation_id: string | null; client_name: string | null }>(
            `select c.organisation_id, o.client_name
               from (select distinct organisation_id from gateway.audit_entries
                     union
                     select nullif(chain, 0) from gateway.audit_heads where hash is not null
                     union
                     select unnest($1::bigint[])) c
               left join gateway.organisations o on o.id = c.organisation_id
              order by c.organisation_id nulls last`,
            [[...new Set(anchors.map((anchor) => anchor.organisationId))]],
          )
        ).rows
      : (
          await db.query<{ organisation_id: string | null; client_name: string | null }>(
            'select id as organisation_id, client_name from gateway.organisations where id = $1',
            [organisationId],
          )
        ).rows;
  const statuses: ChainStatus[] = [];
  for (const chain of chains) {
    const id = chain.organisation_id === null ? null : Number(chain.organisation_id);
    const anchored = anchors.filter((anchor) => anchor.organisationId === id);
    statuses.push({ ...(await verifyOne(db, id, anchored)), clientName: chain.client_name });
  }
  return statuses;
}

async function verifyOne(
  db: Queryable,
  organisationId: number | null,
  anchors: readonly AuditAnchor[],
): Promise<ChainStatus> {
  const anchorsById = new Map<number, AuditAnchor[]>();
  for (const anchor of anchors) anchorsById.set(anchor.entryId, [...(anchorsById.get(anchor.entryId) ?? []), anchor]);
  const broken = (entries: number, id: number, reason: string): ChainStatus => ({
    organisationId,
    clientName: null,
    entries,
    ok: false,
    brokenAt: { id, reason },
  });
  // The head before the walk: appends during it (a live system) only add entries after the one it names.
  const head = await headOf(db, organisationId);
  let metHead = false;
  let previous: Uint8Array | null = null;
  let afterId = 0;
  let entries = 0;
  for (;;) {
    const { rows } = await db.query<AuditRow>(
      `select ${AUDIT_COLUMNS}, prev_hash, hash from gateway.audit_entries
        where organisation_id is not distinct from $1 and id > $2 order by id limit ${BATCH}`,
      [organisationId, afterId],
    );
    for (const row of rows) {
      const entry = auditEntryOf(row);
      entries++;
      if (!sameBytes(row.prev_hash, previous)) {
        return broken(
          entries,
          entry.id,
          previous === null
            ? 'the first entry names a predecessor: entries before it were removed'
            : 'prev_hash is not the hash of the entry before it: an entry was removed or inserted',
        );
      }
      if (!entryHash(row.prev_hash, entry).equals(Buffer.from(row.hash))) {
        return broken(entries, entry.id, 'the hash does not match the contents: the entry was changed');
      }
      const differing = anchorsById
        .get(entry.id)
        ?.find((anchor) => anchor.hash !== Buffer.from(row.hash).toString('hex'));
      if (differing) {
        return broken(
          entries,
          entry.id,
          `its hash is not the one anchored at ${differing.at}: the chain was rewritten`,
        );
      }
      anchorsById.delete(entry.id);
      if (head !== null && sameBytes(row.hash, head)) metHead = true;
      previous = row.hash;
      afterId = entry.id;
    }
    if (rows.length < BATCH) break;
  }
  // Anchors whose entry the walk did not meet: the newest first, since the newest entries are what goes first.
  const unmet = [...anchorsById.values()].flat().sort((a, b) => b.entryId - a.entryId)[0];
  if (unmet) {
    return broken(
      entries,
      unmet.entryId,
      unmet.entryId > afterId
        ? `the chain ends before this entry, anchored at ${unmet.at}${entries === 0 ? ': the whole chain is missing' : ': its newest entries were removed'}`
        : `this entry, anchored at ${unmet.at}, is missing: it was removed`,
    );
  }
  if (head !== null && !metHead) {
    return entries === 0
      ? broken(0, 0, 'the chain is missing: its recorded head (gateway.audit_heads) names entries that are not there')
      : broken(
          entries,
          afterId,
          'the chain does not reach its recorded head (gateway.audit_heads): its newest entries were removed',
        );
  }
  // Every append leaves a head; a chain without one had it removed.
  if (entries > 0 && (await headOf(db, organisationId)) === null) {
    return broken(entries, afterId, 'the chain has no recorded head (gateway.audit_heads): it was removed');
  }
  return { organisationId, clientName: null, entries, ok: true };
}
