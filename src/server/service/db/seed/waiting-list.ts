import { DAY_MS, iso } from './calendar';
import type { EventModel } from './catalog';
import type { SeedContext } from './context';
import type { CustomerRow, WaitingListType } from './tables';

const TYPES: readonly WaitingListType[] = ['waiting', 'notified', 'converted', 'expired', 'cancelled'];
const TYPE_WEIGHTS = [50, 15, 15, 10, 10];

/**
 * Waiting-list entries for the best-selling performances (the sold-out-ish ones), of every type. The first
 * entries take each type once.
 */
export function buildWaitingList(
  ctx: SeedContext,
  clientId: number,
  events: EventModel[],
  sold: Map<number, number>,
  customers: CustomerRow[],
  perEvent: number,
  eventCount: number,
): void {
  const { rng, ids, tables, calendar } = ctx;
  const fill = (m: EventModel) =>
    (sold.get(m.event.id) ?? 0) /
    Math.max(1, m.hall.hall.seating === 'reserved' ? m.hall.seatCount : m.hall.hall.capacity);
  const candidates = events
    .filter((m) => m.kind === 'performance' && m.event.status === 'pub' && (sold.get(m.event.id) ?? 0) > 0)
    .sort((a, b) => fill(b) - fill(a) || a.event.id - b.event.id)
    .slice(0, eventCount);
  let made = 0;
  for (const model of candidates) {
    const entries = Math.max(3, Math.round(perEvent * (0.5 + rng.next())));
    const latest = Math.min(calendar.anchorMs - 3_600_000, model.startMs - 3_600_000);
    const earliest = Math.max(calendar.anchorMs - 300 * DAY_MS, latest - 90 * DAY_MS);
    for (let i = 0; i < entries; i += 1) {
      const customer = rng.pick(customers);
      const type = made < TYPES.length ? (TYPES[made] as WaitingListType) : rng.weighted(TYPES, TYPE_WEIGHTS);
      const createdMs = Math.floor((earliest + rng.next() * (latest - earliest)) / 1000) * 1000;
      const notified = type === 'notified' || type === 'converted' || type === 'expired';
      const notifiedMs = Math.min(latest, createdMs + Math.floor(rng.next() * 14 * DAY_MS));
      tables.waiting_list.push({
        id: ids.take('waiting_list'),
        client_id: clientId,
        customer_id: customer.id,
        event_id: model.event.id,
        number_of_tickets: rng.weighted([1, 2, 3, 4], [25, 50, 10, 15]),
        type,
        created_at: iso(createdMs),
        notified_at: notified ? iso(Math.max(createdMs, notifiedMs)) : null,
      });
      made += 1;
    }
  }
}
