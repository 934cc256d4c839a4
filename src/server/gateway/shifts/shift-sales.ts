import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { tenderOf } from '@/contract/tender';
import type { Database, Queryable } from '../../db/database';
import { UpstreamUnavailableError } from '../errors';
import type { Principal } from '../principal';
import type { ServiceConnection } from '../service-connection';
import { Together } from '../together';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { type OrderReader, orderReader, pageReaching, type ServiceOrder, serviceOrderOf } from './service-orders';
import { linesOf } from './shift-math';
import {
  insertSalesIntoOpenShifts,
  isSaleUnread,
  type SaleAmounts,
  type SaleRecord,
  type ShiftSale,
  storeSaleAmounts,
  storeStateAtSale,
} from './shift-store';

/**
 * What a shift's sales work with of the gateway's deps: its store, and the service the amounts come from. Its own
 * interface, not GatewayDeps, which is built from this concern's entry.
 */
export interface ShiftDeps {
  db: Database;
  log: Logger;
  service: ServiceConnection;
  organisations: KeyOpener;
}

/**
 * Sales join the seller's open shift at checkout (before the checkout's answer leaves the gateway; the sales of
 * an organisation's desks at one moment in one statement), with their amounts as the checkout's write-through
 * read them; read from the service a moment later only when that read failed.
 */

const CHECKOUT_PATH = /^\/partner\/cart\/[^/]+\/checkout$/;

export const isCheckout = (method: string, path: string) => method === 'POST' && CHECKOUT_PATH.test(path);

const parse = (text: string | null): Record<string, unknown> => {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const intOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
};

export interface CheckoutFacts {
  orderId: number;
  paymentMethodId: number | null;
  /** The checkout answered with a payment page URL: an online payment. */
  online: boolean;
}

/** What a successful checkout's request and answer say about the sale (null when they name no order). */
function checkoutFacts(requestText: string | null, answerText: string | null): CheckoutFacts | null {
  const answer = parse(answerText);
  const orderId = intOf(answer.orderId);
  if (orderId === null) return null;
  const url = answer.url;
  return {
    orderId,
    paymentMethodId: intOf(parse(requestText).paymentMethodId),
    online: typeof url === 'string' && url !== '',
  };
}

/** Per database: the sales waiting to join their shifts, together (see Together). */
const joining = new WeakMap<Database, Together<ShiftSale, number | null>>();

function joinerOf(db: Database): Together<ShiftSale, number | null> {
  let joiner = joining.get(db);
  if (!joiner) {
    // An order repeated in one batch (a checkout sent twice) joins once; both learn its shift.
    joiner = new Together(
      async (organisationId, sales) => {
        const shifts = await insertSalesIntoOpenShifts(db, organisationId, sales);
        return sales.map((sale) => shifts.get(sale.orderId) ?? null);
      },
      // The sales come in bursts of their own: the checkouts the write-through read together, answered in one turn.
      // A linger would only hold them (bench:selling: a checkout's records took 10.6-10.8 ms at the median instead
      // of 16.2-17.1, with as many statements per sale).
      { lingerMs: 0 },
    );
    joining.set(db, joiner);
  }
  return joiner;
}

/**
 * The forwarder's step after a successful checkout: the sale joins the seller's open shift (awaited: one
 * statement, with the sales of the organisation's other desks at that moment). `sold` is the order as the
 * mirror's write-through read it right after the checkout (as `GET /partner/order` lists it): the sale is
 * stored with its amounts in that statement, and the order is not read again. Without it (the read failed), the amounts are read from the service a moment later, unless the
 * desk's screen has read them already — what is not read then is read when the shift is next looked at
 * (readUnreadSales). A failure here never fails the sale, which the service has made: the reconciliation lists
 * a sale that joined no shift.
 */
export async function joinShift(
  deps: ShiftDeps,
  principal: Principal,
  gatewayOrigin: string,
  call: { requestText: string | null; answerText: string | null; sold: unknown },
): Promise<void> {
  const facts = checkoutFacts(call.requestText, call.answerText);
  if (!facts) return;
  const sold = serviceOrderOf(call.sold);
  const amounts = sold?.orderId === facts.orderId ? saleAmountsOf(sold, sold, facts.online) : null;
  let shiftId: number | null;
  try {
    shiftId = await joinerOf(deps.db).call(principal.organisationId, {
      accountId: principal.accountId,
      orderId: facts.orderId,
      paymentMethodId: facts.paymentMethodId,
      online: facts.online,
      amounts,
    });
  } catch (error) {
    deps.log.error({ orderId: facts.orderId, reason: (error as Error).message }, 'a sale could not join its shift');
    return;
  }
  if (shiftId === null || amounts) return;
  const reader = orderReader(UpstreamClient.forPerson(deps, principal, gatewayOrigin));
  const later = setTimeout(() => {
    readSaleIfUnread(deps.db, reader, principal.organisationId, facts).catch((error: unknown) => {
      deps.log.warn({ orderId: facts.orderId, reason: (error as Error).message }, 'a shift sale is read later');
    });
  }, SALE_READ_DELAY_MS);
  // A pending read never keeps the process from exiting: what it would have read is read when next looked at.
  later.unref();
}

/**
 * A sale's amounts: the state and money of `order`, the fee and the lines per performance of `listed` (the
 * order as `GET /partner/order` shows it; null: not found there, fee and performances unknown).
 */
function saleAmountsOf(order: ServiceOrder, listed: ServiceOrder | null, online: boolean): SaleAmounts {
  return {
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    method: order.method,
    tender: tenderOf(order.method, online),
    amountCents: order.amountCents,
    feeCents: listed ? (listed.feeCents ?? 0) : null,
    donationCents: order.donationCents,
    lines: listed ? linesOf(listed.seats ?? []) : null,
  };
}

/**
 * A moment after the sale: the desk's screen asks for its shift's totals right away (which reads the sale),
 * so the sale is read here only when nobody has — and not while the checkout's answer is on its way.
 */
export const SALE_READ_DELAY_MS = 1_000;

async function readSaleIfUnread(
  db: Queryable,
  reader: OrderReader,
  organisationId: number,
  facts: CheckoutFacts,
): Promise<void> {
  if (await isSaleUnread(db, organisationId, facts.orderId)) await readSale(db, reader, organisationId, facts);
}

/**
 * Finds an order in `GET /partner/order` (which carries the fee, the channel and the seats that
 * `GET /partner/order/{id}` lacks): the orders changed since it last changed, at the page where its date
 * falls, and the next in case orders of the same moment spill over.
 */
export async function findListedOrder(reader: OrderReader, order: ServiceOrder): Promise<ServiceOrder | null> {
  const moment = Date.parse(order.orderDate);
  if (!order.lastChanged || Number.isNaN(moment)) return null;
  const found = await pageReaching(reader, order.lastChanged, moment);
  const match = found.orders.find((candidate) => candidate.orderId === order.orderId);
  if (match) return match;
  if (found.page >= found.lastPage) return null;
  const next = await reader.orderPage(order.lastChanged, found.page + 1);
  return next.orders.find((candidate) => candidate.orderId === order.orderId) ?? null;
}

/**
 * Reads one sale's amounts from the service and stores them. The order's state as first read is kept as its
 * state at sale (reconciliation compares against it); the amounts are stored once. The fee and the seats come
 * from the order list: when the order cannot be found there, the sale stays unread — unless `settle`, when it
 * is stored without them (fee and performances unknown) rather than keep its shift from closing forever, as a
 * service that lists orders otherwise than the reference one could.
 */
export async function readSale(
  db: Queryable,
  reader: OrderReader,
  organisationId: number,
  sale: Pick<SaleRecord, 'orderId' | 'online'>,
  options: { settle?: boolean } = {},
): Promise<boolean> {
  const order = await reader.order(sale.orderId);
  if (!order) return false;
  const listed = await findListedOrder(reader, order);
  if (!listed && !options.settle) {
    await storeStateAtSale(db, organisationId, sale.orderId, order);
    return false;
  }
  await storeSaleAmounts(db, organisationId, sale.orderId, saleAmountsOf(order, listed, sale.online));
  return true;
}

const READ_CONCURRENCY = 4;

/**
 * Reads the amounts of the sales that are not read yet, a few at a time (settling those the order list does
 * not show); returns how many are still unread. The service failing (down, an error) leaves those for the next
 * try rather than failing the caller.
 */
export async function readUnreadSales(
  db: Queryable,
  reader: OrderReader,
  organisationId: number,
  sales: readonly SaleRecord[],
  log: Logger,
): Promise<number> {
  const limit = pLimit(READ_CONCURRENCY);
  const results = await Promise.all(
    sales
      .filter((sale) => !sale.read)
      .map((sale) =>
        limit(() =>
          readSale(db, reader, organisationId, sale, { settle: true }).catch((error: unknown) => {
            if (!(error instanceof UpstreamUnavailableError)) throw error;
            log.warn({ orderId: sale.orderId, reason: error.detail }, 'a shift sale could not be read yet');
            return false;
          }),
        ),
      ),
  );
  return results.filter((done) => !done).length;
}
