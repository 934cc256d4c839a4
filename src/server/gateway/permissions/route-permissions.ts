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
   * - `quick-create`: the picker's quick create — the new customer may be given only the picker's fields
   *   (QUICK_CREATE_FIELDS; anything else is refused, 403, before the service), and the answer is cut as
   *   `buyer-summary` cuts it.
   */
  limited?: { allow: readonly Permission[]; to: ForwardLimit };
  /**
   * How the call is kept within the scope of a person whose role is limited to chosen productions
   * (role-scopes/; forward/forward-scope.ts applies it). A row without it is refused to such a person (403).
   * An id of the path outside the scope is answered 404, as an id that does not exist, so the answer says
   * nothing of another production:
   * - `none`: the call and its answer concern no production (halls, payment methods, a cart of one's own);
   * - `event-list`: the answer's events are cut to those in scope;
   * - `event`, `production`, `order`, `order-key`, `buyer`: the `{eventId}`, `{productionId}`, `{orderId}`,
   *   `{order_key}` or `{customerId}` of the path must be in scope — an order with a seat of an event in scope,
   *   a buyer of such an order (by the mirror);
   * - `order-list`: the listing holds only the orders with a seat of an event in scope, paged among themselves
   *   (the gateway answers it from the mirror: forward/scoped-order-page.ts);
   * - `cart-items`: every item added must be of an event in scope (or of none, as a donation).
   */
  scoped?: ScopeRule;
}

export type ForwardLimit = 'desk-orders' | 'buyer-summary' | 'quick-create';
export type ScopeRule =
  | 'none'
  | 'event-list'
  | 'event'
  | 'production'
  | 'order'
  | 'order-key'
  | 'order-list'
  | 'buyer'
  | 'cart-items';

const reads: Permission[] = ['events:read'];
const customerList: Permission[] = ['customers:read'];
/** A customer read whole by those who browse customers; as the picker shows one by the box office's lookup. */
const buyerRead = { allow: customerList, limited: { allow: ['customers:lookup'], to: 'buyer-summary' } } as const;

export const FORWARDED_ROUTES: readonly ForwardedRoute[] = [
  // Public group: only what Foyer uses (the desk's cart; an order's status with its ticket and receipt links).
  { method: 'POST', path: '/cart/', allow: ['sales:sell'], scoped: 'none' },
  { method: 'GET', path: '/order/{order_key}', allow: ['sales:sell', 'orders:read'], scoped: 'order-key' },
  // Customers.
  {
    method: 'POST',
    path: '/partner/customer',
    allow: ['customers:write'],
    limited: { allow: ['customers:lookup'], to: 'quick-create' },
    scoped: 'none',
  },
  { method: 'POST', path: '/partner/customer/findByEmail', ...buyerRead },
  { method: 'GET', path: '/partner/customer/{customerId}', ...buyerRead, scoped: 'buyer' },
  { method: 'PUT', path: '/partner/customer/{customerId}', allow: ['customers:write'], scoped: 'buyer' },
  { method: 'GET', path: '/partner/customer/{customerId}/clienttypes', allow: customerList, scoped: 'buyer' },
  { method: 'POST', path: '/partner/customer/{customerId}/clienttypes', allow: ['tags:write'], scoped: 'buyer' },
  // Events and productions.
  { method: 'GET', path: '/partner/event', allow: [...reads, 'reports:read'], scoped: 'event-list' },
  { method: 'GET', path: '/partner/event/{eventId}', allow: [...reads, 'reports:read'], scoped: 'event' },
  { method: 'GET', path: '/partner/production/{productionId}', allow: reads, scoped: 'production' },
  // Cart.
  { method: 'GET', path: '/partner/cart/{cartId}/summary', allow: ['sales:sell'], scoped: 'none' },
  { method: 'GET', path: '/partner/cart/{cartId}', allow: ['sales:sell'], scoped: 'none' },
  { method: 'POST', path: '/partner/cart/{cartId}', allow: ['sales:sell'], scoped: 'cart-items' },
  { method: 'DELETE', path: '/partner/cart/{cartId}/{itemId}', allow: ['sales:sell'], scoped: 'none' },
  { method: 'DELETE', path: '/partner/cart/{cartId}', allow: ['sales:sell'], scoped: 'none' },
  { method: 'POST', path: '/partner/cart/{cartId}/checkout', allow: ['sales:sell'], scoped: 'none' },
  // Orders.
  { method: 'GET', path: '/partner/order', allow: ['orders:read', 'reports:read'], scoped: 'order-list' },
  // Any order for those who read orders; to a seller only the desk's (its sales and open reservations).
  {
    method: 'GET',
    path: '/partner/order/{orderId}',
    allow: ['orders:read'],
    limited: { allow: ['sales:sell'], to: 'desk-orders' },
    scoped: 'order',
  },
  // Halls, seating, payment methods.
  { method: 'GET', path: '/partner/hall', allow: [...reads, 'reports:read'], scoped: 'none' },
  { method: 'GET', path: '/partner/hall/{hallId}', allow: [...reads, 'reports:read'], scoped: 'none' },
  { method: 'GET', path: '/partner/seating/{eventId}', allow: reads, scoped: 'event' },
  { method: 'GET', path: '/partner/paymentmethods', allow: ['sales:sell'], scoped: 'none' },
  // Exports. A scoped person gets none but orders (customers, tags and the waiting list are the organisation's).
  // The customer list itself comes from the gateway's mirror (/api/customers); this is the CRM export.
  { method: 'GET', path: '/partner/export/clienttypes', allow: ['customers:read', 'customers:write', 'tags:write'] },
  { method: 'POST', path: '/partner/export/customers', allow: customerList },
  { method: 'POST', path: '/partner/export/orders', allow: ['exports:run', 'reports:read'], scoped: 'order-list' },
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
