import { localDate, zonedToInstant } from '@/server/time';

export const DEMO_TIME_ZONE = 'Europe/Amsterdam';
export const DAY_MS = 86_400_000;

/**
 * Dates of the demo data are relative to the seeding day, so the data always has past and upcoming
 * events. The anchor is the start of that day in Europe/Amsterdam; all else is fixed by the PRNG.
 */
export class Calendar {
  readonly today: string;
  readonly anchor: Date;
  readonly anchorMs: number;

  constructor(today: string | undefined, now: Date = new Date()) {
    this.today = today ?? localDate(now, DEMO_TIME_ZONE);
    this.anchor = zonedToInstant(this.today, '00:00:00', DEMO_TIME_ZONE);
    this.anchorMs = this.anchor.getTime();
  }

  /** `YYYY-MM-DD` that many days after the anchor day. */
  dayOffset(days: number): string {
    const [y, m, d] = this.today.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  }

  /** The instant of a local wall-clock time, `days` after the anchor day. */
  localAt(days: number, time: string): Date {
    return zonedToInstant(this.dayOffset(days), time, DEMO_TIME_ZONE);
  }

  /** Anchor plus a (possibly negative, fractional) number of days, as an instant. */
  plusDays(days: number): number {
    return this.anchorMs + Math.round(days * DAY_MS);
  }
}

export function iso(ms: number | Date): string {
  return (typeof ms === 'number' ? new Date(ms) : ms).toISOString();
}
