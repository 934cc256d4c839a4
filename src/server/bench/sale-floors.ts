import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

/**
 * Two floors for `npm run bench:selling`: servers in the bench's process that answer the three requests of a
 * sale (a new cart, one seat, a cash checkout) as the load generator sends them, doing less than the service.
 *
 *   F  node:http alone, fixed answers: what the three kept-alive requests cost a server and its client.
 *   N  node:http and node-postgres, no framework: each request runs the statements the service sent for it in
 *      a captured sale (the same SQL, round trips and transactions) with this sale's cart, seat and order key,
 *      on a pool like the service's (its size, pipeline mode, named prepared statements). No validation, no
 *      routing beyond the path's end, no authentication: what any Node service with this client library pays
 *      at the least for the sale, beside pgbench's floor of the database itself.
 */

export interface FloorServer {
  base: string;
  close(): Promise<void>;
}

/** One statement as the service sent it. */
export interface SentStatement {
  sql: string;
  params: readonly unknown[] | undefined;
}

/** What one call of `query` or `transaction` sent: statements in groups that shared a round trip. */
export interface Exchange {
  transaction: boolean;
  groups: SentStatement[][];
}

/** The sale's three requests. */
export type SaleRequest = 'cart' | 'seats' | 'checkout';

/** The values a captured sale had of its own, which each replay of it (pgbench's, path N's) replaces. */
export interface SaleOwnValues {
  cartId: string;
  orderKey: string;
  /** The seat's hold (its JSON as the service builds it) and its event, as sent. */
  holdJson: string;
  eventId: number;
}

/** A captured sale: what each request sent, and the values that were that sale's own. */
export interface CapturedSale extends SaleOwnValues {
  exchanges: Record<SaleRequest, Exchange[]>;
}

export type OwnValue = 'cart' | 'order' | 'hold' | 'event';

/**
 * Which of the sale's own values a captured statement's parameter is, if any: its cart, its order key, its seat's
 * hold, or the hold's event — the event only in a statement that carries the hold (elsewhere the same number may
 * be anything else).
 */
export function ownValueOf(value: unknown, params: readonly unknown[], sale: SaleOwnValues): OwnValue | null {
  if (value === sale.cartId) return 'cart';
  if (value === sale.orderKey) return 'order';
  if (value === sale.holdJson) return 'hold';
  if (value === sale.eventId && params.includes(sale.holdJson)) return 'event';
  return null;
}

/** A seat the load may sell, by `{eventId}/{seatId}`: its hold's JSON for the service's statements. */
export interface HeldSeat {
  holdJson: string;
  eventId: number;
}

const requestOf = (url: string): SaleRequest =>
  url.endsWith('/checkout') ? 'checkout' : url.endsWith('/cart/') ? 'cart' : 'seats';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function listen(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  closeMore?: () => Promise<void>,
): Promise<FloorServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeMore?.();
    },
  };
}

/** Path F: each body read and parsed, as any server must, and answered with a fixed answer of the service's shape. */
export function startHttpFloor(): Promise<FloorServer> {
  const answers: Record<SaleRequest, unknown> = {
    cart: { cart_id: 'f1oor0c4rt1d0f1oor0c4rt' },
    seats: { message: 'Items added' },
    checkout: { orderId: 1, orderKey: 'f1oor0rderk3y', url: '' },
  };
  return listen((request, response) => {
    void readBody(request).then((body) => {
      if (body) JSON.parse(body);
      answer(response, 200, answers[requestOf(request.url ?? '')]);
    });
  });
}

/** Path N: the captured sale's statements for each request, with this sale's values, on a pool like the service's. */
export function startNodeFloor(
  databaseUrl: string,
  poolSize: number,
  sale: CapturedSale,
  seats: ReadonlyMap<string, HeldSeat>,
): Promise<FloorServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, pipeline: true } as pg.PoolConfig);
  pool.on('error', () => undefined);
  const names = new Map<string, string>();
  /** This request's own values, in place of the captured sale's. */
  type OwnValues = Partial<Record<OwnValue, unknown>>;
  const statement = (sent: SentStatement, own: OwnValues) => {
    let name = names.get(sent.sql);
    if (name === undefined) {
      name = `floor_${names.size + 1}`;
      names.set(sent.sql, name);
    }
    const params = sent.params ?? [];
    const values = params.map((value) => {
      const kind = ownValueOf(value, params, sale);
      return kind !== null && own[kind] !== undefined ? own[kind] : value;
    });
    return { name, text: sent.sql, values };
  };
  const run = async (exchanges: readonly Exchange[], own: OwnValues): Promise<pg.QueryResult[]> => {
    const results: pg.QueryResult[] = [];
    for (const exchange of exchanges) {
      const client = exchange.transaction ? await pool.connect() : null;
      try {
        // In pipeline mode BEGIN travels with the first group, as the service's transactions do.
        const begun = client?.query('BEGIN');
        for (const group of exchange.groups) {
          results.push(...(await Promise.all(group.map((sent) => (client ?? pool).query(statement(sent, own))))));
        }
        await begun;
        if (client) await client.query('COMMIT');
      } catch (error) {
        await client?.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client?.release();
      }
    }
    return results;
  };
  const sell = async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    const kind = requestOf(url);
    const body = await readBody(request);
    if (kind === 'cart') {
      const cartId = randomBytes(18).toString('base64url');
      await run(sale.exchanges.cart, { cart: cartId });
      answer(response, 201, { cart_id: cartId });
      return;
    }
    const cart = decodeURIComponent(url.split('/cart/')[1]?.split('/')[0] ?? '');
    if (kind === 'seats') {
      const [item] = JSON.parse(body) as { eventId: number; seatId: string }[];
      const seat = seats.get(`${item?.eventId}/${item?.seatId}`);
      if (!seat) return answer(response, 404, { message: 'No such seat in the pool' });
      await run(sale.exchanges.seats, { cart, hold: seat.holdJson, event: seat.eventId });
      answer(response, 200, { message: 'Items added' });
      return;
    }
    const orderKey = randomBytes(16).toString('base64url');
    const results = await run(sale.exchanges.checkout, { cart, order: orderKey });
    const orderId = results.flatMap((result) => result.rows).find((row) => row.order_id !== undefined)?.order_id;
    answer(response, 201, { orderId: Number(orderId ?? 0), orderKey, url: '' });
  };
  return listen(
    (request, response) => {
      sell(request, response).catch((error: unknown) => {
        answer(response, 500, { message: error instanceof Error ? error.message : String(error) });
      });
    },
    () => pool.end(),
  );
}
