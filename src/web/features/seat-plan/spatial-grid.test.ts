import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syntheticPlan } from '../../testing/seat-plans';
import { layoutSeatPlan } from './seat-layout';
import { buildSpatialGrid, hitTest, queryBox } from './spatial-grid';

describe('spatial grid', () => {
  const layout = layoutSeatPlan(syntheticPlan(5_000, 4));
  const grid = buildSpatialGrid(layout.x, layout.y, layout.count);

  it('finds the seat under a point on its centre and near it, and nothing in an aisle', () => {
    expect(hitTest(grid, layout.x[123]!, layout.y[123]!)).toBe(123);
    expect(hitTest(grid, layout.x[123]! + 0.3, layout.y[123]! - 0.2)).toBe(123);
    // Seat 20 and 21 of a row are 3 pitches apart (numbers 20 → 23): the middle is no seat.
    const row = layout.rows[0]!;
    const left = row.seatStart + 19;
    expect(hitTest(grid, layout.x[left]! + 1.5, layout.y[left]!)).toBe(-1);
    expect(hitTest(grid, -100, -100)).toBe(-1);
  });

  it('agrees with a brute-force nearest search for any point', () => {
    fc.assert(
      fc.property(
        fc.double({ min: layout.bounds.minX - 2, max: layout.bounds.maxX + 2, noNaN: true }),
        fc.double({ min: layout.bounds.minY - 2, max: layout.bounds.maxY + 2, noNaN: true }),
        (px, py) => {
          let expected = -1;
          let best = 0.25;
          for (let i = 0; i < layout.count; i++) {
            const d = (layout.x[i]! - px) ** 2 + (layout.y[i]! - py) ** 2;
            if (d <= best) {
              best = d;
              expected = i;
            }
          }
          const found = hitTest(grid, px, py);
          if (expected === -1) return found === -1;
          return found !== -1 && (layout.x[found]! - px) ** 2 + (layout.y[found]! - py) ** 2 === best;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('returns exactly the seats inside a box, corners in any order', () => {
    const [x0, y0, x1, y1] = [10.2, 15.1, 25.7, 22.9];
    const expected: number[] = [];
    for (let i = 0; i < layout.count; i++) {
      if (layout.x[i]! >= x0 && layout.x[i]! <= x1 && layout.y[i]! >= y0 && layout.y[i]! <= y1) expected.push(i);
    }
    expect(expected.length).toBeGreaterThan(10);
    expect(queryBox(grid, x1, y1, x0, y0).sort((a, b) => a - b)).toEqual(expected);
  });

  it('copes with an empty plan', () => {
    const empty = buildSpatialGrid(new Float32Array(0), new Float32Array(0), 0);
    expect(hitTest(empty, 0, 0)).toBe(-1);
    expect(queryBox(empty, 0, 0, 10, 10)).toEqual([]);
  });
});
