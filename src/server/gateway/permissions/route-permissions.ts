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
  allow: readonly Permission[];
}

const reads: Permission[] = ['events:read'];
const customerList: Permission[] = ['customers:read'];
const buyerLookup: Permission[] = ['customers:lookup', 'customers:read'];

export const FORWARDED_ROUTES: readonly ForwardedRoute[] = [
  // Public group: only what Foyer uses (the desk's cart; an order's status with its ticket and receipt links).
  { method: 'POST', path: '/cart/', allow: ['sales:sell'] },
  { method: 'GET', path: '/order/{order_key}', allow: ['sales:sell', 'orders:read'] },
  // Customers.
  { method: 'POST', path: '/partner/customer', allow: ['customers:write', 'customers:lookup'] },
  { method: 'POST', path: '/partner/customer/findByEmail', allow: buyerLookup },
  { method: 'GET', path: '/partner/customer/{customerId}', allow: buyerLookup },
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
  { method: 'GET', path: '/partner/order/{orderId}', allow: ['orders:read', 'sales:sell'] },
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
