import pLimit from 'p-limit';
import { z } from 'zod';
import type { UpstreamClient } from '../upstream';

const lenientNumber = z.coerce.number().catch(0);

/** The parts of a Partner Event (spec 2.8) the reports use, read leniently as the app does. */
const eventSchema = z.object({
  eventId: z.coerce.number(),
  productionId: lenientNumber,
  eventName: z.string().catch(''),
  eventType: z.string().nullable().catch(null),
  start: z.string(),
  hallId: lenientNumber,
  availability: z
    .array(z.object({ capacity: lenientNumber, available: lenientNumber }))
    .optional()
    .catch(undefined),
  blockAvailability: z
    .array(z.object({ blockType: z.string().catch(''), blockName: z.string().catch(''), count: lenientNumber }))
    .optional()
    .catch(undefined),
});
export type CatalogEvent = z.infer<typeof eventSchema>;

/** A dated performance with seats (type `event` or none), as opposed to passes, vouchers or goods. */
export const isPerformance = (event: { eventType: string | null }) =>
  event.eventType === null || event.eventType === 'event';

/** Event lists are cached for a few minutes (spec section 8 asks for it); availability for a minute. */
export const LIST_TTL_MS = 5 * 60_000;
export const DETAIL_TTL_MS = 60_000;
/** Detail reads in flight at once per report: polite to the service, quick enough for a season. */
const DETAIL_CONCURRENCY = 4;
const MAX_ENTRIES = 5000;

interface Cached<T> {
  value: Promise<T>;
  at: number;
}

/**
 * The service's events and their availability, read with the organisation's key and kept for a while in this
 * process: a report of a season's performances costs one list call and a detail call per performance at most
 * once a minute, however many managers open it. A cache only (nothing here must be shared between instances:
 * each keeps its own copy for the same short while). Reads of the same key in flight are shared.
 */
export class EventCatalog {
  readonly #lists = new Map<string, Cached<CatalogEvent[]>>();
  readonly #details = new Map<string, Cached<CatalogEvent | null>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Events that start between `from` and `to` (days, inclusive), without availability. */
  list(upstream: UpstreamClient, from: string, to: string): Promise<CatalogEvent[]> {
    return this.#cached(this.#lists, `${upstream.organisationId}:${from}:${to}`, LIST_TTL_MS, async () => {
      const body = await upstream.read('GET', `/partner/event?startDate=${from}&endDate=${to}`);
      return z
        .array(z.unknown())
        .parse(body)
        .flatMap((item) => {
          const parsed = eventSchema.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        });
    });
  }

  /** The detail (with availability and blocked seats) of each event; null for one the service does not know. */
  async details(upstream: UpstreamClient, eventIds: readonly number[]): Promise<Map<number, CatalogEvent | null>> {
    const limit = pLimit(DETAIL_CONCURRENCY);
    const details = await limit.map(eventIds, (eventId) => this.detail(upstream, eventId));
    return new Map(eventIds.map((eventId, index) => [eventId, details[index] ?? null]));
  }

  detail(upstream: UpstreamClient, eventId: number): Promise<CatalogEvent | null> {
    return this.#cached(this.#details, `${upstream.organisationId}:${eventId}`, DETAIL_TTL_MS, async () => {
      const parsed = eventSchema.safeParse(
        await upstream.read('GET', `/partner/event/${eventId}`, { missing: 'null' }),
      );
      return parsed.success ? parsed.data : null;
    });
  }

  /** When the oldest of these details was read (for "availability as of"). */
  readAt(organisationId: number, eventIds: readonly number[]): number | null {
    let oldest: number | null = null;
    for (const eventId of eventIds) {
      const entry = this.#details.get(`${organisationId}:${eventId}`);
      if (entry && (oldest === null || entry.at < oldest)) oldest = entry.at;
    }
    return oldest;
  }

  #cached<T>(cache: Map<string, Cached<T>>, key: string, ttl: number, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < ttl) return hit.value;
    if (cache.size >= MAX_ENTRIES) {
      for (const [oldKey, entry] of cache) if (now - entry.at >= ttl) cache.delete(oldKey);
      if (cache.size >= MAX_ENTRIES) cache.clear();
    }
    const value = read();
    cache.set(key, { value, at: now });
    // A failed read is not kept: the next report asks again.
    value.catch(() => {
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    return value;
  }
}
