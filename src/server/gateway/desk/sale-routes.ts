import { z } from 'zod';
import type { Queryable } from '../../service/db/database';
import { fieldError, type GatewayDeps, readBody, type SecuredRoutes } from '../access';
import { lockAuditChain, recordAudit } from '../audit/audit-trail';
import { actor } from '../audit/forward-audit';
import { foyerSales } from './foyer-sales';
import { orderAccess, PRINTERS } from './order-access';
import { serviceFailure, serviceReaderFor } from './service-reader';

const MAX_SALES_ORDERS = 500;

const printSchema = z.object({
  kind: z.enum(['tickets', 'receipt'], { error: "kind must be 'tickets' or 'receipt'" }),
  layout: z.enum(['a4', '80mm'], { error: "layout must be 'a4' or '80mm'" }),
});

/**
 * What the desk records and reads of its sales: a print of an order (numbered per kind, in the audit trail),
 * and "sold by" (and in which shift) for orders sold through Foyer.
 */
export function registerSaleRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db } = deps;
  const orderReaders = { anyOf: ['sales:sell', 'orders:read'] } as const;

  routes.declare('POST', '/orders/:orderId/prints', PRINTERS, async (c) => {
    const principal = c.get('principal');
    const orderText = c.req.param('orderId') ?? '';
    if (!/^\d{1,15}$/.test(orderText)) return c.json({ message: 'No such order' }, 404);
    const orderId = Number(orderText);
    // The same rule as the print data (order-access.ts): a seller records prints of the desk's own sales.
    const { refusal } = await orderAccess(db, principal, orderId, 'print');
    if (refusal) return c.json({ message: refusal }, 403);
    const body = await readBody(c, printSchema);
    if (!body.ok) return body.response;
    // Only an order the service has for this organisation: another's, or none, is no order here.
    try {
      if ((await serviceReaderFor(deps, c)('GET', `/partner/order/${orderId}`)) === null) {
        return c.json({ message: 'No such order' }, 404);
      }
    } catch (error) {
      return serviceFailure(c, deps, error);
    }
    const { kind, layout } = body.data;
    const printNumber = await db.transaction(async (tx) => {
      // Under the chain's lock, so two prints at once get two different numbers.
      await lockAuditChain(tx, principal.organisationId);
      const n = (await countPrints(tx, principal.organisationId, orderId, kind)) + 1;
      await recordAudit(tx, {
        ...actor(principal),
        action: 'print',
        method: 'POST',
        path: `/api/orders/${orderId}/prints`,
        status: 201,
        orderId,
        details: { kind, layout, printNumber: n, reprint: n > 1 },
      });
      return n;
    });
    return c.json({ printNumber, reprint: printNumber > 1 }, 201);
  });

  routes.declare('GET', '/sales', orderReaders, async (c) => {
    const text = c.req.query('orderIds') ?? '';
    const ids = text === '' ? [] : text.split(',').map((part) => part.trim());
    if (ids.some((id) => !/^\d{1,15}$/.test(id))) return fieldError(c, 'orderIds', 'Order ids, separated by commas');
    if (ids.length > MAX_SALES_ORDERS) return fieldError(c, 'orderIds', `At most ${MAX_SALES_ORDERS} orders`);
    if (ids.length === 0) return c.json({ sales: [] });
    return c.json({ sales: await foyerSales(db, c.get('principal').organisationId, ids.map(Number)) });
  });
}

async function countPrints(tx: Queryable, organisationId: number, orderId: number, kind: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from gateway.audit_entries
      where organisation_id = $1 and action = 'print' and order_id = $2 and details->>'kind' = $3`,
    [organisationId, orderId, kind],
  );
  return rows[0]?.n ?? 0;
}
