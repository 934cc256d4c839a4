import { createHash } from 'node:crypto';
import type { AuditAction } from '@/contract/audit';
import { isConnectionError } from '../../db/connection-errors';
import type { Queryable } from '../../db/database';
import { redactedPath } from '../redacted-path';
import { Together } from '../together';

export type { AuditAction };

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
    path: input.path == null ? null : redactedPath(input.path),
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

/** The most entries one statement appends. */
const MOST_PER_BATCH = 200;

type EntryFields = Omit<AuditEntry, 'id'>;

/** Per database: its chains' appends, grouped (see recordAuditGrouped). */
const appenders = new WeakMap<Queryable, Together<EntryFields, AuditEntry>>();

function appenderOf(db: Queryable): Together<EntryFields, AuditEntry> {
  let appender = appenders.get(db);
  if (!appender) {
    appender = new Together<EntryFields, AuditEntry>(
      async (_chain, batch) => {
        if (batch.length === 1) return [await appendOne(db, batch[0] as EntryFields)];
        const ids = await appendBatch(db, batch);
        return batch.map((fields, n) => ({ id: Number(ids[n]), ...fields }));
      },
      {
        most: MOST_PER_BATCH,
        // Unanswered, a batch may have been committed all the same: appended again, its entries could be twice.
        retryAlone: (error) => !isConnectionError(error),
      },
    );
    appenders.set(db, appender);
  }
  return appender;
}

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
  return appenderOf(db).call(fields.organisationId ?? 0, fields);
}

async function appendBatch(db: Queryable, batch: readonly EntryFields[]): Promise<string[]> {
  const entries = batch.map((fields) => ({ ...fields, hashedText: hashedText(fields) }));
  const { rows } = await db.query<{ ids: string[] }>('select gateway.audit_append_batch($1::jsonb) as ids', [
    JSON.stringify(entries),
  ]);
  const ids = rows[0]?.ids ?? [];
  if (ids.length !== batch.length) throw new Error('the audit batch did not append every entry');
  return ids;
}
