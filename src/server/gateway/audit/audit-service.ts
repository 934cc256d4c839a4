import Papa from 'papaparse';
import type { AuditChain, AuditPage } from '@/contract/audit';
import { CSV_NEWLINE, CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import type { Queryable } from '../../db/database';
import { type AuditFilter, countEntries, entriesBefore, listEntries, roleNamesOf } from './audit-store';
import type { AuditEntry } from './audit-trail';
import { verifyAuditChain } from './audit-verify';

const AUDIT_PAGE_SIZE = 100;
const CSV_BATCH = 1000;

const CSV_FIELDS = [
  'id',
  'at',
  'person',
  'role',
  'action',
  'method',
  'path',
  'status',
  'orderId',
  'customerId',
  'cartId',
  'details',
] as const;

const csvRow = (entry: AuditEntry) =>
  CSV_FIELDS.map((field) => {
    const value = entry[field];
    if (field === 'details') return value === null ? '' : JSON.stringify(value);
    return value ?? '';
  });

/** Page `page` (from 1) of the organisation's trail as `filter` selects it, newest first. */
export async function auditPage(
  db: Queryable,
  organisationId: number,
  filter: AuditFilter,
  page: number,
): Promise<AuditPage> {
  const [total, data] = await Promise.all([
    countEntries(db, organisationId, filter),
    listEntries(db, organisationId, filter, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
  ]);
  const roleKeys = [...new Set(data.flatMap((entry) => (entry.role ? [entry.role] : [])))];
  const roleNames = await roleNamesOf(db, organisationId, roleKeys);
  return {
    data,
    page,
    perPage: AUDIT_PAGE_SIZE,
    total,
    lastPage: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    roleNames,
  };
}

/**
 * The organisation's trail as `filter` selects it, as CSV text in pieces: the header, then the entries newest
 * first (as on the page) in batches by id, so memory stays flat however long the trail is.
 */
export async function* auditCsv(db: Queryable, organisationId: number, filter: AuditFilter): AsyncGenerator<string> {
  yield `${UTF8_BOM}${Papa.unparse([CSV_FIELDS as unknown as string[]], CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`;
  let beforeId = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const entries = await entriesBefore(db, organisationId, filter, beforeId, CSV_BATCH);
    if (entries.length === 0) return;
    yield `${Papa.unparse(entries.map(csvRow), CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`;
    beforeId = entries[entries.length - 1]?.id ?? 0;
    if (entries.length < CSV_BATCH) return;
  }
}

/** Whether the organisation's chain holds (audit-verify.ts), as the audit page shows it. */
export async function auditChainOf(db: Queryable, organisationId: number): Promise<AuditChain> {
  const [status] = await verifyAuditChain(db, organisationId);
  return { ok: status?.ok ?? true, entries: status?.entries ?? 0, brokenAt: status?.brokenAt ?? null };
}
