import { stream } from 'hono/streaming';
import Papa from 'papaparse';
import { z } from 'zod';
import type { AuditChain, AuditPage } from '@/contract/audit';
import { CSV_NEWLINE, CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import type { GatewayDeps, SecuredRoutes } from '../access';
import { parseQuery } from '../request-input';
import {
  AUDIT_ACTIONS,
  AUDIT_COLUMNS,
  type AuditEntry,
  type AuditRow,
  auditEntryOf,
  verifyAuditChain,
} from './audit-trail';

export const AUDIT_PAGE_SIZE = 100;
const CSV_BATCH = 1000;

const idText = z
  .string()
  .regex(/^\d{1,15}$/, 'A number')
  .transform(Number);

const moment = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'A date or ISO datetime');

const filterSchema = z.object({
  person: z.string().trim().max(320).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  order: idText.optional(),
  customer: idText.optional(),
  from: moment.optional(),
  to: moment.optional(),
  page: idText.optional(),
});

type AuditFilter = z.infer<typeof filterSchema>;

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

/** The audit trail's own routes: reading and exporting it, and checking its chain (audit:read). */
export function registerAuditRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db } = deps;
  const auditRead = { permission: 'audit:read' } as const;

  routes.declare('GET', '/audit', auditRead, async (c) => {
    const filter = parseQuery(c, filterSchema);
    const page = Math.max(1, filter.page ?? 1);
    const where = whereOf(c.get('principal').organisationId, filter);
    const [counted, listed] = await Promise.all([
      db.query<{ n: number }>(`select count(*)::int as n from gateway.audit_entries where ${where.sql}`, where.params),
      db.query<AuditRow>(
        `select ${AUDIT_COLUMNS} from gateway.audit_entries where ${where.sql}
          order by id desc limit ${AUDIT_PAGE_SIZE} offset ${(page - 1) * AUDIT_PAGE_SIZE}`,
        where.params,
      ),
    ]);
    const total = counted.rows[0]?.n ?? 0;
    return c.json({
      data: listed.rows.map(auditEntryOf),
      page,
      perPage: AUDIT_PAGE_SIZE,
      total,
      lastPage: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    } satisfies AuditPage);
  });

  routes.declare('GET', '/audit/export.csv', auditRead, (c) => {
    const where = whereOf(c.get('principal').organisationId, parseQuery(c, filterSchema));
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="audit-trail.csv"');
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      await out.write(
        `${UTF8_BOM}${Papa.unparse([CSV_FIELDS as unknown as string[]], CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`,
      );
      // Newest first, as on the page, in batches by id: memory stays flat however long the trail is.
      let beforeId: number | null = null;
      for (;;) {
        const params: unknown[] = [...where.params, beforeId ?? Number.MAX_SAFE_INTEGER];
        const { rows }: { rows: AuditRow[] } = await db.query<AuditRow>(
          `select ${AUDIT_COLUMNS} from gateway.audit_entries where ${where.sql} and id < $${params.length}
            order by id desc limit ${CSV_BATCH}`,
          params,
        );
        if (rows.length === 0) break;
        const entries: AuditEntry[] = rows.map(auditEntryOf);
        await out.write(`${Papa.unparse(entries.map(csvRow), CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`);
        beforeId = entries[entries.length - 1]?.id ?? 0;
        if (rows.length < CSV_BATCH) break;
      }
    });
  });

  routes.declare('GET', '/audit/verify', auditRead, async (c) => {
    const principal = c.get('principal');
    const [status] = await verifyAuditChain(db, principal.organisationId);
    return c.json({
      ok: status?.ok ?? true,
      entries: status?.entries ?? 0,
      brokenAt: status?.brokenAt ?? null,
    } satisfies AuditChain);
  });
}
