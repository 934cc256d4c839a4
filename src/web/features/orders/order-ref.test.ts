import { describe, expect, it } from 'vitest';
import { orderRefPath, parseOrderRef, readChangedSince, validIsoDate, withChangedSince } from './order-ref';

describe('parseOrderRef', () => {
  it('reads digits as an order number, with or without #', () => {
    expect(parseOrderRef(' 12345 ')).toEqual({ kind: 'id', id: 12345 });
    expect(parseOrderRef('#7')).toEqual({ kind: 'id', id: 7 });
  });

  it('refuses 0 and numbers past the id range', () => {
    expect(parseOrderRef('0')).toBeNull();
    expect(parseOrderRef('9999999999')).toBeNull();
  });

  it('reads a run of letters and digits as a key, case kept', () => {
    expect(parseOrderRef('aB3dE5fG7hJ9kL1mN2pQ4rS6tU')).toEqual({ kind: 'key', key: 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU' });
  });

  it('refuses text that is neither', () => {
    expect(parseOrderRef('')).toBeNull();
    expect(parseOrderRef('abc')).toBeNull();
    expect(parseOrderRef('jan de vries')).toBeNull();
    expect(parseOrderRef('12-34/56')).toBeNull();
    // Words typed in the command palette are searches, not keys.
    expect(parseOrderRef('bestellingen')).toBeNull();
    expect(parseOrderRef('ThisIsALongKeyWithoutDigits')).toEqual({ kind: 'key', key: 'ThisIsALongKeyWithoutDigits' });
  });

  it('builds the app path', () => {
    expect(orderRefPath({ kind: 'id', id: 12 })).toBe('/orders/12');
    expect(orderRefPath({ kind: 'key', key: 'abcDEF123' })).toBe('/orders/abcDEF123');
  });
});

describe('changedSince in the URL', () => {
  it('accepts real dates only', () => {
    expect(validIsoDate('2026-11-01')).toBe('2026-11-01');
    expect(validIsoDate('2026-02-30')).toBe('');
    expect(validIsoDate('01-11-2026')).toBe('');
    expect(validIsoDate(null)).toBe('');
    expect(readChangedSince(new URLSearchParams('changedSince=2026-11-01&page=3'))).toBe('2026-11-01');
  });

  it('setting or clearing it goes back to page 1 and keeps other parameters', () => {
    const next = withChangedSince(new URLSearchParams('page=4&x=1'), '2026-10-01');
    expect(next.get('page')).toBeNull();
    expect(next.get('changedSince')).toBe('2026-10-01');
    expect(next.get('x')).toBe('1');
    expect(withChangedSince(next, '').has('changedSince')).toBe(false);
  });
});
