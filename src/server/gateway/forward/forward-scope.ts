import type { Context } from 'hono';
import type { RoleScope } from '@/contract/role-scopes';
import type { Database } from '../../db/database';
import type { GatewayEnv } from '../access';
import { buyerByName, seesBuyerContact } from '../buyer-contact';
import { ForbiddenError, NotFoundError } from '../errors';
import type { ForwardedRoute, ScopeRule } from '../permissions';
import type { Principal } from '../principal';
import type { EventCatalog } from '../reports';
import {
  customerBoughtEvents,
  orderAmountWithinEvents,
  orderKeyWithEvents,
  ordersWithEvents,
  orderWithinEvents,
  scopedEvents,
} from '../role-scopes';
import type { UpstreamClient } from '../upstream';

/** What of a successful JSON answer the browser gets: the text as the service sent it, cut. */
export type Narrowing = (text: string) => string;

const OUTSIDE_SCOPE = "Your role sees only its own productions; this call covers all of the organisation's.";

/** The path's segment at `index` of the route's pattern (`{eventId}` of `/partner/event/{eventId}`). */
function pathParam(route: ForwardedRoute, path: string, name: string): string {
  const index = route.path.split('/').indexOf(`{${name}}`);
  return decodeURIComponent(path.split('/')[index] ?? '');
}

const numericId = (text: string) => (/^\d{1,15}$/.test(text) ? Number(text) : null);

/** JSON of `text`, or undefined when it is none (an error page is passed on as it is). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An order of an order list whose seats (kept or removed) are all outside `eventIds`. */
function orderInEvents(order: unknown, eventIds: ReadonlySet<number>): boolean {
  if (!order || typeof order !== 'object') return false;
  const { seats, deletedSeats } = order as { seats?: unknown; deletedSeats?: unknown };
  const all = [...(Array.isArray(seats) ? seats : []), ...(Array.isArray(deletedSeats) ? deletedSeats : [])];
  return all.some((seat) => eventIds.has(Number((seat as { eventId?: unknown } | null)?.eventId)));
}

/**
 * An order list (the paginated envelope of `GET /partner/order` and the orders export; the waiting list's is
 * cut the same way, its entries having no seats, only without a scope) as the person may see
 * it: only orders of events in scope (`eventIds`; null: every order), each with only those events' seats and
 * money (orderWithinEvents), the buyers by name only without customers:contact. The envelope's `total`, `from` and `to` then count this page's orders that remain, so
 * they say nothing of the others.
 */
function orderListNarrowing(eventIds: ReadonlySet<number> | null, contact: boolean): Narrowing {
  return (text) => {
    const envelope = parsed(text) as { data?: unknown } | undefined;
    if (!envelope || typeof envelope !== 'object' || !Array.isArray(envelope.data)) return text;
    const kept = eventIds
      ? envelope.data
          .filter((order) => orderInEvents(order, eventIds))
          .map((order: Record<string, unknown>) => orderWithinEvents(order, eventIds))
      : envelope.data;
    const data = contact
      ? kept
      : kept.map((order: Record<string, unknown>) =>
          'user' in order ? { ...order, user: buyerByName(order.user) } : order,
        );
    const counts = eventIds ? { total: data.length, from: data.length ? 1 : null, to: data.length || null } : {};
    return JSON.stringify({ ...envelope, data, ...counts });
  };
}

/** A customer answer by name only (an error's `{ message }` is passed on as it is). */
const buyerNarrowing: Narrowing = (text) => {
  const value = parsed(text);
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('customerId' in value)) return text;
  return JSON.stringify(buyerByName(value));
};

/** The forwarded lists whose entries carry their buyer inline (`user`): the orders and the waiting list. */
const listsBuyers = (route: ForwardedRoute) =>
  route.scoped === 'order-list' || route.path === '/partner/export/waitinglist';

export interface ScopeDeps {
  db: Database;
  catalog: EventCatalog;
}

/**
 * Keeps a forwarded call within what the person sees: for a person of a scoped role, refuses a route with no
 * scope rule (403), answers an id of the path outside the scope as the service answers an unknown one (404),
 * and cuts lists to the scope; for anyone without customers:contact, cuts the buyers of an order list to their
 * names. Returns how the answer is cut, or null when it goes as the service sent it.
 */
export async function keepWithinScope(
  deps: ScopeDeps,
  c: Context<GatewayEnv>,
  call: { principal: Principal; route: ForwardedRoute; path: string; upstream: UpstreamClient },
): Promise<Narrowing | null> {
  const { principal, route } = call;
  const contact = seesBuyerContact(principal.permissions);
  const scope = principal.scope;
  if (!scope) return listsBuyers(route) && !contact ? orderListNarrowing(null, false) : null;
  if (!route.scoped) throw new ForbiddenError(OUTSIDE_SCOPE);
  return withinScope(deps, c, { ...call, rule: route.scoped, scope, contact });
}

async function withinScope(
  deps: ScopeDeps,
  c: Context<GatewayEnv>,
  call: {
    principal: Principal;
    route: ForwardedRoute;
    path: string;
    upstream: UpstreamClient;
    rule: ScopeRule;
    scope: RoleScope;
    contact: boolean;
  },
): Promise<Narrowing | null> {
  const { rule, route, path, principal } = call;
  if (rule === 'none') return null;
  const seen = await scopedEvents(deps.catalog, call.upstream, call.scope);
  const eventIds = new Set(seen.eventIds);
  const param = (name: string) => pathParam(route, path, name);
  const organisationId = principal.organisationId;
  switch (rule) {
    case 'event-list':
      return (text) => {
        const events = parsed(text);
        if (!Array.isArray(events)) return text;
        return JSON.stringify(events.filter((event) => eventIds.has(Number(event?.eventId))));
      };
    case 'event': {
      const id = numericId(param('eventId'));
      if (id === null || !eventIds.has(id)) throw new NotFoundError('No such event');
      return null;
    }
    case 'production': {
      const id = numericId(param('productionId'));
      if (id === null || !seen.productionIds.includes(id)) throw new NotFoundError('No such production');
      return null;
    }
    case 'order': {
      const id = numericId(param('orderId'));
      const found = id === null ? new Set() : await ordersWithEvents(deps.db, organisationId, [id], seen.eventIds);
      if (id === null || !found.has(id)) throw new NotFoundError('No such order');
      // Only their money (the order carries no seats: the mirror's say it), as in the order list.
      const amountCents = await orderAmountWithinEvents(deps.db, organisationId, id, seen.eventIds);
      return (text) => {
        const order = parsed(text);
        if (!order || typeof order !== 'object' || Array.isArray(order)) return text;
        return JSON.stringify({
          ...order,
          amount: amountCents / 100,
          ...('donation' in order ? { donation: 0 } : {}),
          ...('fee' in order ? { fee: 0 } : {}),
        });
      };
    }
    case 'order-key': {
      if (!(await orderKeyWithEvents(deps.db, organisationId, param('order_key'), seen.eventIds))) {
        throw new NotFoundError('No such order');
      }
      return null;
    }
    case 'order-list':
      return orderListNarrowing(eventIds, call.contact);
    case 'buyer': {
      const id = numericId(param('customerId'));
      if (id === null || !(await customerBoughtEvents(deps.db, organisationId, id, seen.eventIds))) {
        throw new NotFoundError('No such customer');
      }
      return call.contact || route.path.endsWith('/clienttypes') ? null : buyerNarrowing;
    }
    case 'cart-items': {
      const items = parsed(await c.req.text());
      const outside = (Array.isArray(items) ? items : [items]).some(
        (item) => item?.eventId != null && !eventIds.has(Number(item.eventId)),
      );
      if (outside) throw new NotFoundError('No such event');
      return null;
    }
  }
}
