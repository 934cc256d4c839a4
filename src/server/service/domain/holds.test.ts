import { describe, expect, it } from 'vitest';
import { type CandidateSeat, chooseBestSeats } from './holds';

const seat = (id: number, row: number, nr: number, quality: number, section = 1): CandidateSeat => ({
  id,
  section_id: section,
  row_nr: row,
  seat_nr: nr,
  quality,
});

describe('chooseBestSeats', () => {
  it('prefers an adjacent run in one row over scattered better seats', () => {
    const candidates = [seat(1, 1, 1, 1), seat(2, 1, 5, 1), seat(3, 2, 1, 2), seat(4, 2, 2, 2), seat(5, 2, 3, 2)];
    expect(chooseBestSeats(candidates, 3).map((s) => s.id)).toEqual([3, 4, 5]);
  });

  it('picks the adjacent run with the lowest total quality', () => {
    const candidates = [seat(1, 3, 1, 9), seat(2, 3, 2, 9), seat(3, 1, 7, 1), seat(4, 1, 8, 2)];
    expect(chooseBestSeats(candidates, 2).map((s) => s.id)).toEqual([3, 4]);
  });

  it('does not join seats of different sections or rows, and falls back to the best seats', () => {
    const candidates = [seat(1, 1, 1, 1, 1), seat(2, 1, 2, 2, 2), seat(3, 2, 3, 3)];
    expect(chooseBestSeats(candidates, 2).map((s) => s.id)).toEqual([1, 2]);
  });

  it('takes the single best seat for one ticket and all there are when too few', () => {
    const candidates = [seat(7, 1, 1, 1), seat(8, 1, 2, 2)];
    expect(chooseBestSeats(candidates, 1).map((s) => s.id)).toEqual([7]);
    expect(chooseBestSeats(candidates, 3).map((s) => s.id)).toEqual([7, 8]);
  });
});
