import pLimit from 'p-limit';
import type { Logger } from 'pino';
import type { Queryable } from '../../db/database';
import type { GatewayDeps } from '../access';
import type { Principal } from '../auth/principal';
import { UpstreamUnavailableError } from '../errors';
import { UpstreamClient } from '../upstream/upstream-client';
import { type OrderReader, orderReader, pageReaching, type ServiceOrder } from './service-orders';
import { linesOf, tenderOf } from './shift-math';
import type { SaleRecord } from './shift-store';

/**
 * Sales join the seller's open shift at checkout (one statement, before the checkout's answer leaves the
 * gateway), and their amounts are read from the service right after, without holding up the sale.
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
export function checkoutFacts(requestText: string | null, answerText: string | null): CheckoutFacts | null {
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

/**
 * Attaches a sale to the seller's open shift, if they have one; returns the shift's id. The shift row is
 * locked for share, so a close that is counting the shift (it holds the row for update) either sees this
 * sale or, once it is done, leaves the sale out: never a sale on a shift that was counted without it. A
 * repeated checkout of the same cart names the same order and adds nothing.
 */
export async function attachSale(db: Queryable, principal: Principal, facts: CheckoutFacts): Promise<number | null> {
  const { rows } = await db.query<{ shift_id: string }>(
    `insert into gateway.shift_sales (organisation_id, order_id, shift_id, payment_method_id, online)
     select s.organisation_id, $2, s.id, $3, $4 from gateway.shifts s
      where s.account_id = $1 and s.organisation_id = $5 and s.status = 'open'
      for share of s
     on conflict (organisation_id, order_id) do nothing
     returning shift_id`,
    [principal.accountId, facts.orderId, facts.paymentMethodId, facts.online, principal.organisationId],
  );
  return rows[0] ? Number(rows[0].shift_id) : null;
}

/**
 * The forwarder's step after a successful checkout: the sale joins the seller's open shift (awaited: one
 * statement), and its amounts are read from the service a moment later, unless the desk's screen has read them
 * already — what is not read then is read when the shift is next looked at (readUnreadSales). A failure here never fails the
 * sale, which the service has made: the reconciliation lists a sale that joined no shift.
 */
export async function joinShift(
  deps: Pick<GatewayDeps, 'db' | 'log' | 'service' | 'organisations'>,
  principal: Principal,
  gatewayOrigin: string,
  call: { requestText: string | null; answerText: string | null },
): Promise<void> {
  const facts = checkoutFacts(call.requestText, call.answerText);
  if (!facts) return;
  let shiftId: number | null;
  try {
    shiftId = await attachSale(deps.db, principal, facts);
  } catch (error) {
    deps.log.error({ orderId: facts.orderId, reason: (error as Error).message }, 'a sale could not join its shift');
    return;
  }
  if (shiftId === null) return;
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
  const { rows } = await db.query<{ unread: boolean }>(
    'select read_at is null as unread from gateway.shift_sales where organisation_id = $1 and order_id = $2',
    [organisationId, facts.orderId],
  );
  if (rows[0]?.unread) await readSale(db, reader, organisationId, facts);
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
    await db.query(
      `update gateway.shift_sales
          set status_at_sale = coalesce(status_at_sale, $3), payment_status_at_sale = coalesce(payment_status_at_sale, $4)
        where organisation_id = $1 and order_id = $2`,
      [organisationId, sale.orderId, order.orderStatus, order.paymentStatus],
    );
    return false;
  }
  await db.query(
    `update gateway.shift_sales
        set status_at_sale = coalesce(status_at_sale, $3), payment_status_at_sale = coalesce(payment_status_at_sale, $4),
            payment_method = $5, tender = $6, amount_cents = $7, fee_cents = $8, donation_cents = $9,
            lines = $10::jsonb, read_at = now()
      where organisation_id = $1 and order_id = $2 and read_at is null`,
    [
      organisationId,
      sale.orderId,
      order.orderStatus,
      order.paymentStatus,
      order.method,
      tenderOf(order.method, sale.online),
      order.amountCents,
      listed ? (listed.feeCents ?? 0) : null,
      order.donationCents,
      listed ? JSON.stringify(linesOf(listed.seats ?? [])) : null,
    ],
  );
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
