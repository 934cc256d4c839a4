import { describe, expect, it } from 'vitest';
import { planRow, range } from '../../testing/seat-plans';
import { bestAvailable } from './best-available';
import { layoutSeatPlan } from './seat-layout';

const ids = (layout: ReturnType<typeof layoutSeatPlan>, seats: number[]) => seats.map((seat) => layout.seatIds[seat]);

describe('bestAvailable', () => {
  it('prefers seats side by side in the row nearest the stage, centred', () => {
    const layout = layoutSeatPlan({
      priceLevels: [],
      sections: [{ sectionId: 1, sectionName: 'Zaal', rows: [planRow(1, range(1, 10)), planRow(2, range(1, 10))] }],
    });
    const result = bestAvailable(layout, 2, null);
    expect(result.together).toBe(true);
    expect(ids(layout, result.seats)).toEqual(['r1-5', 'r1-6']);
  });

  it('does not count seats across an aisle (a jump in numbers) as side by side', () => {
    const layout = layoutSeatPlan({
      priceLevels: [],
      sections: [
        {
          sectionId: 1,
          sectionName: 'Zaal',
          rows: [planRow(1, [1, 2, 5, 6]), planRow(2, range(1, 6), { taken: [1, 2] })],
        },
      ],
    });
    const result = bestAvailable(layout, 3, null);
    expect(result.together).toBe(true);
    expect(ids(layout, result.seats)).toEqual(['r2-3', 'r2-4', 'r2-5']);
  });

  it('keeps to the rank asked for and skips seats the caller says are not free', () => {
    const layout = layoutSeatPlan({
      priceLevels: [],
      sections: [
        {
          sectionId: 1,
          sectionName: 'Zaal',
          rows: [planRow(1, range(1, 6), { rankId: 1 }), planRow(2, range(1, 6), { rankId: 2 })],
        },
      ],
    });
    expect(ids(layout, bestAvailable(layout, 2, 2).seats)).toEqual(['r2-3', 'r2-4']);
    const held = new Set([layout.indexById.get('r1-3'), layout.indexById.get('r1-4')]);
    const result = bestAvailable(layout, 2, 1, (seat) => !held.has(seat));
    expect(result.together).toBe(true);
    expect(ids(layout, result.seats)).toEqual(['r1-1', 'r1-2']);
  });

  it('falls back to the free seats nearest the stage when no row has room, and gives nothing when too few are free', () => {
    const layout = layoutSeatPlan({
      priceLevels: [],
      sections: [
        {
          sectionId: 1,
          sectionName: 'Zaal',
          rows: [planRow(1, range(1, 5), { taken: [2, 4] }), planRow(2, range(1, 5), { taken: [1, 3, 5] })],
        },
      ],
    });
    const result = bestAvailable(layout, 3, null);
    expect(result.together).toBe(false);
    expect(ids(layout, result.seats)).toEqual(['r1-1', 'r1-3', 'r1-5']);
    expect(bestAvailable(layout, 6, null).seats).toEqual([]);
  });
});
