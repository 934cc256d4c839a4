import type { Context } from 'hono';
import {
  blindCountBodySchema,
  type CurrentShift,
  closeShiftBodySchema,
  openShiftBodySchema,
  type Reconciliation,
  type ShiftDetail,
  type ShiftOptions,
  type ShiftPage,
  shiftListQuerySchema,
  signOffBodySchema,
} from '@/contract/shift';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import { parseBody, parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import { UpstreamClient } from '../upstream';
import { orderReader } from './service-orders';
import type { ShiftDeps } from './shift-sales';
import { type ShiftCaller, ShiftService } from './shift-service';

const sellers = { permission: 'sales:sell' } as const;
const reviewers = { permission: 'shifts:review' } as const;
const sellersOrReviewers = { anyOf: ['sales:sell', 'shifts:review'] } as const;

/** The shift named in the path; a malformed id names no shift. */
const shiftIdOf = (c: Context) => {
  const text = c.req.param('shiftId') ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such shift');
  return Number(text);
};

/** The routes of shifts and cash-up (the rules: shift-service.ts). */
export function registerShiftRoutes(
  routes: SecuredRoutes,
  deps: ShiftDeps & {
    clientAddressOf(c: Context): string;
    closedAtSalesPoint?(organisationId: number, salesPointId: number): Promise<void>;
  },
): void {
  const shifts = new ShiftService(deps.db, deps.log, deps.closedAtSalesPoint);
  const callerOf = (c: Context<GatewayEnv>): ShiftCaller => ({
    principal: c.get('principal'),
    address: deps.clientAddressOf(c),
    reader: () => orderReader(UpstreamClient.forPerson(deps, c.get('principal'), requestOrigin(c))),
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  });

  routes.declare('GET', '/shifts/options', sellersOrReviewers, async (c) =>
    c.json((await shifts.options(callerOf(c))) satisfies ShiftOptions),
  );

  routes.declare('GET', '/shifts/current', sellers, async (c) =>
    c.json((await shifts.current(callerOf(c))) satisfies CurrentShift),
  );

  routes.declare('POST', '/shifts', sellers, async (c) => {
    const body = await parseBody(c, openShiftBodySchema);
    return c.json((await shifts.open(callerOf(c), body)) satisfies CurrentShift, 201);
  });

  routes.declare('GET', '/shifts', sellersOrReviewers, async (c) => {
    const filter = parseQuery(c, shiftListQuerySchema);
    return c.json((await shifts.list(callerOf(c), filter)) satisfies ShiftPage);
  });

  routes.declare('GET', '/shifts/:shiftId', sellersOrReviewers, async (c) =>
    c.json((await shifts.detail(callerOf(c), shiftIdOf(c))) satisfies ShiftDetail),
  );

  routes.declare('GET', '/shifts/:shiftId/reconciliation', sellersOrReviewers, async (c) =>
    c.json((await shifts.reconciliation(callerOf(c), shiftIdOf(c))) satisfies Reconciliation),
  );

  routes.declare('POST', '/shifts/:shiftId/blind-count', sellers, async (c) => {
    const shiftId = shiftIdOf(c);
    const body = await parseBody(c, blindCountBodySchema);
    return c.json((await shifts.recordBlindCount(callerOf(c), shiftId, body)) satisfies ShiftDetail);
  });

  routes.declare('POST', '/shifts/:shiftId/close', sellersOrReviewers, async (c) => {
    const shiftId = shiftIdOf(c);
    const body = await parseBody(c, closeShiftBodySchema);
    return c.json((await shifts.close(callerOf(c), shiftId, body)) satisfies ShiftDetail);
  });

  routes.declare('POST', '/shifts/:shiftId/sign-off', reviewers, async (c) => {
    const shiftId = shiftIdOf(c);
    const body = await parseBody(c, signOffBodySchema);
    return c.json((await shifts.signOff(callerOf(c), shiftId, body)) satisfies ShiftDetail);
  });
}
