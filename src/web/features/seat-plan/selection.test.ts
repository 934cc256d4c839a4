import { describe, expect, it } from 'vitest';
import { planRow, range } from '../../testing/seat-plans';
import { layoutSeatPlan } from './seat-layout';
import { computeStates, STATE_HELD, STATE_SELECTED, STATE_UNAVAILABLE } from './seat-states';
import { changeSelection } from './selection';

const layout = layoutSeatPlan({
  priceLevels: [],
  sections: [{ sectionId: 1, sectionName: 'Zaal', rows: [planRow(1, range(1, 6), { taken: [6] })] }],
});
const seat = (id: string) => layout.indexById.get(id)!;

describe('computeStates', () => {
  it('marks selected, held and taken-meanwhile seats on top of the plan, taken first', () => {
    const states = computeStates(layout, new Set(['r1-1', 'r1-3']), new Set(['r1-2']), new Set(['r1-3']));
    expect(states[seat('r1-1')]).toBe(STATE_SELECTED);
    expect(states[seat('r1-2')]).toBe(STATE_HELD);
    expect(states[seat('r1-3')]).toBe(STATE_UNAVAILABLE);
    expect(states[seat('r1-6')]).toBe(STATE_UNAVAILABLE);
  });

  it('shows a chosen seat that has been sold since as unavailable, and a held seat as held though the plan says sold', () => {
    const states = computeStates(layout, new Set(['r1-6']), undefined, undefined);
    expect(states[seat('r1-6')]).toBe(STATE_UNAVAILABLE);
    expect(computeStates(layout, new Set(), new Set(['r1-6']), undefined)[seat('r1-6')]).toBe(STATE_HELD);
  });
});

describe('changeSelection', () => {
  it('toggles a free seat on and a chosen seat off, and leaves held or unavailable seats alone', () => {
    const states = computeStates(layout, new Set(['r1-1']), new Set(['r1-2']), undefined);
    expect([...changeSelection(layout, states, new Set(['r1-1']), [seat('r1-1')], 'toggle').next]).toEqual([]);
    expect([...changeSelection(layout, states, new Set(['r1-1']), [seat('r1-4')], 'toggle').next]).toEqual([
      'r1-1',
      'r1-4',
    ]);
    expect([...changeSelection(layout, states, new Set(['r1-1']), [seat('r1-2'), seat('r1-6')], 'add').next]).toEqual([
      'r1-1',
    ]);
  });

  it('stops at the maximum and says how many were refused', () => {
    const states = computeStates(layout, new Set(), undefined, undefined);
    const result = changeSelection(layout, states, new Set(), [0, 1, 2, 3, 4], 'add', 3);
    expect([...result.next]).toEqual(['r1-1', 'r1-2', 'r1-3']);
    expect(result.refused).toBe(2);
  });

  it('replaces the selection for "best N", keeping seats that are chosen again', () => {
    const states = computeStates(layout, new Set(['r1-1', 'r1-4']), undefined, undefined);
    const result = changeSelection(layout, states, new Set(['r1-1', 'r1-4']), [seat('r1-4'), seat('r1-5')], 'replace');
    expect([...result.next]).toEqual(['r1-4', 'r1-5']);
  });
});
