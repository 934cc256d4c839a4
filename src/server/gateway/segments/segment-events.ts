import { z } from 'zod';
import type { SegmentNode } from '@/contract/segments';
import type { Database } from '../../db/database';
import type { EventCatalog } from '../reports';
import type { UpstreamClient } from '../upstream';
import { replaceSegmentEvents, type SegmentEvent } from './segment-store';

/** How long the segment events stand before a person's use reads the service's event list again. */
const FRESH_MS = 5 * 60_000;

const listedEvent = z.object({
  eventId: z.coerce.number(),
  productionId: z.coerce.number().catch(0),
  eventName: z.string().catch(''),
  eventType: z.string().nullable().catch(null),
  start: z.string().catch(''),
});

/** The service's event list as segment events: a production is titled by the name of its first event. */
export function segmentEventsOf(list: unknown): SegmentEvent[] {
  const events = z
    .array(z.unknown())
    .catch([])
    .parse(list)
    .flatMap((item) => {
      const parsed = listedEvent.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.start.localeCompare(b.start));
  const titles = new Map<number, string>();
  for (const event of events) if (!titles.has(event.productionId)) titles.set(event.productionId, event.eventName);
  return events.map((event) => ({
    eventId: event.eventId,
    productionId: event.productionId,
    productionTitle: titles.get(event.productionId) ?? '',
    eventType: event.eventType,
  }));
}

/** Whether a rule names productions or event types (which need the segment events). */
export function needsEvents(node: SegmentNode): boolean {
  if (node.kind === 'group') return node.rules.some(needsEvents);
  return (
    node.kind === 'production' ||
    node.kind === 'eventType' ||
    (node.kind === 'waitingList' && Boolean(node.productionIds?.length))
  );
}

/**
 * Keeps gateway.segment_events (migration 017) in step with the service's events: read through the shared
 * event catalog (one read per organisation per few minutes for every person and instance), at most every
 * FRESH_MS per organisation in this process.
 */
export class SegmentEvents {
  readonly #refreshedAt = new Map<number, number>();

  constructor(
    private readonly db: Database,
    private readonly catalog: EventCatalog,
  ) {}

  async refresh(upstream: UpstreamClient, force = false): Promise<void> {
    const { organisationId } = upstream;
    const last = this.#refreshedAt.get(organisationId);
    if (!force && last !== undefined && Date.now() - last < FRESH_MS) return;
    const list = JSON.parse(await this.catalog.read(upstream, '/partner/event', FRESH_MS));
    const events = segmentEventsOf(list);
    await this.db.transaction((tx) => replaceSegmentEvents(tx, organisationId, events));
    this.#refreshedAt.set(organisationId, Date.now());
  }
}
