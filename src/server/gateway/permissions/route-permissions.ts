import type { Permission } from './permissions';

/**
 * Every call the gateway forwards to the Ticketing Service, as method + path below `/v1/{client_name}`, with
 * the permissions that allow it (any one of them). A call that matches no row is refused (403): a new
 * endpoint is closed until someone decides who may use it here. The public group is forwarded only where
 * the desk needs it (creating the partner cart, the status of an online payment).
 */
export interface ForwardedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path pattern, `{name}` for one segment. */
  path: string;
  /** The permissions that allow the call as it is (any one of them). */
  allow: readonly Permission[];
  /**
   * Permissions that allow the call only within a limit, for a person who holds none of `allow`
   * (forward/forward-limits.ts applies it):
   * - `desk-orders`: the order of the path must be one of the desk's (desk/order-access.ts): sold through Foyer
   *   by the organisation, or an open reservation; any other is refused (403) before the service is asked.
   * - `buyer-summary`: the customer in the answer is cut to what the buyer picker shows (BUYER_SUMMARY_FIELDS):
   *   no address, preferences, tags, credit or custom fields.
   */
  limited?: { allow: readonly Permission[]; to: ForwardLimit };
}

export type ForwardLimit = 'desk-orders' | 'buyer-summary';

const reads: Permission[] = ['events:read'];
const customerList: Permission[] = ['customers:read'];
/** A customer read whole by those who browse customers; as the picker shows one by the box office's lookup. */
const buyerRead = { allow: customerList, limited: { allow: ['customers:lookup'], to: 'buyer-summary' } } as const;

export const FORWARDED_ROUTES: readonly ForwardedRoute[] = [
  // Public group: only what Foyer uses (the desk's cart; an order's status with its ticket and receipt links).
  { method: 'POST', path: '/cart/', allow: ['sales:sell'] },
  { method: 'GET', path: '/order/{order_key}', allow: ['sales:sell', 'orders:read'] },
  // Customers.
  { method: 'POST', path: '/partner/customer', allow: ['customers:write', 'customers:lookup'] },
  { method: 'POST', path: '/partner/customer/findByEmail', ...buyerRead },
  { method: 'GET', path: '/partner/customer/{customerId}', ...buyerRead },
  { method: 'PUT', path: '/partner/customer/{customerId}', allow: ['customers:write'] },
  { method: 'GET', path: '/partner/customer/{customerId}/clienttypes', allow: customerList },
  { method: 'POST', path: '/partner/customer/{customerId}/clienttypes', allow: ['tags:write'] },
  // Events and productions.
  { method: 'GET', path: '/partner/event', allow: [...reads, 'reports:read'] },
  { method: 'GET', path: '/partner/event/{eventId}', allow: [...reads, 'reports:read'] },
  { method: 'GET', path: '/partner/production/{productionId}', allow: reads },
  // Cart.
  { method: 'GET', path: '/partner/cart/{cartId}/summary', allow: ['sales:sell'] },
  { method: 'GET', path: '/partner/cart/{cartId}', allow: ['sales:sell'] },
  { method: 'POST', path: '/partner/cart/{cartId}', allow: ['sales:sell'] },
  { method: 'DELETE', path: '/partner/cart/{cartId}/{itemId}', allow: ['sales:sell'] },
  { method: 'DELETE', path: '/partner/cart/{cartId}', allow: ['sales:sell'] },
  { method: 'POST', path: '/partner/cart/{cartId}/checkout', allow: ['sales:sell'] },
  // Orders.
  { method: 'GET', path: '/partner/order', allow: ['orders:read', 'reports:read'] },
  // Any order for those who read orders; to a seller only the desk's (its sales and open reservations).
  {
    method: 'GET',
    path: '/partner/order/{orderId}',
    allow: ['orders:read'],
    limited: { allow: ['sales:sell'], to: 'desk-orders' },
  },
  // Halls, seating, payment methods.
  { method: 'GET', path: '/partner/hall', allow: [...reads, 'reports:read'] },
  { method: 'GET', path: '/partner/hall/{hallId}', allow: [...reads, 'reports:read'] },
  { method: 'GET', path: '/partner/seating/{eventId}', allow: reads },
  { method: 'GET', path: '/partner/paymentmethods', allow: ['sales:sell'] },
  // Exports. The customer list itself comes from the gateway's mirror (/api/customers); this is the CRM export.
  { method: 'GET', path: '/partner/export/clienttypes', allow: ['customers:read', 'customers:write', 'tags:write'] },
  { method: 'POST', path: '/partner/export/customers', allow: customerList },
  { method: 'POST', path: '/partner/export/orders', allow: ['exports:run', 'reports:read'] },
  { method: 'POST', path: '/partner/export/waitinglist', allow: ['exports:run'] },
];

interface CompiledRoute extends ForwardedRoute {
  pattern: RegExp;
}

const compiled: CompiledRoute[] = FORWARDED_ROUTES.map((route) => ({
  ...route,
  pattern: new RegExp(
    `^${route.path
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  ),
}));

/**
 * The row that governs a call (`path` below `/v1/{client_name}`, without the query), or null when none does.
 * HEAD is checked as GET. A trailing slash is not ignored: `/partner/hall/` is another path.
 */
export function forwardedRouteFor(method: string, path: string): ForwardedRoute | null {
  const verb = method === 'HEAD' ? 'GET' : method;
  return compiled.find((route) => route.method === verb && route.pattern.test(path)) ?? null;
}
