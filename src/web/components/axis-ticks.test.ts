import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evenTicks } from './axis-ticks';

describe('evenTicks', () => {
  it('runs from 0 past the largest value in equal round steps', () => {
    expect(evenTicks(7_400)).toEqual([0, 2_000, 4_000, 6_000, 8_000]);
    expect(evenTicks(812_345)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
    expect(evenTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(evenTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(evenTicks(0)).toEqual([0, 1]);
  });

  it('for any maximum: even steps, the last tick at or past it, at most five ticks', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e9, noNaN: true }), (max) => {
        const ticks = evenTicks(max);
        const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
        expect(ticks[0]).toBe(0);
        expect(ticks.length).toBeLessThanOrEqual(5);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max * (1 - 1e-9));
        ticks.forEach((tick, index) => {
          expect(tick).toBeCloseTo(index * step, 6);
        });
      }),
    );
  });
});
