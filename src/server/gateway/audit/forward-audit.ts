import type { Principal } from '../principal';
import type { AuditAction, AuditEntryInput, Json } from './audit-trail';

/** The fields every entry of a signed-in person's action carries. */
export function actor(principal: Principal) {
  return {
    organisationId: principal.organisationId,
    accountId: principal.accountId,
    person: principal.email,
    role: principal.role.key,
  };
}

/**
 * What the trail notes about a forwarded call (its path below `/v1/{client_name}`): GETs are reads and not
 * recorded, nor is the buyer lookup by email (a POST that changes nothing). Everything else is.
 */
export function forwardedAction(method: string, path: string): AuditAction | null {
  if (method === 'GET' || method === 'HEAD') return null;
  if (path === '/partner/customer/findByEmail') return null;
  if (method === 'PUT' && /^\/partner\/customer\/[^/]+$/.test(path)) return 'customer-edit';
  if (method === 'POST' && /^\/partner\/customer\/[^/]+\/clienttypes$/.test(path)) return 'tags';
  // The app's lists read the service's export pages (the waiting list, the orders changed since a day): a
  // read of personal data, noted as such — not as an export, which Foyer makes itself (/api/exports): a
  // manager who only opened the waiting list had 12 "exports" in the trail, one a page.
  if (method === 'POST' && path.startsWith('/partner/export/')) return 'list-read';
  return 'forward';
}

/** The customer a customer path names, when it is a number. */
export function customerIdOf(path: string): number | null {
  const match = /^\/partner\/customer\/(\d{1,15})(?:\/|$)/.exec(path);
  return match ? Number(match[1]) : null;
}

const intOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
};

const parse = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export interface ForwardedCall {
  method: string;
  /** Below `/v1/{client_name}`, without the query. */
  path: string;
  search: URLSearchParams;
  status: number;
  /** The request's JSON body as text, when there was one. */
  requestText: string | null;
  /** The service's JSON answer as text (null when not JSON or not read). */
  answerText: string | null;
  /** For a customer edit: the customer before (GET first); for a tag change: the tags before. */
  before?: unknown;
}

/** The entry for a forwarded call (without the actor). */
export function forwardedEntry(action: AuditAction, call: ForwardedCall): Omit<AuditEntryInput, 'organisationId'> {
  // The answer is read only where it names something: a new cart, a new customer, an order, an export page, a
  // customer or tags after the change (an added cart line answers the whole cart: not parsed).
  const named =
    action !== 'forward' ||
    call.path === '/cart/' ||
    call.path === '/partner/customer' ||
    call.path.endsWith('/checkout');
  const answer = named ? parse(call.answerText) : null;
  const answerObject =
    answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  const request = parse(call.requestText);
  const requestObject =
    request && typeof request === 'object' && !Array.isArray(request) ? (request as Record<string, unknown>) : {};
  const cartMatch = /^\/(?:partner\/)?cart\/([^/]+)/.exec(call.path);
  const cartId = cartMatch?.[1] ?? (typeof answerObject.cart_id === 'string' ? answerObject.cart_id : null) ?? null;
  const orderMatch = /^\/partner\/order\/(\d{1,15})/.exec(call.path);
  const orderId = intOf(orderMatch?.[1]) ?? intOf(answerObject.orderId);
  const customerId =
    customerIdOf(call.path) ?? intOf(answerObject.customerId) ?? intOf(requestObject.customerId) ?? null;
  const entry: Omit<AuditEntryInput, 'organisationId'> = {
    action,
    method: call.method,
    path: call.path,
    status: call.status,
    cartId: cartId ? decodeURIComponent(cartId) : null,
    orderId,
    customerId,
  };
  const ok = call.status >= 200 && call.status < 300;
  if (action === 'customer-edit') {
    const old = call.before && typeof call.before === 'object' ? (call.before as Record<string, unknown>) : null;
    const changes: Record<string, Json> = {};
    if (ok && old) {
      for (const field of Object.keys(requestObject)) {
        const was = (old[field] ?? null) as Json;
        const now = (field in answerObject ? answerObject[field] : requestObject[field]) as Json;
        if (JSON.stringify(was) !== JSON.stringify(now ?? null)) changes[field] = { old: was, new: now ?? null };
      }
    }
    entry.details = { changes, ...(old ? {} : { note: 'the customer could not be read before the edit' }) };
  } else if (action === 'tags') {
    const before = Array.isArray(call.before) ? (call.before as Json[]) : null;
    const after = ok
      ? Array.isArray(answer)
        ? (answer as Json[])
        : Array.isArray(requestObject.clienttypes)
          ? (requestObject.clienttypes as Json[])
          : null
      : before;
    entry.details = { before, after };
  } else if (action === 'list-read') {
    const pageParam = intOf(call.search.get('page'));
    const changedSince =
      call.search.get('changedSince') ??
      (typeof requestObject.changedSince === 'string' ? requestObject.changedSince : null);
    entry.details = {
      kind: call.path.slice('/partner/export/'.length),
      page: intOf(answerObject.current_page) ?? pageParam ?? 1,
      rows: Array.isArray(answerObject.data) ? answerObject.data.length : null,
      total: intOf(answerObject.total),
      incremental: Boolean(changedSince),
      changedSince,
    };
  }
  return entry;
}
