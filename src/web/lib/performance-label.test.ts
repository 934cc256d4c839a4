import { describe, expect, it } from 'vitest';
import { performanceLabel, sortByStart } from './performance-label';

const events = new Map([
  [1, { eventName: 'Hamlet', start: '2026-12-03T20:00:00+01:00' }],
  [2, { eventName: 'Hamlet', start: '2026-11-24T20:00:00+01:00' }],
  [3, { eventName: 'Carmen', start: '2026-11-30T14:00:00+01:00' }],
]);

describe('performanceLabel', () => {
  it('tells performances of one name apart by their date', () => {
    const first = performanceLabel(events.get(2) as { eventName: string; start: string }, 'nl-NL');
    const second = performanceLabel(events.get(1) as { eventName: string; start: string }, 'nl-NL');
    expect(first).toMatch(/^Hamlet · .*24 nov.* 2026$/);
    expect(second).toMatch(/^Hamlet · .*3 dec.* 2026$/);
  });
});

describe('sortByStart', () => {
  it('orders by start, unknown events last by id, and leaves its input alone', () => {
    const ids = [9, 1, 3, 7, 2];
    expect(sortByStart(ids, events)).toEqual([2, 3, 1, 7, 9]);
    expect(ids).toEqual([9, 1, 3, 7, 2]);
  });
});
