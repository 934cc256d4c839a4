import type { ProductionDashboard, PromoterProductions } from '@/contract/promoter';
import type { Database } from '../../db/database';
import { NotFoundError } from '../errors';
import { lastCompleteSync } from '../mirror';
import type { Principal } from '../principal';
import { DETAIL_TTL_MS, type EventCatalog, LIST_TTL_MS } from '../reports';
import { eventInScope } from '../role-scopes';
import type { UpstreamClient } from '../upstream';
import { latestOrders, soldPerDayAndChannel, soldPerEvent } from './promoter-store';

interface ListedEvent {
  eventId: number;
  productionId: number;
  eventName: string;
  start: string;
}

const asEvent = (item: Record<string, unknown>): ListedEvent | null => {
  const eventId = Number(item?.eventId);
  const productionId = Number(item?.productionId);
  if (!Number.isFinite(eventId) || !Number.isFinite(productionId)) return null;
  return { eventId, productionId, eventName: String(item.eventName ?? ''), start: String(item.start ?? '') };
};

/** Seats of an event in all, from its detail's availability per rank (null when the service does not say). */
function capacityOf(detail: unknown): number | null {
  const availability = (detail as { availability?: unknown } | null)?.availability;
  if (!Array.isArray(availability) || availability.length === 0) return null;
  return availability.reduce((sum: number, rank: { capacity?: unknown }) => sum + (Number(rank?.capacity) || 0), 0);
}

/**
 * Whose view a dashboard is: a signed-in person, or the person who scheduled a production's report (the
 * export scheduler reads it for them, without contact details).
 */
export type DashboardViewer = Pick<Principal, 'organisationId' | 'scope' | 'permissions'>;

/**
 * What a promoter sees of their productions: the list, and each production's dashboard — sales per day and
 * channel against capacity, tickets and amount sold, its latest orders — from the mirror (as of its last
 * complete sync) and the shared event catalog. A person of a scoped role sees only their events.
 */
export class PromoterService {
  constructor(
    private readonly db: Database,
    private readonly catalog: EventCatalog,
  ) {}

  /** The organisation's events the person sees. */
  async #visibleEvents(principal: DashboardViewer, upstream: UpstreamClient): Promise<ListedEvent[]> {
    const listed: unknown = JSON.parse(await this.catalog.read(upstream, '/partner/event', LIST_TTL_MS));
    const events = Array.isArray(listed) ? listed.flatMap((item) => asEvent(item) ?? []) : [];
    const { scope } = principal;
    return scope ? events.filter((event) => eventInScope(scope, event)) : events;
  }

  async #title(upstream: UpstreamClient, productionId: number): Promise<string> {
    const production = JSON.parse(
      await this.catalog.read(upstream, `/partner/production/${productionId}`, LIST_TTL_MS),
    );
    return typeof production?.title === 'string' && production.title ? production.title : `#${productionId}`;
  }

  async productions(principal: Principal, upstream: UpstreamClient): Promise<PromoterProductions> {
    const events = await this.#visibleEvents(principal, upstream);
    const ids = [...new Set(events.map((event) => event.productionId))];
    const productions = await Promise.all(
      ids.map(async (productionId) => ({
        productionId,
        title: await this.#title(upstream, productionId),
        events: events
          .filter((event) => event.productionId === productionId)
          .map(({ eventId, eventName, start }) => ({ eventId, eventName, start })),
      })),
    );
    return { productions: productions.sort((a, b) => a.title.localeCompare(b.title)) };
  }

  /** Whether the person sees any event of the production. */
  async sees(principal: DashboardViewer, upstream: UpstreamClient, productionId: number): Promise<boolean> {
    return (await this.#visibleEvents(principal, upstream)).some((event) => event.productionId === productionId);
  }

  /** The production's dashboard; 404 when the person sees none of its events (as one that does not exist). */
  async dashboard(
    principal: DashboardViewer,
    upstream: UpstreamClient,
    productionId: number,
  ): Promise<ProductionDashboard> {
    const events = (await this.#visibleEvents(principal, upstream)).filter(
      (event) => event.productionId === productionId,
    );
    if (events.length === 0) throw new NotFoundError('No such production');
    const ids = events.map((event) => event.eventId);
    const { organisationId } = principal;
    const [title, syncedAt, perEvent, days, lastOrders, details] = await Promise.all([
      this.#title(upstream, productionId),
      lastCompleteSync(this.db, organisationId),
      soldPerEvent(this.db, organisationId, ids),
      soldPerDayAndChannel(this.db, organisationId, ids),
      latestOrders(this.db, organisationId, ids, principal.permissions.includes('customers:contact')),
      Promise.all(
        ids.map(async (id) => JSON.parse(await this.catalog.read(upstream, `/partner/event/${id}`, DETAIL_TTL_MS))),
      ),
    ]);
    const rows = events.map((event, index) => ({
      eventId: event.eventId,
      eventName: event.eventName,
      start: event.start,
      capacity: capacityOf(details[index]),
      ticketsSold: perEvent.get(event.eventId)?.tickets ?? 0,
      amountCents: perEvent.get(event.eventId)?.amountCents ?? 0,
    }));
    const capacities = rows.map((row) => row.capacity);
    return {
      productionId,
      title,
      syncedAt: syncedAt?.toISOString() ?? null,
      capacity: capacities.every((capacity) => capacity !== null)
        ? capacities.reduce((sum: number, capacity) => sum + (capacity ?? 0), 0)
        : null,
      ticketsSold: rows.reduce((sum, row) => sum + row.ticketsSold, 0),
      amountCents: rows.reduce((sum, row) => sum + row.amountCents, 0),
      events: rows.sort((a, b) => a.start.localeCompare(b.start)),
      days,
      lastOrders,
    };
  }
}
