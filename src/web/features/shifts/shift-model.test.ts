import { describe, expect, it } from 'vitest';
import { countDifference, differenceKind, formatAtDesk } from './shift-model';
import { shiftQuery } from './shift-queries';

describe('shift model', () => {
  it('differences drawer and terminal apart, once both are counted', () => {
    const expected = { cashCents: 20_000, cardCents: 5_000 };
    expect(countDifference(expected, { cashCents: 19_500, cardCents: 5_000 })).toEqual({
      cashCents: -500,
      cardCents: 0,
      totalCents: -500,
    });
    expect(countDifference(expected, { cashCents: 19_500, cardCents: null })).toBeNull();
    expect([differenceKind(-1), differenceKind(0), differenceKind(1)]).toEqual(['short', 'even', 'over']);
  });

  it('shows a moment at the desk, in its time zone, whatever the reader’s', () => {
    // 23:30 UTC is half past midnight the next day in Amsterdam (winter time).
    expect(formatAtDesk('2026-11-26T23:30:00Z', 'en-GB', 'Europe/Amsterdam')).toBe('27 Nov 2026, 00:30');
    expect(formatAtDesk('2026-11-26T23:30:00Z', 'en-GB', 'Not/AZone')).toMatch(/2026/);
    // The bar's "since" too: a desk reading the device's zone said 08:06 beside a close page's 09:06.
    expect(formatAtDesk('2026-11-26T23:30:00Z', 'nl-NL', 'Europe/Amsterdam', 'time')).toBe('00:30');
  });

  it('sends only the filters that are set and well-formed', () => {
    expect(
      shiftQuery({ status: 'closed', desk: '3', seller: 'x', from: '2026-11-01', to: '11/30', flag: 'past-midnight' }),
    ).toEqual({ status: 'closed', desk: '3', from: '2026-11-01', flag: 'past-midnight' });
    expect(shiftQuery({ status: 'lost', desk: '', seller: '', from: '', to: '', flag: 'x' })).toEqual({});
  });
});
