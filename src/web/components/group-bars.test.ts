import { describe, expect, it } from 'vitest';
import { labelLines } from './group-bars';

describe('labelLines', () => {
  it('counts one line for a short label and for a word longer than a line (it is not broken)', () => {
    expect(labelLines('Verkooppunt')).toBe(1);
    expect(labelLines('Chef’Special Tour')).toBe(1);
    expect(labelLines('Eenheelheellangwoordzonderspatiesdatnietpast')).toBe(1);
  });

  it('wraps at spaces as the chart does: an event with its date takes two or three lines', () => {
    expect(labelLines('Chef’Special Tour · do 14 jan 2027')).toBe(2);
    // What the chart drew on three lines: "Ilse DeLange:" / "Gracetown · zo 7 mrt" / "2027".
    expect(labelLines('Ilse DeLange: Gracetown · zo 7 mrt 2027')).toBe(3);
  });
});
