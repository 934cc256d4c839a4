import { formatDate, type Locale } from './format';
import type { PartnerEvent } from './schemas/partner-event';

type Performance = Pick<PartnerEvent, 'eventName' | 'start'>;

/**
 * "Hamlet · di 24 nov. 2026": a performance as filters and charts name it. The name alone is not enough:
 * a production plays many times under one name.
 */
export function performanceLabel(event: Performance, locale: Locale): string {
  return `${event.eventName} · ${formatDate(event.start, locale)}`;
}

/**
 * Event ids in the order their performances start (earliest first); ids of unknown events last, by id.
 * A new array: `ids` is left as it is.
 */
export function sortByStart(ids: readonly number[], eventsById: ReadonlyMap<number, Performance>): number[] {
  const startOf = (id: number) => {
    const event = eventsById.get(id);
    const start = event ? Date.parse(event.start) : Number.NaN;
    return Number.isNaN(start) ? Number.POSITIVE_INFINITY : start;
  };
  return [...ids].sort((a, b) => {
    const x = startOf(a);
    const y = startOf(b);
    if (x !== y) return x < y ? -1 : 1;
    return a - b;
  });
}
