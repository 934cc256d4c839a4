import type { PartnerEvent, PartnerEventPrice } from '../../../contract/event';
import type { Client } from '../context';
import type { Queryable } from '../db/database';
import { NotFoundError } from '../errors';
import { availabilityByRank, blockCounts } from './availability';
import { centsToNumber } from './money';
import { type TicketType, ticketTypesOfEvents } from './ticket-types';
import { startOfLocalDay, toZonedIso } from './time';

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
    start: toZonedIso(asDate(row.starts_at), timeZone),
    end: row.ends_at === null ? null : toZonedIso(asDate(row.ends_at), timeZone),
    hallId: row.hall_id,
    prices: prices.map(toPartnerPrice),
  };
}

async function withPrices(db: Queryable, rows: EventRow[], client: Client, now: Date): Promise<PartnerEvent[]> {
  const prices = await ticketTypesOfEvents(
    db,
    rows.map((row) => row.id),
    now,
    { withUsage: false },
  );
  return rows.map((row) => toPartnerEvent(row, prices.get(row.id) ?? [], client.timeZone));
}

/** Adds a day to a `YYYY-MM-DD` date (calendar arithmetic, no zone involved). */
function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * `GET /partner/event`: the client's events in start order. `startDate`/`endDate` are local dates of the
 * client's zone, both inclusive, compared with the event's start.
 */
export async function listPartnerEvents(
  db: Queryable,
  client: Client,
  range: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): Promise<PartnerEvent[]> {
  const params: unknown[] = [client.id];
  const conditions: string[] = [];
  if (range.startDate) {
    params.push(startOfLocalDay(range.startDate, client.timeZone).toISOString());
    conditions.push(`e.starts_at >= $${params.length}::timestamptz`);
  }
  if (range.endDate) {
    params.push(startOfLocalDay(nextDate(range.endDate), client.timeZone).toISOString());
    conditions.push(`e.starts_at < $${params.length}::timestamptz`);
  }
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from events e
      where e.client_id = $1 ${conditions.map((condition) => `and ${condition}`).join(' ')}
      order by e.starts_at, e.id`,
    params,
  );
  return withPrices(db, rows, client, now);
}

/** The events of a production (start order), without availability. */
export async function partnerEventsOfProduction(
  db: Queryable,
  client: Client,
  productionId: number,
  now: Date,
): Promise<PartnerEvent[]> {
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from events e
      where e.client_id = $1 and e.production_id = $2
      order by e.starts_at, e.id`,
    [client.id, productionId],
  );
  return withPrices(db, rows, client, now);
}

/** `GET /partner/event/{eventId}`: one event with prices, availability per rank and blocked places. */
export async function getPartnerEvent(
  db: Queryable,
  client: Client,
  eventId: number,
  now: Date,
): Promise<PartnerEvent> {
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from events e where e.client_id = $1 and e.id = $2`,
    [client.id, eventId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError(PARTNER_EVENT_NOT_FOUND);
  const [[event], availability, blocks] = await Promise.all([
    withPrices(db, [row], client, now),
    availabilityByRank(db, [row.id], now),
    blockCounts(db, row.id),
  ]);
  if (!event) throw new NotFoundError(PARTNER_EVENT_NOT_FOUND);
  return {
    ...event,
    availability: availability.get(row.id)?.ranks ?? [],
    blockAvailability: blocks,
  };
}
