import { describe, expect, it } from 'vitest';
import { planRow, range, syntheticPlan } from '../../testing/seat-plans';
import { layoutSeatPlan, MAX_SEAT_GAP, SEAT_AVAILABLE, SEAT_UNAVAILABLE, sameSeatGeometry } from './seat-layout';

describe('layoutSeatPlan', () => {
  it('places seats one pitch apart and leaves a gap where the numbers jump, capped for large jumps', () => {
    const layout = layoutSeatPlan({
      priceLevels: [],
      sections: [{ sectionId: 1, sectionName: 'Zaal', rows: [planRow(1, [1, 2, 3, 6, 7, 200])] }],
    });
    const xs = Array.from(layout.x);
    expect(xs[1]! - xs[0]!).toBe(1);
    expect(xs[3]! - xs[2]!).toBe(3); // 3 → 6: two missing seats
    expect(xs[5]! - xs[4]!).toBe(MAX_SEAT_GAP + 1); // 7 → 200: an aisle, not 192 seats
  });

  it('orders rows by number and seats by number whatever order the service sent them in', () => {
    const layout = layoutSeatPlan({
      priceLevels: [],
      sections: [{ sectionId: 1, sectionName: 'Zaal', rows: [planRow(2, [3, 1, 2]), planRow(1, [2, 1])] }],
    });
    expect(layout.rows.map((row) => row.rowNr)).toEqual([1, 2]);
    expect(layout.seatIds).toEqual(['r1-1', 'r1-2', 'r2-1', 'r2-2', 'r2-3']);
    expect(layout.y[2]).toBeGreaterThan(layout.y[0]!);
    expect(layout.indexById.get('r2-3')).toBe(4);
  });

  it('centres shorter rows in their section and puts every section below the stage, without overlaps', () => {
    const layout = layoutSeatPlan({
      priceLevels: [],
      sections: [
        { sectionId: 1, sectionName: 'Parterre', rows: [planRow(1, range(1, 10)), planRow(2, range(1, 4))] },
        { sectionId: 2, sectionName: 'Balkon', rows: [planRow(1, range(1, 8), { prefix: 'b1' })] },
      ],
    });
    const [row1, row2] = layout.rows;
    expect((row1!.minX + row1!.maxX) / 2).toBeCloseTo((row2!.minX + row2!.maxX) / 2);
    const [a, b] = layout.sections;
    const overlap =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap).toBe(false);
    for (const section of layout.sections) expect(section.y).toBeGreaterThan(layout.stage.y + layout.stage.height);
    expect(layout.bounds.maxX).toBeGreaterThanOrEqual(Math.max(a!.x + a!.width, b!.x + b!.width));
  });

  it('records availability and ranks per seat, ranks in price-level order first', () => {
    const layout = layoutSeatPlan({
      priceLevels: [{ priceId: 'x', rankId: 7, name: 'Normaal', amount: 10 }],
      sections: [{ sectionId: 1, sectionName: 'Zaal', rows: [planRow(1, [1, 2], { rankId: 3, taken: [2] })] }],
    });
    expect(layout.ranks).toEqual([7, 3]);
    expect(Array.from(layout.rankIndex)).toEqual([1, 1]);
    expect(Array.from(layout.baseState)).toEqual([SEAT_AVAILABLE, SEAT_UNAVAILABLE]);
  });

  it('keeps a general-admission section (no rows) as a block without seats', () => {
    const layout = layoutSeatPlan({ priceLevels: [], sections: [{ sectionId: 9, sectionName: 'Zaal', rows: [] }] });
    expect(layout.count).toBe(0);
    expect(layout.sections[0]).toMatchObject({ sectionId: 9, generalAdmission: true });
    expect(layout.sections[0]!.width).toBeGreaterThan(0);
  });

  it('lays out 100,000 seats into typed arrays', () => {
    const layout = layoutSeatPlan(syntheticPlan(100_000));
    expect(layout.count).toBe(100_000);
    expect(layout.x).toBeInstanceOf(Float32Array);
    expect(layout.baseState).toBeInstanceOf(Uint8Array);
    expect(new Set(layout.seatIds).size).toBe(100_000);
  });

  it('sees a refreshed plan with other availability as the same geometry, another hall not', () => {
    const before = layoutSeatPlan({
      priceLevels: [],
      sections: [{ sectionId: 1, sectionName: 'Zaal', rows: [planRow(1, range(1, 5))] }],
    });
    const after = layoutSeatPlan({
      priceLevels: [],
      sections: [{ sectionId: 1, sectionName: 'Zaal', rows: [planRow(1, range(1, 5), { taken: [2, 3] })] }],
    });
    const other = layoutSeatPlan({
      priceLevels: [],
      sections: [{ sectionId: 1, sectionName: 'Zaal', rows: [planRow(1, range(1, 6))] }],
    });
    expect(sameSeatGeometry(before, after)).toBe(true);
    expect(sameSeatGeometry(before, other)).toBe(false);
  });
});
