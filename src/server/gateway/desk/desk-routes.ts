import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import type { Context } from 'hono';
import { z } from 'zod';
import type { OpenOrders, PrintData } from '@/contract/desk';
import { findOrderInExport } from '@/contract/find-order-in-export';
import { AWAITING_PAYMENT, HORIZON_DAYS, isAwaitingOnlinePayment, isReservation } from '@/contract/open-orders';
import { chooseGzip } from '../../accept-gzip';
import type { GatewayDeps, GatewayEnv, SecuredRoutes } from '../access';
import { ForbiddenError, NotFoundError, UpstreamUnavailableError } from '../errors';
import { fullSyncFinished, openOrdersChangedSince } from '../mirror';
import { parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import { UpstreamClient } from '../upstream/upstream-client';
import { orderAccess, PRINTERS, readsOrders } from './order-access';
import { registerSaleRoutes } from './sale-routes';

/** A JSON read below `/v1/{client_name}`: null for a 404. */
type Read = (method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) => Promise<unknown>;

/**
 * The desk's narrow reads (issue 20, printing and reservations). The box-office role sells but may not read
 * the order list or run the orders export, which is where an order's seats and the open orders are; these
 * routes read them with the organisation's key and send only what the desk needs:
 *
 * - `GET /api/desk/orders/:orderId/print-data`: what an order's tickets and receipt print. To a seller
 *   (sales:sell) only for orders sold through Foyer by their organisation (a checkout in the audit trail),
 *   so a colleague can reprint at the desk; to whoever reads orders, any order.
 * - `GET /api/desk/open-orders`: the reservations queue (orders in status `res`), and for those who read
 *   orders or reports also the webshop's orders awaiting payment. No seats, and of the customer only the name.
 */

type Raw = Record<string, unknown>;

const recordOf = (value: unknown): Raw | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A page of the orders export or list as the search reads it, each row with its raw fields. */
function pageOf(value: unknown) {
  const page = recordOf(value);
  const data = listOf(page?.data).flatMap((item) => {
    const row = recordOf(item);
    const orderId = numberOf(row?.orderId);
    return row && orderId !== null ? [{ orderId, lastChanged: textOf(row.lastChanged), row }] : [];
  });
  return { data, last_page: Math.max(1, numberOf(page?.last_page) ?? 1) };
}

/** A read that may fail without failing the print: a performance, hall or plan left out is named as unknown. */
async function optional(read: () => Promise<unknown>): Promise<Raw | null> {
  try {
    return recordOf(await read());
  } catch (error) {
    // The service answered, but not with it (unreachable fails the print).
    if (error instanceof UpstreamUnavailableError && error.upstreamStatus !== null) return null;
    throw error;
  }
}

interface Performance {
  eventId: number;
  name: string;
  start: string;
  hallName: string | null;
}

/**
 * The performances of `eventIds` with their halls' names, and the sections of the order's seats (`seatKeys`:
 * `eventId:seatId`) on their plans — not of the whole hall.
 */
async function performancesOf(read: Read, eventIds: readonly number[], seatKeys: ReadonlySet<string>) {
  const events = await Promise.all(eventIds.map((id) => optional(() => read('GET', `/partner/event/${id}`))));
  const hallIds = [...new Set(events.flatMap((event) => numberOf(event?.hallId) ?? []))];
  const halls = await Promise.all(hallIds.map((id) => optional(() => read('GET', `/partner/hall/${id}`))));
  const hallNames = new Map(hallIds.map((id, index) => [id, textOf(halls[index]?.hallName) || null]));
  const plans = await Promise.all(eventIds.map((id) => optional(() => read('GET', `/partner/seating/${id}`))));
  const performances: Performance[] = events.flatMap((event, index) =>
    event
      ? [
          {
            eventId: eventIds[index] as number,
            name: textOf(event.eventName),
            start: textOf(event.start),
            hallName: hallNames.get(numberOf(event.hallId) ?? -1) ?? null,
          },
        ]
      : [],
  );
  const sections = plans.flatMap((plan, index) => {
    const eventId = eventIds[index] as number;
    return listOf(plan?.sections).flatMap((section) =>
      listOf(recordOf(section)?.rows).flatMap((row) =>
        listOf(recordOf(row)?.seats).flatMap((seat) => {
          const seatId = textOf(recordOf(seat)?.seatId);
          return seatKeys.has(`${eventId}:${seatId}`)
            ? [{ eventId, seatId, section: textOf(recordOf(section)?.sectionName) }]
            : [];
        }),
      ),
    );
  });
  return { performances, sections };
}

/** Of an order's customer, only what the queue shows: the name (no email, address or phone). */
function customerOf(value: unknown) {
  const user = recordOf(value);
  if (!user) return null;
  return {
    customerId: user.customerId,
    customerFirstName: user.customerFirstName,
    customerPreposition: user.customerPreposition,
    customerLastName: user.customerLastName,
  };
}

const gzipAsync = promisify(gzip);

/**
 * A JSON answer, gzipped when the browser accepts it and it is not tiny, as forwarded answers are: the queue
 * is ~1.5 MB for 3,000 open orders.
 */
async function jsonAnswer(c: Context, value: unknown): Promise<Response> {
  const text = JSON.stringify(value);
  const headers = new Headers({ 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' });
  if (!chooseGzip(c, text, headers)) return c.body(text, { status: 200, headers });
  const body = (await gzipAsync(text, { level: zlibConstants.Z_BEST_SPEED })) as Uint8Array<ArrayBuffer>;
  return c.body(body, { status: 200, headers });
}

/** `YYYY-MM-DD`, `HORIZON_DAYS` before now (UTC), when the app names no day of its own. */
function defaultSince(now = Date.now()): string {
  return new Date(now - HORIZON_DAYS * 86_400_000).toISOString().slice(0, 10);
}

const openOrdersQuerySchema = z.object({
  since: z
    .string()
    .refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)), 'A date, YYYY-MM-DD')
    .optional(),
});

export function registerDeskRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db } = deps;
  registerSaleRoutes(routes, deps);

  routes.declare('GET', '/desk/orders/:orderId/print-data', PRINTERS, async (c: Context<GatewayEnv>) => {
    const principal = c.get('principal');
    const text = c.req.param('orderId') ?? '';
    if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such order');
    const orderId = Number(text);
    const { sale, refusal } = await orderAccess(db, principal, orderId, 'print');
    if (refusal) throw new ForbiddenError(refusal);
    const upstream = UpstreamClient.forPerson(deps, principal, requestOrigin(c));
    const read: Read = (method, pathAndQuery, body) => upstream.read(method, pathAndQuery, { body, missing: 'null' });
    const order = recordOf(await read('GET', `/partner/order/${orderId}`));
    if (!order) throw new NotFoundError('No such order');
    // The seats are export fields only (spec 2.11): the export from the order's own lastChanged has it.
    const lastChanged = textOf(order.lastChanged);
    const found = await findOrderInExport(
      { orderId, lastChanged },
      async (page) =>
        pageOf(
          await read(
            'POST',
            `/partner/export/orders?changedSince=${encodeURIComponent(lastChanged)}${page > 1 ? `&page=${page}` : ''}`,
            { changedSince: lastChanged },
          ),
        ),
      c.req.raw.signal,
    );
    const row = found?.row ?? null;
    const seats = listOf(row?.seats);
    const eventIds = [...new Set(seats.flatMap((seat) => numberOf(recordOf(seat)?.eventId) ?? []))];
    const seatKeys = new Set(
      seats.map((seat) => `${textOf(recordOf(seat)?.eventId)}:${textOf(recordOf(seat)?.seatId)}`),
    );
    const { performances, sections } = await performancesOf(read, eventIds, seatKeys);
    return jsonAnswer(c, {
      // The order as `GET /partner/order/{id}` has it, with the export's channel, fee and seats.
      order: {
        ...order,
        orderChannel: row?.orderChannel ?? '',
        fee: row?.fee ?? 0,
        seats,
      },
      seatsFound: row !== null,
      performances,
      sections,
      sale,
    } satisfies PrintData<Record<string, unknown>>);
  });

  routes.declare('GET', '/desk/open-orders', PRINTERS, async (c: Context<GatewayEnv>) => {
    const principal = c.get('principal');
    const since = parseQuery(c, openOrdersQuerySchema).since ?? defaultSince();
    const withOnline = readsOrders(principal);
    // From the organisation's mirror (issue 21), not the order list: one query instead of a page of the list
    // per 50 orders changed in the period (some 80 for a fortnight of the demo) at every look at the queue.
    // The SQL narrows by the same fields the contract's predicates read; those decide.
    const [rows, ordersSynced] = await Promise.all([
      openOrdersChangedSince(db, principal.organisationId, since, withOnline ? AWAITING_PAYMENT : null),
      fullSyncFinished(db, principal.organisationId, 'orders'),
    ]);
    const orders = rows.flatMap(({ body, customer }) => {
      const fields = {
        orderStatus: textOf(body.orderStatus),
        orderPaymentStatus: textOf(body.orderPaymentStatus),
        orderChannel: textOf(body.orderChannel),
      };
      if (!isReservation(fields) && !(withOnline && isAwaitingOnlinePayment(fields))) return [];
      const { seats: _seats, deletedSeats: _deleted, user: _user, ...order } = body;
      return [{ ...order, user: customerOf(customer) }];
    });
    // Incomplete while the mirror's first full read of the orders still runs.
    return jsonAnswer(c, { orders, withOnline, since, complete: ordersSynced } satisfies OpenOrders<
      Record<string, unknown>
    >);
  });
}
