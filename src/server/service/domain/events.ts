import type { PartnerEvent, PartnerEventPrice } from '@/contract/event';
import type { Queryable } from '../../db/database';
import { startOfLocalDay } from '../../time';
import type { Client } from '../context';
import { NotFoundError } from '../errors';
import { PreparedBody } from '../prepared-responses';
import { availabilityByRank, blockCounts } from './availability';
import { cachedCatalog } from './catalog-cache';
import { centsToNumber } from './money';
import { type TicketType, ticketTypesOfEvents } from './ticket-types';
import { zonedIso } from './zoned-timestamps';

/**
 * Partner events (spec 2.8). The partner sees all of its events, whatever their kind or status, and every
 * ticket type of them (tag-dependent and time-limited ones included) in `prices`. Lists omit
 * `availability` and `blockAvailability`; the detail call always loads them (DESIGN.md decision 4).
 */

export const PARTNER_EVENT_NOT_FOUND = 'Event not found';

interface EventRow {
  id: number;
  production_id: number;
  name: string;
  event_type: string | null;
  tags: string[];
  starts_at: Date | string;
  ends_at: Date | string | null;
  hall_id: number;
}

const EVENT_COLUMNS = 'e.id, e.production_id, e.name, e.event_type, e.tags, e.starts_at, e.ends_at, e.hall_id';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function toPartnerPrice(ticketType: TicketType): PartnerEventPrice {
  return {
    priceId: String(ticketType.id),
    priceName: ticketType.name,
    rankId: ticketType.rankId,
    rankName: ticketType.rankName,
    amount: centsToNumber(ticketType.priceCents),
  };
}

function toPartnerEvent(row: EventRow, prices: TicketType[], timeZone: string): PartnerEvent {
  const tags = row.tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0);
  return {
    eventId: row.id,
    productionId: row.production_id,
    eventName: row.name,
    eventType: row.event_type,
    eventTags: tags.length > 0 ? tags.join(',') : null,
    start: zonedIso(asDate(row.starts_at), timeZone),
    end: row.ends_at === null ? null : zonedIso(asDate(row.ends_at), timeZone),
    hallId: row.hall_id,
    prices: prices.map(toPartnerPrice),
  };
}

/** The client's events with their prices, built once per catalog version (see catalog-cache.ts). */
interface PartnerCatalog {
  /** In start order, each with its start instant for date filtering. */
  events: { startMs: number; event: PartnerEvent }[];
  byId: Map<number, PartnerEvent>;
  /** The whole list serialised once (and gzipped once): the unfiltered list is the common call (half a megabyte). */
  allBody: PreparedBody<PartnerEvent[]>;
}

async function buildPartnerCatalog(db: Queryable, client: Client, now: Date): Promise<PartnerCatalog> {
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from events e where e.client_id = $1 order by e.starts_at, e.id`,
    [client.id],
  );
  // Prices do not depend on the clock (usage is not read), so a cached copy stays right as time moves.
  const prices = await ticketTypesOfEvents(
    db,
    rows.map((row) => row.id),
    now,
    { withUsage: false },
  );
  const events = rows.map((row) => ({
    startMs: asDate(row.starts_at).getTime(),
    event: toPartnerEvent(row, prices.get(row.id) ?? [], client.timeZone),
  }));
  return {
    events,
    byId: new Map(events.map(({ event }) => [event.eventId, event])),
    allBody: PreparedBody.of(events.map(({ event }) => event)),
  };
}

function partnerCatalog(db: Queryable, client: Client, now: Date): Promise<PartnerCatalog> {
  return cachedCatalog(db, `partner-events:${client.id}`, () => buildPartnerCatalog(db, client, now));
}

/** Adds a day to a `YYYY-MM-DD` date (calendar arithmetic, no zone involved). */
function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export interface DateRange {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function inRange(catalog: PartnerCatalog, client: Client, range: DateRange): PartnerEvent[] {
  const from = range.startDate ? startOfLocalDay(range.startDate, client.timeZone).getTime() : -Infinity;
  const until = range.endDate ? startOfLocalDay(nextDate(range.endDate), client.timeZone).getTime() : Infinity;
  return catalog.events.filter(({ startMs }) => startMs >= from && startMs < until).map(({ event }) => event);
}

/**
 * `GET /partner/event`: the client's events in start order. `startDate`/`endDate` are local dates of the
 * client's zone, both inclusive, compared with the event's start. The unfiltered list is its body prepared
 * once per catalog version.
 */
export async function partnerEventListBody(
  db: Queryable,
  client: Client,
  range: DateRange,
  now: Date,
): Promise<PreparedBody<PartnerEvent[]> | PartnerEvent[]> {
  const catalog = await partnerCatalog(db, client, now);
  if (!range.startDate && !range.endDate) return catalog.allBody;
  return inRange(catalog, client, range);
}

/** The events of a production (start order), without availability. */
export async function partnerEventsOfProduction(
  db: Queryable,
  client: Client,
  productionId: number,
  now: Date,
): Promise<PartnerEvent[]> {
  const catalog = await partnerCatalog(db, client, now);
  return catalog.events.map(({ event }) => event).filter((event) => event.productionId === productionId);
}

/** `GET /partner/event/{eventId}`: one event with prices, availability per rank and blocked places. */
export async function getPartnerEvent(
  db: Queryable,
  client: Client,
  eventId: number,
  now: Date,
): Promise<PartnerEvent> {
  const event = (await partnerCatalog(db, client, now)).byId.get(eventId);
  if (!event) throw new NotFoundError(PARTNER_EVENT_NOT_FOUND);
  const [availability, blocks] = await Promise.all([availabilityByRank(db, [eventId], now), blockCounts(db, eventId)]);
  return {
    ...event,
    availability: availability.get(eventId)?.ranks ?? [],
    blockAvailability: blocks,
  };
}
