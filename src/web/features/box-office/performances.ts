import type { PartnerEvent } from '../../lib/schemas/partner-event';

/** Event types sold as items (a gift voucher, a programme book) rather than as performances. */
export const GOODS_TYPES = ['voucher', 'product'] as const;
export type GoodsKind = (typeof GOODS_TYPES)[number];

export const goodsKindOf = (event: Pick<PartnerEvent, 'eventType'>): GoodsKind | null =>
  (GOODS_TYPES as readonly string[]).includes(event.eventType ?? '') ? (event.eventType as GoodsKind) : null;

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of a moment, `YYYY-MM-DD` (the browser's zone is the venue's). */
export function localDay(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * The performances to pick from, today's first: everything that is not a voucher or product and has not
 * started before today, ordered by start; `today` marks those of the current day.
 */
export function performancesFrom(
  events: readonly PartnerEvent[],
  now: Date,
): { event: PartnerEvent; today: boolean }[] {
  const today = localDay(now);
  return events
    .filter((event) => goodsKindOf(event) === null && localDay(new Date(event.start)) >= today)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId)
    .map((event) => ({ event, today: localDay(new Date(event.start)) === today }));
}

/**
 * Whether a performance matches what was typed: every word must occur in its name, or in its date in
 * one of the ways people write one (`2026-11-23`, `23-11`, `23-11-2026`, `23/11`, the shown label) or
 * its time (`20:15`).
 */
export function matchesPerformance(search: string, event: PartnerEvent, shownLabel: string): boolean {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const start = new Date(event.start);
  const day = pad(start.getDate());
  const month = pad(start.getMonth() + 1);
  const year = start.getFullYear();
  // Name and shown label match anywhere; the numeric date forms only from their start, so "26-11"
  // does not match inside "2026-11-25".
  const text = `${event.eventName} ${shownLabel}`.toLocaleLowerCase();
  const dateForms = [
    `${year}-${month}-${day}`,
    `${day}-${month}-${year}`,
    `${day}/${month}/${year}`,
    `${start.getDate()}-${start.getMonth() + 1}-${year}`,
    `${start.getDate()}/${start.getMonth() + 1}/${year}`,
    `${pad(start.getHours())}:${pad(start.getMinutes())}`,
    String(event.eventId),
  ];
  return words.every((word) => text.includes(word) || dateForms.some((form) => form.startsWith(word)));
}
