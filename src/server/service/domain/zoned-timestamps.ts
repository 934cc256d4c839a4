import { toZonedIso, zoneOffsetMinutes } from '../../time';

/**
 * `toZonedIso` for many timestamps at once (a page of orders shows ~400). Intl is exact but costs ~9 µs
 * a call, which alone was a third of a page's CPU time; here the zone offset is looked up once per UTC
 * hour and the rest is arithmetic. When the offset differs between the two ends of an hour (a DST change
 * inside it), the exact `toZonedIso` answers instead, so the output is always identical to it.
 */
const HOUR_MS = 3_600_000;
/** Entries per zone before the cache starts over; a few years of hours. */
const MAX_CACHED_HOURS = 50_000;

const offsetsByZone = new Map<string, Map<number, number | null>>();

function hourOffset(hour: number, timeZone: string): number | null {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    offsetsByZone.set(timeZone, offsets);
  }
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const atStart = zoneOffsetMinutes(new Date(hour * HOUR_MS), timeZone);
    const atEnd = zoneOffsetMinutes(new Date(hour * HOUR_MS + HOUR_MS - 1000), timeZone);
    offset = atStart === atEnd ? atStart : null;
    if (offsets.size >= MAX_CACHED_HOURS) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** Same result as `toZonedIso(instant, timeZone)`: `2026-11-23T20:00:00+01:00`. */
export function zonedIso(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const offset = hourOffset(Math.floor(ms / HOUR_MS), timeZone);
  const year = new Date(ms).getUTCFullYear();
  if (offset === null || year < 1000 || year > 9998) return toZonedIso(instant, timeZone);
  const local = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000);
  const abs = Math.abs(offset);
  return (
    `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}` +
    `T${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}` +
    `${offset < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
  );
}
