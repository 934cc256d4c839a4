import { cached, type Locale, toDate } from './format';

/*
 * Formats of the pages beyond the first screens (charts, files, notes, jobs): kept out of format.ts, which every first
 * load carries.
 */

/**
 * "€ 250.000", "€ 1,5 mln." / "€250,000", "€1.5m": amounts on a chart's axis, where there is little room. Below a
 * million whole euros: Dutch has no short word for thousands, and the compact form's "€ 250K" sat beside the
 * page's "€ 32.000" and "€ 1 mln." (a walkthrough).
 */
export function formatCompactMoney(amount: number, locale: Locale): string {
  if (Math.abs(amount) < 1_000_000) {
    return cached(
      `whole-money:${locale}`,
      () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }),
    ).format(amount);
  }
  return cached(
    `compact-money:${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'EUR',
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      }),
  ).format(amount);
}

/** "1,2 MB": a file size in the reader's language, in decimal units as file managers show them. */
export function formatBytes(bytes: number, locale: Locale): string {
  const [unit, value] =
    bytes >= 1e9
      ? (['gigabyte', bytes / 1e9] as const)
      : bytes >= 1e6
        ? (['megabyte', bytes / 1e6] as const)
        : bytes >= 1e3
          ? (['kilobyte', bytes / 1e3] as const)
          : (['byte', bytes] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];
const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();

/** "3 days ago", "in 2 hours": how far a moment is from `now`, in the largest whole unit. */
export function formatRelativeTime(value: Date | string, locale: Locale, now: Date = new Date()): string {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  let amount = (toDate(value).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
