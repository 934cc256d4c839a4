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

/** "ma 23 nov. 2026" / "Mon 23 Nov 2026". */
export function formatDate(value: Date | string, locale: Locale): string {
  return cached(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
  ).format(toDate(value));
}

/** "ma 23 nov." / "Mon 23 Nov": a day this year or next, in a label. */
export function formatDayMonth(value: Date | string, locale: Locale): string {
  return cached(
    `daymonth:${locale}`,
    () => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }),
  ).format(toDate(value));
}

/** "maandag 23 november" / "Monday 23 November": day headings. */
export function formatLongDay(value: Date | string, locale: Locale): string {
  return cached(
    `longday:${locale}`,
    () => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }),
  ).format(toDate(value));
}

export function formatTime(value: Date | string, locale: Locale): string {
  return cached(`time:${locale}`, () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' })).format(
    toDate(value),
  );
}

export function formatDateTime(value: Date | string, locale: Locale): string {
  return cached(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(toDate(value));
}

/**
 * Builds a locale's formatters ahead of their first use. The first Intl formatter of a page is costly
 * (tens of ms: the engine loads the locale's ICU data), and without this it lands in the first render
 * that shows a number or a date — typically right after that page's data arrived.
 */
export function warmFormatters(locale: Locale): void {
  const now = new Date();
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

export function addDays(value: Date, days: number): Date {
  const next = new Date(value);
  next.setDate(next.getDate() + days);
  return next;
}
