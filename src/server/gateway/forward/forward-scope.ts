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
  orderKeySeats,
  orderStatusWithinEvents,
  ordersWithEvents,
  scopedEvents,
} from '../role-scopes';
import type { UpstreamClient } from '../upstream';
import { scopedOrderPage } from './scoped-order-page';

/** What of a successful JSON answer the browser gets: the text as the service sent it, cut. */
export type Narrowing = (text: string) => string;

/** What the gateway answers itself, the service not asked: a scoped person's order list (scoped-order-page.ts). */
export interface GatewayAnswer {
  answer: unknown;
}

/** How a forwarded call is kept within what the person sees: its answer cut, answered here, or neither (null). */
export type ScopeOutcome = Narrowing | GatewayAnswer | null;

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

/**
 * An order list (the paginated envelope of `GET /partner/order`, the orders export and the waiting list's) with
 * its buyers by name only, for a person without customers:contact.
 */
const buyersByName: Narrowing = (text) => {
  const envelope = parsed(text) as { data?: unknown } | undefined;
  if (!envelope || typeof envelope !== 'object' || !Array.isArray(envelope.data)) return text;
  const data = envelope.data.map((entry: Record<string, unknown>) =>
    entry && typeof entry === 'object' && 'user' in entry ? { ...entry, user: buyerByName(entry.user) } : entry,
  );
  return JSON.stringify({ ...envelope, data });
};

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
 * cuts the event list to the scope and answers the order lists itself (from the mirror, paged within the scope);
 * for anyone without customers:contact, cuts the buyers of an order list to their names. Returns how the answer
 * is cut, the answer when the gateway gives it, or null when it goes as the service sent it.
 */
export async function keepWithinScope(
  deps: ScopeDeps,
  c: Context<GatewayEnv>,
  call: { principal: Principal; route: ForwardedRoute; path: string; upstream: UpstreamClient },
): Promise<ScopeOutcome> {
  const { principal, route } = call;
  const contact = seesBuyerContact(principal.permissions);
  const scope = principal.scope;
  if (!scope) return listsBuyers(route) && !contact ? buyersByName : null;
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
): Promise<ScopeOutcome> {
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
      const seats = await orderKeySeats(deps.db, organisationId, param('order_key'), seen.eventIds);
      if (!seats) throw new NotFoundError('No such order');
      if (seats.outside.length === 0) return null;
      // A mixed order: their seats only, and not the links to pages of the whole order.
      const names = new Set(seen.events.flatMap((event) => (eventIds.has(event.eventId) ? [event.name ?? ''] : [])));
      return (text) => {
        const status = parsed(text);
        if (!status || typeof status !== 'object' || Array.isArray(status)) return text;
        return JSON.stringify(orderStatusWithinEvents(status as Record<string, unknown>, seats, names));
      };
    }
    case 'order-list': {
      const listing = route.path === '/partner/order' ? 'orders' : 'export';
      const scope = { organisationId, listing, eventIds: seen.eventIds, contact: call.contact } as const;
      return { answer: await scopedOrderPage(deps.db, c, scope) };
    }
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
