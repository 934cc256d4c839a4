import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../testing/test-service';
import { toZonedIso } from '../../time';
import { migrateService } from '../db/service-migrations';
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

describe('zoned_iso, its SQL twin (migration 009, for the JSON the database keeps)', () => {
  it('gives zonedIso’s text in PostgreSQL, east and west of UTC, on half and quarter hours, around DST changes', async () => {
    const db = await createEmptyDatabase();
    await migrateService(db);
    try {
      const instants: number[] = [];
      for (let n = 0; n < 300; n++)
        instants.push(Date.UTC(1990, 0, 1) + Math.floor(((n * 7919) % 300) * 8.1e9) + n * 1234567);
      for (const start of [Date.UTC(2026, 2, 29, 0, 0), Date.UTC(2026, 9, 25, 0, 30), Date.UTC(2026, 3, 4, 14, 0)]) {
        for (let ms = start; ms < start + 3 * 3_600_000; ms += 601_001) instants.push(ms);
      }
      for (const zone of ZONES) {
        const { rows } = await db.query<{ text: string }>(
          `select zoned_iso(instant, $2::text) as text from unnest($1::timestamptz[]) with ordinality as t(instant, n) order by n`,
          [instants.map((ms) => new Date(ms).toISOString()), zone],
        );
        expect(
          rows.map((row) => row.text),
          zone,
        ).toEqual(instants.map((ms) => zonedIso(new Date(ms), zone)));
      }
    } finally {
      await db.close();
    }
  });
});
