/*
 * Every first screen loads this module (the dashboard's dates and figures): formats only other pages use are in
 * format-extra.ts.
 */

/** The app's locales: Dutch by default (the venues are Dutch), English available. */
export const LOCALES = ['nl-NL', 'en-GB'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl-NL';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

// Intl formatters are costly to build and cheap to reuse: one per locale and style (format-extra.ts's too).
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
export function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as F;
}

export const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

export function formatMoney(amount: number, locale: Locale): string {
  return cached(`money:${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })).format(
    amount,
  );
}

export function formatNumber(value: number, locale: Locale): string {
  return cached(`number:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

export function formatPercent(fraction: number, locale: Locale): string {
  return cached(
    `percent:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
  ).format(fraction);
}

/** A written UTC offset at the end of an ISO 8601 moment: "+01:00", "-0500". */
const WRITTEN_OFFSET = /T.*([+-])(\d{2}):?(\d{2})$/;

/**
 * The moment to show and whether to read it in UTC. A moment written with its offset, as the service writes a
 * performance's start and an order's date ("…T20:15:00+01:00", the venue's time), shows as written, wherever
 * the reader's device is: shifted by its offset and read in UTC. A device set to another zone (a laptop on
 * UTC, a manager abroad) showed a 20:15 performance at 19:15. A Date, or a moment in UTC ("…Z": the gateway's
 * own), is read in the device's zone.
 */
function asWritten(value: Date | string): { date: Date; utc: boolean } {
  if (typeof value === 'string') {
    const offset = WRITTEN_OFFSET.exec(value);
    if (offset) {
      const minutes = (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1);
      return { date: new Date(Date.parse(value) + minutes * 60_000), utc: true };
    }
  }
  return { date: toDate(value), utc: false };
}

function formatMoment(kind: string, options: Intl.DateTimeFormatOptions, value: Date | string, locale: Locale) {
  const { date, utc } = asWritten(value);
  return cached(
    `${kind}:${locale}:${utc ? 'utc' : 'device'}`,
    () => new Intl.DateTimeFormat(locale, utc ? { ...options, timeZone: 'UTC' } : options),
  ).format(date);
}

/** "ma 23 nov. 2026" / "Mon 23 Nov 2026". */
export function formatDate(value: Date | string, locale: Locale): string {
  return formatMoment('date', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }, value, locale);
}

/** "ma 23 nov." / "Mon 23 Nov": a day this year or next, in a label. */
export function formatDayMonth(value: Date | string, locale: Locale): string {
  return formatMoment('daymonth', { weekday: 'short', day: 'numeric', month: 'short' }, value, locale);
}

/** "maandag 23 november" / "Monday 23 November": day headings. */
export function formatLongDay(value: Date | string, locale: Locale): string {
  return formatMoment('longday', { weekday: 'long', day: 'numeric', month: 'long' }, value, locale);
}

/** "dinsdag 20 januari 2025": a day with its year, for a day outside this year. */
export function formatLongDayWithYear(value: Date | string, locale: Locale): string {
  return formatMoment(
    'longdayyear',
    { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    value,
    locale,
  );
}

export function formatTime(value: Date | string, locale: Locale): string {
  return formatMoment('time', { hour: '2-digit', minute: '2-digit' }, value, locale);
}

export function formatDateTime(value: Date | string, locale: Locale): string {
  return formatMoment('datetime', { dateStyle: 'medium', timeStyle: 'short' }, value, locale);
}

/**
 * Builds a locale's formatters ahead of their first use. The first Intl formatter of a page is costly
 * (tens of ms: the engine loads the locale's ICU data), and without this it lands in the first render
 * that shows a number or a date — typically right after that page's data arrived.
 */
export function warmFormatters(locale: Locale): void {
  const now = new Date();
  // A moment written with its offset (the service's) has formatters of its own (asWritten).
  const written = '2026-01-01T12:00:00+01:00';
  formatDate(written, locale);
  formatLongDay(written, locale);
  formatTime(written, locale);
  formatNumber(0, locale);
  formatMoney(0, locale);
  formatPercent(0, locale);
  formatDate(now, locale);
  formatLongDay(now, locale);
  formatDayMonth(now, locale);
  formatTime(now, locale);
  formatDateTime(now, locale);
}

/** `YYYY-MM-DD` of a moment in the browser's time zone (the venue's, for staff at the venue). */
export function isoLocalDate(value: Date): string {
  const month = String(value.getMonth() + 1).padStart(2, '0');
  const day = String(value.getDate()).padStart(2, '0');
  return `${value.getFullYear()}-${month}-${day}`;
}

/** The calendar day (`YYYY-MM-DD`) a moment is shown on: as written for the service's moments (asWritten). */
export function calendarDay(value: Date | string): string {
  return typeof value === 'string' && WRITTEN_OFFSET.test(value) ? value.slice(0, 10) : isoLocalDate(toDate(value));
}

export function addDays(value: Date, days: number): Date {
  const next = new Date(value);
  next.setDate(next.getDate() + days);
  return next;
}
