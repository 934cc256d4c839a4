import { stream } from 'hono/streaming';
import { type AuditChain, type AuditPage, auditFilterSchema } from '@/contract/audit';
import type { Database } from '../../db/database';
import type { SecuredRoutes } from '../access';
import { parseQuery } from '../request-input';
import { auditChainOf, auditCsv, auditPage } from './audit-service';

/** The audit trail's own routes: reading and exporting it, and checking its chain (audit:read). */
export function registerAuditRoutes(routes: SecuredRoutes, deps: { db: Database }): void {
  const { db } = deps;
  const auditRead = { permission: 'audit:read' } as const;

  routes.declare('GET', '/audit', auditRead, async (c) => {
    const { page, ...filter } = parseQuery(c, auditFilterSchema);
    const answer = await auditPage(db, c.get('principal').organisationId, filter, Math.max(1, page ?? 1));
    return c.json(answer satisfies AuditPage);
  });

  routes.declare('GET', '/audit/export.csv', auditRead, (c) => {
    const { page: _page, ...filter } = parseQuery(c, auditFilterSchema);
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
