import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { Together } from '../together';
import { INTERACTIVE_RETRY, type RetryPolicy, type UpstreamClient } from '../upstream';
import { upsertCustomers, upsertOrders } from './mirror-store';

/**
 * Write-through: a change made through the gateway is in the mirror before its answer reaches the person who
 * made it, so the customer they just edited is found by its new name at once, not after the next sync.
 * The forwarder calls this after a successful answer; what the answer holds is written as it is (a created
 * or edited customer), what it does not hold is read once from the service (the customer after a tag
 * change, the order after a checkout — which the forwarder passes on to the seller's shift, so a sale is read
 * once). It never fails the call: the scheduled sync brings anything missed. The checkouts of an organisation's
 * desks at one moment are read and written together: one read of the orders export and one statement for all.
 */

/** The forwarded call, as the forwarder saw it (`path` below `/v1/{client_name}`, without the query). */
export interface ForwardedWrite {
  method: string;
  path: string;
  status: number;
  /** The service's JSON answer as text (null when not JSON). */
  answerText: string | null;
  /**
   * By the service's clock, a moment no later than the one the change was made at (the call's sending): its
   * answer's `Date`, or this machine's clock for the embedded service, less the call's round trip.
   */
  madeFrom?: Date;
}

/** An order as the orders export (and `GET /partner/order`) has it: the order's fields, channel, fee, seats, user. */
export type ListedOrder = Record<string, unknown>;

/**
 * How many pages of the orders changed since the checkouts' orders were made are looked through for them: only
 * orders changed in the same second before the first of them, and those between them, come before them.
 */
const LISTED_PAGES = 3;

type WriteKind = 'customer' | 'customer-tags' | 'checkout' | 'payment-settled';

/**
 * How long a status read that found a payment settled waits for the order to be mirrored (settledPayment): the
 * answer the seller's screen polls for is not held longer, and the few reads it takes usually end in milliseconds.
 */
const SETTLED_WAIT_MS = 1500;

function kindOf(method: string, path: string): WriteKind | null {
  if (method === 'GET' && /^\/order\/[^/]+$/.test(path)) return 'payment-settled';
  if (method === 'POST' && path === '/partner/customer') return 'customer';
  if (method === 'PUT' && /^\/partner\/customer\/\d+$/.test(path)) return 'customer';
  if (method === 'POST' && /^\/partner\/customer\/\d+\/clienttypes$/.test(path)) return 'customer-tags';
  if (method === 'POST' && /^\/partner\/cart\/[^/]+\/checkout$/.test(path)) return 'checkout';
  return null;
}

/**
 * A change written through: `sold`, the order a checkout made as listed (null for any other call, or when it
 * could not be read), known as soon as it is read; `mirrored`, settled once the change is in the mirror (or
 * could not be put there: it never rejects). The seller's shift takes the order while the mirror writes it.
 */
export interface WrittenThrough {
  sold: ListedOrder | null;
  mirrored: Promise<void>;
}

const NOTHING_WRITTEN: WrittenThrough = { sold: null, mirrored: Promise.resolve() };

/** Resolves when what the change needs is read (see WrittenThrough); `mirrored` then says when it is written. */
export async function writeThrough(
  deps: { db: Database; log: Logger },
  upstream: UpstreamClient,
  call: ForwardedWrite,
): Promise<WrittenThrough> {
  const kind = kindOf(call.method, call.path);
  if (!kind || call.status < 200 || call.status >= 300) return NOTHING_WRITTEN;
  const { organisationId } = upstream;
  // One quick retry at most: the person is waiting for their answer.
  const retry = INTERACTIVE_RETRY;
  try {
    if (kind === 'customer') {
      const customer = parseObject(call.answerText);
      if (customer?.customerId !== undefined) await upsertCustomers(deps.db, organisationId, [customer]);
    } else if (kind === 'customer-tags') {
      const customerId = call.path.split('/')[3];
      const json = await upstream.read('GET', `/partner/customer/${customerId}`, { retry });
      if (isObject(json)) await upsertCustomers(deps.db, organisationId, [json]);
    } else if (kind === 'payment-settled') {
      // The desk's status read waits for it a moment at most; a slow service finishes it behind the answer.
      const settling = settledPayment(deps, upstream, call).catch((error: unknown) =>
        warnNotWritten(deps.log, error, { path: call.path, organisationId }),
      );
      await Promise.race([settling, sleep(SETTLED_WAIT_MS, undefined, { ref: false })]);
    } else {
      const orderId = Number(parseObject(call.answerText)?.orderId);
      if (!Number.isSafeInteger(orderId)) return NOTHING_WRITTEN;
      return await checkoutsOf(deps).call(organisationId, { upstream, orderId, madeFrom: call.madeFrom ?? null });
    }
  } catch (error) {
    warnNotWritten(deps.log, error, { path: call.path, organisationId });
  }
  return NOTHING_WRITTEN;
}

/**
 * Not a change made through Foyer, but one Foyer saw: the desk's screen reads an online order's public status
 * (`GET /order/{order_key}`) until the buyer pays or cancels on the payment page, which the service learns and the
 * mirror would only see at its next sync. Meanwhile the seller's shift counted a cancelled payment as sold (its
 * totals read the order's state in the mirror: a walkthrough's bar said € 446,29 after the buyer cancelled, the
 * close page € 387,00). So when that status is final and the mirror's differs, the order is read and mirrored now
 * — once per change: read again, the two agree.
 */
async function settledPayment(deps: { db: Database }, upstream: UpstreamClient, call: ForwardedWrite): Promise<void> {
  const status = parseObject(call.answerText)?.order_payment_status;
  if (status !== 'paid' && status !== 'cancelled') return;
  const orderKey = decodeURIComponent(call.path.slice('/order/'.length));
  const { rows } = await deps.db.query<{ order_id: string; payment_status: string }>(
    'select order_id, payment_status from gateway.mirror_orders where organisation_id = $1 and order_key = $2',
    [upstream.organisationId, orderKey],
  );
  const mirrored = rows[0];
  if (!mirrored || mirrored.payment_status === status) return;
  const order = await listedOrder(upstream, Number(mirrored.order_id), null, INTERACTIVE_RETRY);
  if (order) await upsertOrders(deps.db, upstream.organisationId, [order]);
}

function warnNotWritten(log: Logger, error: unknown, about: Record<string, unknown>): void {
  log.warn(
    { err: error instanceof Error ? error.message : String(error), ...about },
    'mirror: write-through failed; the next sync brings the change',
  );
}

/** A checkout's order to read and mirror (see writtenCheckouts). */
interface Checkout {
  /** The seller's connection; a batch reads with its first checkout's (all are the organisation's). */
  upstream: UpstreamClient;
  orderId: number;
  madeFrom: Date | null;
}

const checkouts = new WeakMap<Database, Together<Checkout, WrittenThrough>>();

function checkoutsOf(deps: { db: Database; log: Logger }): Together<Checkout, WrittenThrough> {
  let together = checkouts.get(deps.db);
  if (!together) {
    together = new Together((organisationId, batch) => writtenCheckouts(deps, organisationId, batch));
    checkouts.set(deps.db, together);
  }
  return together;
}

/**
 * The orders of checkouts made at one moment, as listed, read together (from the earliest moment on: one read
 * of the export for all of them when they are there) and upserted into the mirror in one statement; the orders
 * not found there are read one by one (listedOrder). Answers once they are read, the upsert under way: an
 * order is handed on even when the mirror cannot take it, and the shift's sale need not wait for the mirror.
 */
async function writtenCheckouts(
  deps: { db: Database; log: Logger },
  organisationId: number,
  batch: readonly Checkout[],
): Promise<WrittenThrough[]> {
  const retry = INTERACTIVE_RETRY;
  const [first] = batch;
  if (!first) return [];
  const moments = batch.flatMap((checkout) => (checkout.madeFrom ? [checkout.madeFrom.getTime()] : []));
  const since = moments.length > 0 ? new Date(Math.min(...moments)) : null;
  const found = since
    ? await exportedOrders(first.upstream, new Set(batch.map((checkout) => checkout.orderId)), since, retry)
    : new Map<number, ListedOrder>();
  const sold = await Promise.all(
    batch.map(
      async (checkout) =>
        found.get(checkout.orderId) ?? (await listedOrder(checkout.upstream, checkout.orderId, null, retry)),
    ),
  );
  const orders = sold.filter((order): order is ListedOrder => order !== null);
  const mirrored =
    orders.length > 0
      ? upsertOrders(deps.db, organisationId, orders).then(
          () => undefined,
          (error: unknown) => warnNotWritten(deps.log, error, { organisationId, orders: orders.length }),
        )
      : Promise.resolve();
  return sold.map((order) => ({ sold: order, mirrored }));
}

/**
 * The order just made with its lines, as the orders export has it (what `GET /partner/order` lists, and the
 * sync reads): among the orders changed since the checkout was sent, oldest change first, so only the few
 * changed in that moment come before it — however many orders the last minutes saw. When it is not there (a
 * service whose clock the call's timing does not tell), `GET /partner/order/{id}` gives its `lastChanged` by
 * the service's own clock and the export is read from that second. Null when neither shows it (the sync
 * brings it).
 */
async function listedOrder(
  upstream: UpstreamClient,
  orderId: number,
  madeFrom: Date | null,
  retry: RetryPolicy,
): Promise<ListedOrder | null> {
  const sinceSent = madeFrom ? await exportedOrders(upstream, new Set([orderId]), madeFrom, retry) : null;
  if (sinceSent?.has(orderId)) return sinceSent.get(orderId) ?? null;
  const order = await upstream.read('GET', `/partner/order/${orderId}`, { retry, missing: 'null' });
  const lastChanged = isObject(order) && typeof order.lastChanged === 'string' ? new Date(order.lastChanged) : null;
  if (!lastChanged || Number.isNaN(lastChanged.getTime())) return null;
  return (await exportedOrders(upstream, new Set([orderId]), lastChanged, retry)).get(orderId) ?? null;
}

/** The orders of `orderIds` among the first pages of the orders export changed since `since` (those there). */
async function exportedOrders(
  upstream: UpstreamClient,
  orderIds: ReadonlySet<number>,
  since: Date,
  retry: RetryPolicy,
): Promise<Map<number, ListedOrder>> {
  const body = { changedSince: since.toISOString() };
  const found = new Map<number, ListedOrder>();
  for (let page = 1; page <= LISTED_PAGES; page++) {
    const json = await upstream.read('POST', `/partner/export/orders?page=${page}`, { body, retry });
    const data = isObject(json) && Array.isArray(json.data) ? json.data : [];
    for (const candidate of data) {
      if (isObject(candidate) && orderIds.has(Number(candidate.orderId)))
        found.set(Number(candidate.orderId), candidate);
    }
    if (found.size === orderIds.size || !isObject(json) || !(Number(json.last_page) > page)) break;
  }
  return found;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}
