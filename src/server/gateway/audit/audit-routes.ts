import { stream } from 'hono/streaming';
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditChain, type AuditPage } from '@/contract/audit';
import type { Database } from '../../db/database';
import type { SecuredRoutes } from '../access';
import { parseQuery } from '../request-input';
import { auditChainOf, auditCsv, auditPage } from './audit-service';

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

/** The audit trail's own routes: reading and exporting it, and checking its chain (audit:read). */
export function registerAuditRoutes(routes: SecuredRoutes, deps: { db: Database }): void {
  const { db } = deps;
  const auditRead = { permission: 'audit:read' } as const;

  routes.declare('GET', '/audit', auditRead, async (c) => {
    const { page, ...filter } = parseQuery(c, filterSchema);
    const answer = await auditPage(db, c.get('principal').organisationId, filter, Math.max(1, page ?? 1));
    return c.json(answer satisfies AuditPage);
  });

  routes.declare('GET', '/audit/export.csv', auditRead, (c) => {
    const { page: _page, ...filter } = parseQuery(c, filterSchema);
    const csv = auditCsv(db, c.get('principal').organisationId, filter);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="audit-trail.csv"');
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      for await (const text of csv) await out.write(text);
    });
  });

  routes.declare('GET', '/audit/verify', auditRead, async (c) =>
    c.json((await auditChainOf(db, c.get('principal').organisationId)) satisfies AuditChain),
  );
}
