import { z } from 'zod';
import type { PrintRecord } from '@/contract/desk';
import type { SalesAnswer } from '@/contract/sales';
import type { Queryable } from '../../db/database';
import type { GatewayDeps, SecuredRoutes } from '../access';
import { lockAuditChain } from '../audit/audit-trail';
import { recordRequestAudit } from '../audit/request-audit';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import { UpstreamClient } from '../upstream/upstream-client';
import { foyerSales } from './foyer-sales';
import { orderAccess, PRINTERS } from './order-access';

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
    if (!/^\d{1,15}$/.test(orderText)) throw new NotFoundError('No such order');
    const orderId = Number(orderText);
    // The same rule as the print data (order-access.ts): a seller records prints of the desk's own sales.
    const { refusal } = await orderAccess(db, principal, orderId, 'print');
    if (refusal) throw new ForbiddenError(refusal);
    const { kind, layout } = await parseBody(c, printSchema);
    // Only an order the service has for this organisation: another's, or none, is no order here.
    const upstream = UpstreamClient.forPerson(deps, principal, requestOrigin(c));
    if ((await upstream.read('GET', `/partner/order/${orderId}`, { missing: 'null' })) === null) {
      throw new NotFoundError('No such order');
    }
    const printNumber = await db.transaction(async (tx) => {
      // Under the chain's lock, so two prints at once get two different numbers.
      await lockAuditChain(tx, principal.organisationId);
      const n = (await countPrints(tx, principal.organisationId, orderId, kind)) + 1;
      await recordRequestAudit(tx, c, {
        action: 'print',
        status: 201,
        orderId,
        details: { kind, layout, printNumber: n, reprint: n > 1 },
      });
      return n;
    });
    return c.json({ printNumber, reprint: printNumber > 1 } satisfies PrintRecord, 201);
  });

  routes.declare('GET', '/sales', orderReaders, async (c) => {
    const text = c.req.query('orderIds') ?? '';
    const ids = text === '' ? [] : text.split(',').map((part) => part.trim());
    if (ids.some((id) => !/^\d{1,15}$/.test(id)))
      throw ValidationError.field('orderIds', 'Order ids, separated by commas');
    if (ids.length > MAX_SALES_ORDERS) throw ValidationError.field('orderIds', `At most ${MAX_SALES_ORDERS} orders`);
    const sales = ids.length === 0 ? [] : await foyerSales(db, c.get('principal').organisationId, ids.map(Number));
    return c.json({ sales } satisfies SalesAnswer);
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
