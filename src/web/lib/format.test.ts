import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDay,
  formatDateTime,
  formatLongDay,
  formatLongDayWithYear,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTime,
  isLocale,
  isoLocalDate,
} from './format';
import { formatBytes, formatRelativeTime } from './format-extra';

// Intl output uses narrow no-break spaces in places; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  it('formats euros the Dutch and the English way', () => {
    expect(plain(formatMoney(1234.5, 'nl-NL'))).toBe('€ 1.234,50');
    expect(plain(formatMoney(1234.5, 'en-GB'))).toBe('€1,234.50');
  });

  it('formats file sizes in decimal units per locale', () => {
    expect(plain(formatBytes(512, 'en-GB'))).toBe('512 byte');
    expect(plain(formatBytes(1_234_567, 'nl-NL'))).toBe('1,2 MB');
    expect(plain(formatBytes(2_500, 'en-GB'))).toBe('2.5 kB');
  });

  it('formats numbers, percentages and times per locale', () => {
    expect(formatNumber(20000, 'nl-NL')).toBe('20.000');
    expect(formatNumber(20000, 'en-GB')).toBe('20,000');
    expect(plain(formatPercent(0.456, 'nl-NL'))).toBe('46%');
    expect(formatTime(new Date(2026, 10, 23, 20, 15), 'nl-NL')).toBe('20:15');
  });

  it("shows the service's moments as written (the venue's time), whatever the device's zone", () => {
    // A performance at 20:15 in Amsterdam and one at 20:15 in New York: 20:15 both, on their own day.
    expect(formatTime('2026-12-29T20:15:00+01:00', 'nl-NL')).toBe('20:15');
    expect(formatTime('2026-12-29T20:15:00-05:00', 'nl-NL')).toBe('20:15');
    expect(formatLongDay('2026-12-29T23:30:00-05:00', 'nl-NL')).toBe('dinsdag 29 december');
    // A day of another year says which (the analysis's twelve months listed "dinsdag 20 januari" without it).
    expect(formatLongDayWithYear('2025-01-20T12:00:00', 'nl-NL')).toBe('maandag 20 januari 2025');
    expect(plain(formatDateTime('2026-12-29T00:30:00+01:00', 'en-GB'))).toBe('29 Dec 2026, 00:30');
    expect(calendarDay('2026-12-29T00:30:00+01:00')).toBe('2026-12-29');
    expect(calendarDay('2026-12-29T23:30:00-05:00')).toBe('2026-12-29');
    // The gateway's own moments (UTC) and Dates are read in the device's zone.
    const instant = '2026-12-29T19:15:00Z';
    expect(formatTime(instant, 'nl-NL')).toBe(formatTime(new Date(instant), 'nl-NL'));
  });

  it('gives local calendar dates and adds days across month ends', () => {
    expect(isoLocalDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(isoLocalDate(addDays(new Date(2026, 0, 31), 1))).toBe('2026-02-01');
  });

  it('knows its locales', () => {
    expect(isLocale('nl-NL')).toBe(true);
    expect(isLocale('de-DE')).toBe(false);
  });

  it('says how long ago a moment was, in the largest whole unit', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(formatRelativeTime('2026-11-28T11:59:30Z', 'en-GB', now)).toBe('30 seconds ago');
    expect(formatRelativeTime('2026-11-28T09:00:00Z', 'en-GB', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-27T12:00:00Z', 'nl-NL', now)).toBe('gisteren');
    expect(formatRelativeTime('2026-08-28T12:00:00Z', 'en-GB', now)).toBe('3 months ago');
    expect(formatRelativeTime('2024-11-28T12:00:00Z', 'en-GB', now)).toBe('2 years ago');
  });
});
