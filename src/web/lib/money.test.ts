import { describe, expect, it } from 'vitest';
import { centsOf, eurosOf } from './money';

describe('money', () => {
  it('reads a money field in cents: numbers, Dutch and English decimals; empty or negative is nothing', () => {
    expect(centsOf(150)).toBe(15_000);
    expect(centsOf(12.345)).toBe(1_235);
    expect(centsOf('7,5')).toBe(750);
    expect(centsOf('7.25')).toBe(725);
    expect(centsOf(0)).toBe(0);
    expect(centsOf('')).toBeNull();
    expect(centsOf(-1)).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });

  it('shows cents as euros', () => {
    expect(eurosOf(1_250)).toBe(12.5);
  });
});
