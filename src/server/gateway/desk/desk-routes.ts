import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import type { Context } from 'hono';
import { findOrderInExport } from '../../../contract/find-order-in-export';
import { HORIZON_DAYS, isAwaitingOnlinePayment, isReservation } from '../../../contract/open-orders';
import type { GatewayDeps, GatewayEnv, SecuredRoutes } from '../access';
import { chooseGzip } from '../forward/forwarder';
import { PRINTERS, printAccess, readsOrders } from './print-access';
import { ServiceReadError, type ServiceReader, serviceFailure, serviceReaderFor } from './service-reader';

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

/** Page reads of the order list at a time (as the app read it before: four). */
const PAGE_CONCURRENCY = 4;
/** At most this many pages of the order list for the queue: 40,000 orders changed within the horizon. */
const MAX_QUEUE_PAGES = 400;

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
    if (error instanceof ServiceReadError) return null;
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
async function performancesOf(read: ServiceReader, eventIds: readonly number[], seatKeys: ReadonlySet<string>) {
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

/** Of an order's customer, only what the queue shows. */
function customerOf(value: unknown) {
  const user = recordOf(value);
  if (!user) return null;
  return {
    customerId: user.customerId,
    email: user.email,
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

export function registerDeskRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db } = deps;

  routes.declare('GET', '/desk/orders/:orderId/print-data', PRINTERS, async (c: Context<GatewayEnv>) => {
    const principal = c.get('principal');
    const text = c.req.param('orderId') ?? '';
    if (!/^\d{1,15}$/.test(text)) return c.json({ message: 'No such order' }, 404);
    const orderId = Number(text);
    const { sale, refusal } = await printAccess(db, principal, orderId);
    if (refusal) return c.json({ message: refusal }, 403);
    const read = serviceReaderFor(deps, c);
    try {
      const order = recordOf(await read('GET', `/partner/order/${orderId}`));
      if (!order) return c.json({ message: 'No such order' }, 404);
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
      });
    } catch (error) {
      return serviceFailure(c, deps, error);
    }
  });

  routes.declare('GET', '/desk/open-orders', PRINTERS, async (c: Context<GatewayEnv>) => {
    const principal = c.get('principal');
    const since = c.req.query('since') || defaultSince();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(since))) {
      return c.json({ message: 'The given data was invalid.', errors: { since: ['A date, YYYY-MM-DD'] } }, 422);
    }
    const withOnline = readsOrders(principal);
    const read = serviceReaderFor(deps, c);
    const listPage = async (page: number) =>
      pageOf(
        await read('GET', `/partner/order?changedSince=${encodeURIComponent(since)}${page > 1 ? `&page=${page}` : ''}`),
      );
    try {
      const first = await listPage(1);
      const lastPage = Math.min(first.last_page, MAX_QUEUE_PAGES);
      const pages = [first];
      for (let start = 2; start <= lastPage; start += PAGE_CONCURRENCY) {
        const batch = [];
        for (let page = start; page < start + PAGE_CONCURRENCY && page <= lastPage; page++) batch.push(page);
        pages.push(...(await Promise.all(batch.map(listPage))));
      }
      const orders = pages.flatMap((page) =>
        page.data.flatMap(({ row }) => {
          const fields = {
            orderStatus: textOf(row.orderStatus),
            orderPaymentStatus: textOf(row.orderPaymentStatus),
            orderChannel: textOf(row.orderChannel),
          };
          if (!isReservation(fields) && !(withOnline && isAwaitingOnlinePayment(fields))) return [];
          const { seats: _seats, deletedSeats: _deleted, user, ...order } = row;
          return [{ ...order, user: customerOf(user) }];
        }),
      );
      return jsonAnswer(c, { orders, withOnline, since, complete: first.last_page <= MAX_QUEUE_PAGES });
    } catch (error) {
      return serviceFailure(c, deps, error);
    }
  });
}
