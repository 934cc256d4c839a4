import { foldForSearch } from '../../lib/fold-for-search';
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
 * The formats of month and weekday names in Dutch and English, long and short, made once: made per performance,
 * the filter took 300–600 ms a keystroke over 500 performances.
 */
const nameFormats = (field: 'month' | 'weekday') =>
  ['nl-NL', 'en-GB'].flatMap((locale) =>
    (['long', 'short'] as const).map((width) => new Intl.DateTimeFormat(locale, { [field]: width })),
  );
const MONTH_FORMATS = nameFormats('month');
const WEEKDAY_FORMATS = nameFormats('weekday');

/** Month and weekday names of a day, as a person may type them ("dec", "december", "za", "zaterdag"). */
function calendarNames(start: Date): { month: string[]; weekday: string[] } {
  const names = (formats: readonly Intl.DateTimeFormat[]) =>
    formats.map((format) => foldForSearch(format.format(start)).replace('.', ''));
  return { month: names(MONTH_FORMATS), weekday: names(WEEKDAY_FORMATS) };
}

/** The words for a day relative to today: "vandaag", "morgen" (and in English). */
function relativeDayWords(start: Date, now: Date): string[] {
  const day = localDay(start);
  if (day === localDay(now)) return ['vandaag', 'today'];
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (day === localDay(tomorrow)) return ['morgen', 'tomorrow'];
  return [];
}

/**
 * Whether a performance matches what was typed: every word must occur in its name (accents and apostrophes left
 * out), or name its date or time the way people write one. A number of one or two digits is the day of the month:
 * "8 dec" is the 8th, not a performance at 18:00 or in 2026. Other forms: `2026-11-23`, `23-11`, `23-11-2026`,
 * `23/11`, `20:15` (`20.15`, `20u15`), a month or weekday name in Dutch or English, long or begun ("dec", "december",
 * "za"), "vandaag" and "morgen", and the performance's number.
 */
export function matchesPerformance(search: string, event: PartnerEvent, now: Date = new Date()): boolean {
  const words = foldForSearch(search)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return true;
  const start = new Date(event.start);
  const day = pad(start.getDate());
  const month = pad(start.getMonth() + 1);
  const year = start.getFullYear();
  const name = foldForSearch(event.eventName);
  // Only for a word that is neither in the name nor a number.
  let calendar: { month: string[]; weekday: string[]; relative: string[] } | null = null;
  const calendarOf = () => {
    calendar ??= { ...calendarNames(start), relative: relativeDayWords(start, now) };
    return calendar;
  };
  // The numeric forms match only from their start, so "26-11" does not match inside "2026-11-25".
  const dateForms = [
    `${year}-${month}-${day}`,
    `${day}-${month}-${year}`,
    `${day}/${month}/${year}`,
    `${start.getDate()}-${start.getMonth() + 1}-${year}`,
    `${start.getDate()}/${start.getMonth() + 1}/${year}`,
    `${pad(start.getHours())}:${pad(start.getMinutes())}`,
    `${start.getHours()}:${pad(start.getMinutes())}`,
    `${start.getHours()}.${pad(start.getMinutes())}`,
    `${start.getHours()}u${pad(start.getMinutes())}`,
    String(year),
    String(event.eventId),
  ];
  const namesDay = (word: string) => {
    if (/^\d{1,2}$/.test(word)) return Number(word) === start.getDate() || word === String(event.eventId);
    if (/^\d/.test(word)) return dateForms.some((form) => form.startsWith(word));
    const { month, weekday, relative } = calendarOf();
    if (relative.includes(word)) return true;
    // A name begun, long enough not to stand for a name's word as well ("zon" is not yet Sunday, "zond" is).
    return (
      (word.length >= 3 && month.some((name) => name.startsWith(word))) ||
      weekday.includes(word) ||
      (word.length >= 4 && weekday.some((name) => name.startsWith(word)))
    );
  };
  return words.every((word) => name.includes(word) || namesDay(word));
}
