import pLimit from 'p-limit';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
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

/**
 * The freshness rule of what is shared: event lists for five minutes (spec section 8 asks clients to cache
 * them for minutes), halls for half an hour (they hardly change), an event's detail — its availability — for
 * 30 s, as often as the dashboard refreshes it.
 */
export const LIST_TTL_MS = 5 * 60_000;
export const HALLS_TTL_MS = 30 * 60_000;
export const DETAIL_TTL_MS = 30_000;
/** Detail reads in flight at once per report: polite to the service, quick enough for a season. */
const DETAIL_CONCURRENCY = 4;
/** Reads not asked for again within a day are dropped (a dashboard's range moves on every day). */
const FORGET_AFTER_SECONDS = 24 * 3600;
/** When-read times remembered here for `readAt`, at most. */
const MAX_READ_TIMES = 5000;

/** An event list's path: every event, or those starting from a day and/or up to a day (inclusive). */
export function eventListPath(range: { from?: string | undefined; to?: string | undefined } = {}): string {
  const query = [...(range.from ? [`startDate=${range.from}`] : []), ...(range.to ? [`endDate=${range.to}`] : [])].join(
    '&',
  );
  return query ? `/partner/event?${query}` : '/partner/event';
}

const parseEvent = (item: unknown): CatalogEvent | null => {
  const parsed = eventSchema.safeParse(item);
  return parsed.success ? parsed.data : null;
};

/** An event list's answer (JSON text), its events read leniently (one the reports cannot read is left out). */
export function parseEventList(text: string): CatalogEvent[] {
  return z
    .array(z.unknown())
    .parse(JSON.parse(text))
    .flatMap((item) => parseEvent(item) ?? []);
}

/**
 * The service's events, their details (availability) and the halls as every person of an organisation reads
 * them alike, shared by all of them and by every instance through gateway.shared_reads (migration 013): a read
 * is answered from there while it is fresh (LIST_TTL_MS, HALLS_TTL_MS, DETAIL_TTL_MS), else read once from the
 * service with the organisation's key and kept. So the dashboard of an organisation's second person, on any
 * instance, costs the service nothing, and a report of a season's performances a detail call per performance at
 * most once per DETAIL_TTL_MS however many managers open it. Reads of one path in flight in this process are
 * shared; two instances missing at the same moment may both ask the service (a cache, not a lock).
 */
export class EventCatalog {
  readonly #inFlight = new Map<string, Promise<string>>();
  /** When each path's kept answer was read (database clock, ms), for `readAt`. */
  readonly #readAt = new Map<string, number>();

  constructor(private readonly db: Queryable) {}

  /** The service's answer to GET `path` as JSON text ('null' for a thing it does not know): shared while fresh. */
  async read(upstream: UpstreamClient, path: string, ttlMs: number): Promise<string> {
    const { organisationId } = upstream;
    const { rows } = await this.db.query<{ body: string; at: number }>(
      `select body, extract(epoch from read_at)::float8 * 1000 as at from gateway.shared_reads
        where organisation_id = $1 and path = $2 and read_at > now() - make_interval(secs => $3)`,
      [organisationId, path, ttlMs / 1000],
    );
    const kept = rows[0];
    if (kept) {
      this.#noteReadAt(organisationId, path, kept.at);
      return kept.body;
    }
    return this.keep(upstream, path);
  }

  /** Reads GET `path` from the service now and keeps it for everyone (a read of it in flight is shared). */
  keep(upstream: UpstreamClient, path: string): Promise<string> {
    const key = `${upstream.organisationId}:${path}`;
    let reading = this.#inFlight.get(key);
    if (!reading) {
      reading = this.#readAndKeep(upstream, path).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, reading);
    }
    return reading;
  }

  /** The paths the organisation has kept answers of, each with its age (ms, the database's clock). */
  async keptAges(organisationId: number): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ path: string; age: number }>(
      `select path, extract(epoch from now() - read_at)::float8 * 1000 as age from gateway.shared_reads
        where organisation_id = $1`,
      [organisationId],
    );
    return new Map(rows.map((row) => [row.path, row.age]));
  }

  async #readAndKeep(upstream: UpstreamClient, path: string): Promise<string> {
    const { organisationId } = upstream;
    const body = JSON.stringify(await upstream.read('GET', path, { missing: 'null' }));
    const { rows } = await this.db.query<{ at: number }>(
      `insert into gateway.shared_reads as r (organisation_id, path, body) values ($1, $2, $3)
       on conflict (organisation_id, path) do update set body = excluded.body, read_at = now()
       returning extract(epoch from r.read_at)::float8 * 1000 as at`,
      [organisationId, path, body],
    );
    this.#noteReadAt(organisationId, path, rows[0]?.at ?? Date.now());
    if (path.startsWith('/partner/event?')) {
      await this.db.query(
        'delete from gateway.shared_reads where organisation_id = $1 and read_at < now() - make_interval(secs => $2)',
        [organisationId, FORGET_AFTER_SECONDS],
      );
    }
    return body;
  }

  /** Events that start between `from` and `to` (days, inclusive), without availability. */
  async list(upstream: UpstreamClient, from: string, to: string): Promise<CatalogEvent[]> {
    return parseEventList(await this.read(upstream, eventListPath({ from, to }), LIST_TTL_MS));
  }

  /** The detail (with availability and blocked seats) of each event; null for one the service does not know. */
  async details(upstream: UpstreamClient, eventIds: readonly number[]): Promise<Map<number, CatalogEvent | null>> {
    const limit = pLimit(DETAIL_CONCURRENCY);
    const details = await limit.map(eventIds, (eventId) => this.detail(upstream, eventId));
    return new Map(eventIds.map((eventId, index) => [eventId, details[index] ?? null]));
  }

  async detail(upstream: UpstreamClient, eventId: number): Promise<CatalogEvent | null> {
    const body = JSON.parse(await this.read(upstream, `/partner/event/${eventId}`, DETAIL_TTL_MS));
    return body === null ? null : parseEvent(body);
  }

  /** When the oldest of these details was read (for "availability as of"). */
  readAt(organisationId: number, eventIds: readonly number[]): number | null {
    let oldest: number | null = null;
    for (const eventId of eventIds) {
      const at = this.#readAt.get(`${organisationId}:/partner/event/${eventId}`);
      if (at !== undefined && (oldest === null || at < oldest)) oldest = at;
    }
    return oldest;
  }

  #noteReadAt(organisationId: number, path: string, at: number): void {
    if (this.#readAt.size >= MAX_READ_TIMES) this.#readAt.clear();
    this.#readAt.set(`${organisationId}:${path}`, at);
  }
}
