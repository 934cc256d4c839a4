import type { PublicEvent, PublicSubEvent } from '@/contract/public-event';
import type { TicketType as PublicTicketType } from '@/contract/ticket-type';
import type { Queryable } from '../../db/database';
import { localDate, localTime } from '../../time';
import type { Client } from '../context';
import { NotFoundError } from '../errors';
import { publicFreeCounts } from './availability';
import { cachedCatalog } from './catalog-cache';
import { centsToDecimalString } from './money';
import { sellableTicketTypes } from './ticket-types';

/**
 * The public catalog (spec 2.1–2.3). Only published (`status = 'pub'`) regular performances
 * (`event_type = 'event'` or null) are public; a main event without any of them is not shown at all.
 * Capacity is hidden behind `event_free` (DESIGN.md decision 10).
 */

export const EVENT_NOT_FOUND = 'Event not found';
export const SUB_EVENT_NOT_FOUND = 'sub_event not found';

/** SQL condition (alias `e`) for a sub-event the public group may see. */
export const PUBLIC_SUB_EVENT_CONDITION = `e.status = 'pub' and (e.event_type = 'event' or e.event_type is null)`;

/** What `GET /events/{event_id}` asks for. */
export type PublicEventSelector = { kind: 'all' } | { kind: 'upcoming' } | { kind: 'id'; id: number };

/**
 * Reads the path segment of `GET /events/{event_id}`: `upcoming`, or a positive integer id. Anything else
 * is an unknown event (the caller answers 404 with the spec's text).
 */
export function parsePublicEventSelector(segment: string): PublicEventSelector | null {
  if (segment === 'upcoming') return { kind: 'upcoming' };
  if (!/^\d{1,10}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 && id <= 2_147_483_647 ? { kind: 'id', id } : null;
}

interface SubEventRow {
  id: number;
  production_id: number;
  name: string;
  text: string;
  short_text: string;
  url: string | null;
  image: string | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
  view_end_at: Date | string | null;
  status: string;
  max_per_order: number;
  hall_id: number;
  hall_name: string;
}

interface ProductionRow {
  id: number;
  title: string;
  text: string;
  short_text: string;
  image: string | null;
  tags: string[];
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Keywords trimmed, empty ones dropped (spec 2.1). */
export function trimmedTags(tags: readonly string[]): string[] {
  return tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0);
}

function toSubEvent(row: SubEventRow, eventFree: number, timeZone: string): PublicSubEvent {
  const start = asDate(row.starts_at);
  const end = row.ends_at === null ? start : asDate(row.ends_at);
  const viewEnd = row.view_end_at === null ? null : asDate(row.view_end_at);
  return {
    event_id: row.id,
    event_main_id: row.production_id,
    event_name: row.name,
    event_text: row.text,
    event_short_text: row.short_text,
    event_url: row.url,
    event_image: row.image,
    event_date: localDate(start, timeZone),
    event_time: localTime(start, timeZone),
    event_end: localTime(end, timeZone),
    event_view_end: viewEnd === null ? null : `${localDate(viewEnd, timeZone)} ${localTime(viewEnd, timeZone)}`,
    event_rep: 'sub',
    event_free: eventFree,
    event_status: row.status,
    location_id: row.hall_id,
    location_name: row.hall_name,
  };
}

/** The client's public catalog, built once per catalog version; `event_free` is filled per request. */
interface PublicCatalog {
  /** Public sub-events in start order (`event_free` 0 here). */
  subEvents: { startMs: number; subEvent: PublicSubEvent }[];
  /** Main events without their sub-events, by id. */
  mainEvents: Map<number, Omit<PublicEvent, 'sub_events'>>;
}

async function buildPublicCatalog(db: Queryable, client: Client): Promise<PublicCatalog> {
  const { rows } = await db.query<SubEventRow>(
    `select e.id, e.production_id, e.name, e.text, e.short_text, e.url, e.image, e.starts_at, e.ends_at,
            e.view_end_at, e.status, e.max_per_order, h.id as hall_id, h.name as hall_name
       from events e join halls h on h.id = e.hall_id
      where e.client_id = $1 and ${PUBLIC_SUB_EVENT_CONDITION}
      order by e.starts_at, e.id`,
    [client.id],
  );
  const { rows: productions } = await db.query<ProductionRow>(
    'select id, title, text, short_text, image, tags from productions where client_id = $1',
    [client.id],
  );
  return {
    subEvents: rows.map((row) => ({
      startMs: asDate(row.starts_at).getTime(),
      subEvent: toSubEvent(row, 0, client.timeZone),
    })),
    mainEvents: new Map(
      productions.map((production) => [
        production.id,
        {
          event_id: production.id,
          event_name: production.title,
          event_text: production.text,
          event_short_text: production.short_text,
          event_image: production.image,
          event_tags: trimmedTags(production.tags),
        },
      ]),
    ),
  };
}

/**
 * Public events for a selector, each main event with its public sub-events in start order; main events
 * ordered by their first sub-event.
 * - `all`: every public sub-event, past ones included;
 * - `upcoming`: sub-events starting after `now`;
 * - `id`: the main event with that id (all its public sub-events) and/or the main event holding the
 *   sub-event with that id (just that sub-event). Main and sub-event ids are separate sequences, so one
 *   number can name both; the array answer then holds both main events.
 * Throws 404 `Event not found` when an id selects nothing.
 */
export async function listPublicEvents(
  db: Queryable,
  client: Client,
  selector: PublicEventSelector,
  now: Date,
): Promise<PublicEvent[]> {
  const catalog = await cachedCatalog(db, `public-events:${client.id}`, () => buildPublicCatalog(db, client));
  const at = now.getTime();
  const selected = catalog.subEvents.filter(({ startMs, subEvent }) => {
    if (selector.kind === 'upcoming') return startMs > at;
    if (selector.kind === 'id') return subEvent.event_main_id === selector.id || subEvent.event_id === selector.id;
    return true;
  });
  if (selected.length === 0) {
    if (selector.kind === 'id') throw new NotFoundError(EVENT_NOT_FOUND);
    return [];
  }
  const free = await publicFreeCounts(
    db,
    selected.map(({ subEvent }) => subEvent.event_id),
    now,
  );

  const events: PublicEvent[] = [];
  const eventByMain = new Map<number, PublicEvent>();
  for (const { subEvent } of selected) {
    let event = eventByMain.get(subEvent.event_main_id);
    if (!event) {
      const main = catalog.mainEvents.get(subEvent.event_main_id);
      if (!main) continue;
      event = { ...main, sub_events: [] };
      eventByMain.set(subEvent.event_main_id, event);
      events.push(event);
    }
    event.sub_events.push({ ...subEvent, event_free: free.get(subEvent.event_id) ?? 0 });
  }
  return events;
}

/**
 * A sub-event the public group may sell, with its per-order maximum: throws 404 `sub_event not found`
 * for main-event ids, unknown ids, other clients' events, unpublished events and non-regular kinds.
 */
export async function findPublicSubEvent(
  db: Queryable,
  clientId: number,
  eventId: number,
): Promise<{ id: number; maxPerOrder: number; hallId: number }> {
  const { rows } = await db.query<{ id: number; max_per_order: number; hall_id: number }>(
    `select e.id, e.max_per_order, e.hall_id from events e
      where e.client_id = $1 and e.id = $2 and ${PUBLIC_SUB_EVENT_CONDITION}`,
    [clientId, eventId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError(SUB_EVENT_NOT_FOUND);
  return { id: row.id, maxPerOrder: row.max_per_order, hallId: row.hall_id };
}

/** `GET /tickettypes/{event_id}`: the ticket types the public can buy for a sub-event now. */
export async function listPublicTicketTypes(
  db: Queryable,
  clientId: number,
  segment: string,
  now: Date,
): Promise<PublicTicketType[]> {
  const selector = parsePublicEventSelector(segment);
  if (selector?.kind !== 'id') throw new NotFoundError(SUB_EVENT_NOT_FOUND);
  const subEvent = await findPublicSubEvent(db, clientId, selector.id);
  const ticketTypes = await sellableTicketTypes(db, subEvent.id, { group: 'public' }, now);
  return ticketTypes.map((ticketType) => ({
    discount_id: String(ticketType.id),
    discount_name: ticketType.name,
    base_price: centsToDecimalString(ticketType.baseCents),
    discount_type: ticketType.discountType,
    discount_value: centsToDecimalString(ticketType.discountValue),
    discounted_price: centsToDecimalString(ticketType.priceCents),
  }));
}
