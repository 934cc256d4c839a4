import type { Context } from 'hono';
import { type SalesPoint, type SalesPointList, salesPointBodySchema } from '@/contract/sales-points';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import { parseBody } from '../request-input';
import { type SalesPointCaller, SalesPointService } from './sales-point-service';

/** What the routes work with: the store, and how the gateway reads a request's client address. */
export interface SalesPointDeps {
  db: Database;
  clientAddressOf(c: Context): string;
}

const managers = { permission: 'sales-points:manage' } as const;

/** The sales point named in the path; a malformed id names none. */
export const salesPointIdOf = (c: Context) => {
  const text = c.req.param('salesPointId') ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such sales point');
  return Number(text);
};

/**
 * `GET|POST /api/sales-points`, `PUT /api/sales-points/:id`, `POST /api/sales-points/:id/enable|disable`
 * (the rules: sales-point-service.ts).
 */
export function registerSalesPointRoutes(routes: SecuredRoutes, deps: SalesPointDeps): void {
  const salesPoints = new SalesPointService(deps.db);
  const callerOf = (c: Context<GatewayEnv>): SalesPointCaller => ({
    principal: c.get('principal'),
    address: deps.clientAddressOf(c),
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  });

  routes.declare('GET', '/sales-points', managers, async (c) =>
    c.json({ salesPoints: await salesPoints.list(callerOf(c)) } satisfies SalesPointList),
  );

  routes.declare('POST', '/sales-points', managers, async (c) => {
    const body = await parseBody(c, salesPointBodySchema);
    return c.json((await salesPoints.create(callerOf(c), body)) satisfies SalesPoint, 201);
  });

  routes.declare('PUT', '/sales-points/:salesPointId', managers, async (c) => {
    const salesPointId = salesPointIdOf(c);
    const body = await parseBody(c, salesPointBodySchema);
    return c.json((await salesPoints.update(callerOf(c), salesPointId, body)) satisfies SalesPoint);
  });

  routes.declare('POST', '/sales-points/:salesPointId/enable', managers, async (c) =>
    c.json((await salesPoints.setEnabled(callerOf(c), salesPointIdOf(c), true)) satisfies SalesPoint),
  );

  routes.declare('POST', '/sales-points/:salesPointId/disable', managers, async (c) =>
    c.json((await salesPoints.setEnabled(callerOf(c), salesPointIdOf(c), false)) satisfies SalesPoint),
  );
}
