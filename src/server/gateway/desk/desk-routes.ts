import { constants as zlibConstants } from 'node:zlib';
import type { Context } from 'hono';
import type { OpenOrders, PrintData, PrintRecord } from '@/contract/desk';
import { openOrdersQuerySchema, printRequestSchema } from '@/contract/desk-request';
import type { SalesAnswer } from '@/contract/sales';
import { chooseGzip, gzipOffLoop } from '../../accept-gzip';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError, ValidationError } from '../errors';
import { parseBody, parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import { type DeskCaller, type DeskDeps, DeskService } from './desk-service';
import { PRINTERS } from './order-access';

/**
 * The desk's routes (the rules: desk-service.ts):
 *
 * - `GET /api/desk/orders/:orderId/print-data`: what an order's tickets and receipt print;
 * - `GET /api/desk/open-orders`: the reservations queue (and the webshop's orders awaiting payment);
 * - `POST /api/orders/:orderId/prints`: a print of an order recorded (numbered per kind, in the audit trail);
 * - `GET /api/sales?orderIds=`: "sold by" (and in which shift) for orders sold through Foyer.
 */

const MAX_SALES_ORDERS = 500;

/** Who reads the sales: the desk's sellers and whoever reads orders. */
const SALES_READERS = { anyOf: ['sales:sell', 'orders:read'] } as const;

/** The order id in the path; a malformed one names no order. */
function orderIdParam(c: Context): number {
  const text = c.req.param('orderId') ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such order');
  return Number(text);
}

/** The order ids of `?orderIds=`, separated by commas (none when empty). */
function orderIdsQuery(c: Context): number[] {
  const text = c.req.query('orderIds') ?? '';
  const ids = text === '' ? [] : text.split(',').map((part) => part.trim());
  if (ids.some((id) => !/^\d{1,15}$/.test(id)))
    throw ValidationError.field('orderIds', 'Order ids, separated by commas');
  if (ids.length > MAX_SALES_ORDERS) throw ValidationError.field('orderIds', `At most ${MAX_SALES_ORDERS} orders`);
  return ids.map(Number);
}

const callerOf = (c: Context<GatewayEnv>): DeskCaller => ({
  principal: c.get('principal'),
  origin: requestOrigin(c),
  signal: c.req.raw.signal,
  audit: (tx, entry) => recordRequestAudit(tx, c, entry),
});

/**
 * A JSON answer, gzipped when the browser accepts it and it is not tiny, as forwarded answers are: the queue
 * is ~1.5 MB for 3,000 open orders.
 */
async function jsonAnswer(c: Context, value: unknown): Promise<Response> {
  const text = JSON.stringify(value);
  const headers = new Headers({ 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' });
  if (!chooseGzip(c, text, headers)) return c.body(text, { status: 200, headers });
  const body = await gzipOffLoop(text, zlibConstants.Z_BEST_SPEED);
  return c.body(body, { status: 200, headers });
}

export function registerDeskRoutes(routes: SecuredRoutes, deps: DeskDeps): void {
  const desk = new DeskService(deps);

  routes.declare('GET', '/desk/orders/:orderId/print-data', PRINTERS, async (c) =>
    jsonAnswer(c, (await desk.printData(callerOf(c), orderIdParam(c))) satisfies PrintData<Record<string, unknown>>),
  );

  routes.declare('GET', '/desk/open-orders', PRINTERS, async (c) => {
    const { since } = parseQuery(c, openOrdersQuerySchema);
    const answer = await desk.openOrders(c.get('principal'), since);
    return jsonAnswer(c, answer satisfies OpenOrders<Record<string, unknown>>);
  });

  routes.declare('POST', '/orders/:orderId/prints', PRINTERS, async (c) => {
    const orderId = orderIdParam(c);
    // The same rule as the print data: a seller records prints of the desk's own sales. Decided before the
    // body is read, so a refusal is the same whatever was sent.
    await desk.mayUse(c.get('principal'), orderId, 'print');
    const print = await parseBody(c, printRequestSchema);
    return c.json((await desk.recordPrint(callerOf(c), orderId, print)) satisfies PrintRecord, 201);
  });

  routes.declare('GET', '/sales', SALES_READERS, async (c) => {
    const orderIds = orderIdsQuery(c);
    return c.json({ sales: await desk.sales(c.get('principal').organisationId, orderIds) } satisfies SalesAnswer);
  });
}
