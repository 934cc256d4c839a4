import type { RoleScope } from '@/contract/role-scopes';
import { type EventCatalog, LIST_TTL_MS } from '../reports';
import type { UpstreamClient } from '../upstream';
import { type EventOfProduction, scopedEventIds, scopedProductionIds } from './event-scope';

/** What a scope comes to in the organisation's events today: the event and production ids it sees. */
interface ScopedEvents {
  eventIds: number[];
  productionIds: number[];
  /** The organisation's events, as the catalog listed them (id, production and name). */
  events: EventOfProduction[];
}

const idOf = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN);

/** The service's event list (shared by everyone of the organisation for LIST_TTL_MS) as ids and productions. */
async function organisationEvents(catalog: EventCatalog, upstream: UpstreamClient): Promise<EventOfProduction[]> {
  const listed: unknown = JSON.parse(await catalog.read(upstream, '/partner/event', LIST_TTL_MS));
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((item: Record<string, unknown>) => {
    const eventId = idOf(item?.eventId);
    const productionId = idOf(item?.productionId);
    const name = typeof item?.eventName === 'string' ? item.eventName : '';
    return Number.isFinite(eventId) && Number.isFinite(productionId) ? [{ eventId, productionId, name }] : [];
  });
}

/** The events and productions `scope` sees among the organisation's events. */
export async function scopedEvents(
  catalog: EventCatalog,
  upstream: UpstreamClient,
  scope: RoleScope,
): Promise<ScopedEvents> {
  const events = await organisationEvents(catalog, upstream);
  return { events, eventIds: scopedEventIds(scope, events), productionIds: scopedProductionIds(scope, events) };
}
