import { describe, expect, it } from 'vitest';
import { cashChange, likelyTenders, takesCash } from './cash-change';

describe('likelyTenders', () => {
  it('offers the total rounded up to the next notes, without repeats, smallest first', () => {
    expect(likelyTenders(3_750)).toEqual([4_000, 5_000, 10_000]);
    expect(likelyTenders(1_200)).toEqual([1_500, 2_000, 5_000]);
    expect(likelyTenders(250)).toEqual([500, 1_000, 2_000]);
  });

  it('leaves out the exact total itself: that is "exact", its own choice', () => {
    expect(likelyTenders(2_000)).toEqual([5_000, 10_000]);
    // Above the largest note, the amount is typed.
    expect(likelyTenders(10_000)).toEqual([]);
  });
});

describe('cashChange', () => {
  it('is exact without an amount, change above the total, short below it: in whole cents', () => {
    expect(cashChange(3_750, null)).toEqual({ kind: 'exact' });
    expect(cashChange(3_750, 5_000)).toEqual({ kind: 'change', changeCents: 1_250 });
    expect(cashChange(3_750, 3_750)).toEqual({ kind: 'change', changeCents: 0 });
    expect(cashChange(3_750, 2_000)).toEqual({ kind: 'short', shortCents: 1_750 });
    expect(cashChange(30, 10 + 20)).toEqual({ kind: 'change', changeCents: 0 });
  });
});

describe('takesCash', () => {
  it('counts change for cash only: not for a card, a voucher or no method', () => {
    expect(takesCash({ name: 'Contant' })).toBe(true);
    expect(takesCash({ name: 'Cash' })).toBe(true);
    expect(takesCash({ name: 'Pin' })).toBe(false);
    expect(takesCash({ name: 'Cadeaubon' })).toBe(false);
    expect(takesCash(undefined)).toBe(false);
  });
});
