import { describe, expect, it } from 'vitest';
import { niceScale } from './stacked-area-chart';

describe('niceScale (the revenue axis, labelled in whole euros)', () => {
  it('steps by whole, round amounts, so no two ticks print the same label, and the top covers the maximum', () => {
    for (const max of [0, 0.4, 2, 3, 10, 37, 99.99, 1234, 250_000]) {
      const { top, step } = niceScale(max);
      expect(Number.isInteger(step), `step for ${max}`).toBe(true);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(top / step, `ticks for ${max}`).toBeLessThanOrEqual(10);
      const labels = Array.from({ length: top / step + 1 }, (_, n) => Math.round(n * step));
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('keeps 2.5 steps for larger amounts', () => {
    expect(niceScale(100)).toEqual({ top: 100, step: 25 });
    expect(niceScale(2)).toEqual({ top: 2, step: 1 });
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
  });
});
