import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toZonedIso } from './time';
import { zonedIso } from './zoned-timestamps';

const ZONES = ['Europe/Amsterdam', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC', 'Pacific/Chatham'];

describe('zonedIso', () => {
  it('equals toZonedIso for any instant, including around DST changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const instant = new Date(ms);
          expect(zonedIso(instant, zone)).toBe(toZonedIso(instant, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('equals toZonedIso second by second across the 2026 Amsterdam changes and a half-hour change', () => {
    const windows: [string, number][] = [
      ['Europe/Amsterdam', Date.UTC(2026, 2, 29, 0, 0)],
      ['Europe/Amsterdam', Date.UTC(2026, 9, 25, 0, 0)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 14, 0)],
    ];
    for (const [zone, start] of windows) {
      for (let ms = start; ms < start + 3 * 3_600_000; ms += 7_000) {
        expect(zonedIso(new Date(ms), zone), `${zone} ${ms}`).toBe(toZonedIso(new Date(ms), zone));
      }
    }
  });
});
