import { describe, expect, it } from 'vitest';
import { planRow, range } from '../../testing/seat-plans';
import { moveFocus, rowEdge } from './keyboard-navigation';
import { layoutSeatPlan } from './seat-layout';

const layout = layoutSeatPlan({
  priceLevels: [],
  sections: [
    {
      sectionId: 1,
      sectionName: 'Links',
      rows: [planRow(1, range(1, 4), { prefix: 'L1' }), planRow(2, range(1, 4), { prefix: 'L2' })],
    },
    {
      sectionId: 2,
      sectionName: 'Rechts',
      rows: [planRow(1, range(1, 4), { prefix: 'R1' }), planRow(2, range(1, 4), { prefix: 'R2' })],
    },
    { sectionId: 3, sectionName: 'Balkon', rows: [planRow(1, range(1, 30), { prefix: 'B1' })] },
  ],
});
const at = (id: string) => layout.indexById.get(id)!;
const idOf = (seat: number) => layout.seatIds[seat];

describe('moveFocus', () => {
  it('walks a row with left and right', () => {
    expect(idOf(moveFocus(layout, at('L1-2'), 'right'))).toBe('L1-3');
    expect(idOf(moveFocus(layout, at('L1-2'), 'left'))).toBe('L1-1');
  });

  it('continues into the section beside at the end of a row, and stops at the edge of the plan', () => {
    expect(layout.sections[1]!.x).toBeGreaterThan(layout.sections[0]!.x);
    expect(idOf(moveFocus(layout, at('L1-4'), 'right'))).toBe('R1-1');
    expect(idOf(moveFocus(layout, at('R1-1'), 'left'))).toBe('L1-4');
    expect(idOf(moveFocus(layout, at('L1-1'), 'left'))).toBe('L1-1');
  });

  it('moves up and down between rows to the nearest seat horizontally, also into the next section', () => {
    expect(idOf(moveFocus(layout, at('L1-3'), 'down'))).toBe('L2-3');
    expect(idOf(moveFocus(layout, at('L2-3'), 'up'))).toBe('L1-3');
    expect(idOf(moveFocus(layout, at('L1-3'), 'up'))).toBe('L1-3');
    const below = moveFocus(layout, at('L2-1'), 'down');
    expect(idOf(below)).toMatch(/^B1-/);
    expect(Math.abs(layout.x[below]! - layout.x[at('L2-1')]!)).toBeLessThanOrEqual(0.5);
  });

  it('starts on the first seat without a focus, and Home/End reach the row edges', () => {
    expect(moveFocus(layout, -1, 'right')).toBe(0);
    expect(idOf(rowEdge(layout, at('B1-12'), 'start'))).toBe('B1-1');
    expect(idOf(rowEdge(layout, at('B1-12'), 'end'))).toBe('B1-30');
  });
});
