import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { INTERACTIVE_RETRY, isoSeconds, type UpstreamClient } from '../upstream';
import { upsertCustomers, upsertOrders } from './mirror-store';

/**
 * Write-through: a change made through the gateway is in the mirror before its answer reaches the person who
 * made it, so the customer they just edited is found by its new name at once, not after the next sync.
 * The forwarder calls this after a successful answer; what the answer holds is written as it is (a created
 * or edited customer), what it does not hold is read once from the service (the customer after a tag
 * change, the order after a checkout). It never fails the call: the scheduled sync brings anything missed.
 */

/** The forwarded call, as the forwarder saw it (`path` below `/v1/{client_name}`, without the query). */
export interface ForwardedWrite {
  method: string;
  path: string;
  status: number;
  /** The service's JSON answer as text (null when not JSON). */
  answerText: string | null;
}

/** How far back a checkout's order is looked for in `GET /partner/order` (newest first): clocks may differ. */
const RECENT_ORDERS_MS = 5 * 60 * 1000;

type WriteKind = 'customer' | 'customer-tags' | 'checkout';

function kindOf(method: string, path: string): WriteKind | null {
  if (method === 'POST' && path === '/partner/customer') return 'customer';
  if (method === 'PUT' && /^\/partner\/customer\/\d+$/.test(path)) return 'customer';
  if (method === 'POST' && /^\/partner\/customer\/\d+\/clienttypes$/.test(path)) return 'customer-tags';
  if (method === 'POST' && /^\/partner\/cart\/[^/]+\/checkout$/.test(path)) return 'checkout';
  return null;
}

export async function writeThrough(
  deps: { db: Database; log: Logger },
  upstream: UpstreamClient,
  call: ForwardedWrite,
): Promise<void> {
  const kind = kindOf(call.method, call.path);
  if (!kind || call.status < 200 || call.status >= 300) return;
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
    } else {
      const orderId = Number(parseObject(call.answerText)?.orderId);
      if (!Number.isSafeInteger(orderId)) return;
      // GET /partner/order is the one call that answers an order with its lines; newest first, so a checkout
      // that just happened is on its first page.
      const since = isoSeconds(new Date(Date.now() - RECENT_ORDERS_MS));
      const json = await upstream.read('GET', `/partner/order?changedSince=${encodeURIComponent(since)}`, { retry });
      const data = isObject(json) && Array.isArray(json.data) ? json.data : [];
      const order = data.find((candidate) => isObject(candidate) && Number(candidate.orderId) === orderId);
      if (isObject(order)) await upsertOrders(deps.db, organisationId, [order]);
    }
  } catch (error) {
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error), path: call.path, organisationId },
      'mirror: write-through failed; the next sync brings the change',
    );
  }
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
