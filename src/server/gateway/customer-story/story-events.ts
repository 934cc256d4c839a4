import { z } from 'zod';
import { GatewayError } from '../errors';
import type { UpstreamClient } from '../upstream';

/**
 * What the story asks of the shared event catalog (reports/event-catalog.ts: EventCatalog.read): the service's
 * answer to a GET, shared by the organisation's people while fresh. An interface of its own, so the story needs
 * no more of the reports than this.
 */
export interface SharedReads {
  read(upstream: UpstreamClient, path: string, ttlMs: number): Promise<string>;
}

/** The event list is shared for five minutes, as the dashboard's (spec section 8: cache event lists for minutes). */
const EVENT_LIST_TTL_MS = 5 * 60_000;

/** An event as the story names it: its name, its start and its ranks' names. */
export interface NamedEvent {
  name: string | null;
  start: string | null;
  ranks: ReadonlyMap<number, string>;
}

const listedEventSchema = z.object({
  eventId: z.coerce.number(),
  eventName: z.string().nullable().catch(null),
  start: z.string().nullable().catch(null),
  prices: z
    .array(
      z.object({
        rankId: z.coerce.number().optional().catch(undefined),
        rankName: z.string().optional().catch(undefined),
      }),
    )
    .catch([]),
});

/**
 * The organisation's events by id, named from the service's event list (one shared read); an empty map when the
 * service cannot be read now — the story then shows event numbers rather than fail.
 */
export async function namedEvents(catalog: SharedReads, upstream: UpstreamClient): Promise<Map<number, NamedEvent>> {
  let listed: unknown;
  try {
    listed = JSON.parse(await catalog.read(upstream, '/partner/event', EVENT_LIST_TTL_MS));
  } catch (error) {
    if (error instanceof GatewayError) return new Map();
    throw error;
  }
  const events = new Map<number, NamedEvent>();
  for (const item of Array.isArray(listed) ? listed : []) {
    const parsed = listedEventSchema.safeParse(item);
    if (!parsed.success) continue;
    const ranks = new Map<number, string>();
    for (const price of parsed.data.prices) {
      if (price.rankId !== undefined && price.rankName && !ranks.has(price.rankId))
        ranks.set(price.rankId, price.rankName);
    }
    events.set(parsed.data.eventId, { name: parsed.data.eventName, start: parsed.data.start, ranks });
  }
  return events;
}
