/**
 * Time in a client's zone (DESIGN.md decision 12): partner datetimes are ISO 8601 with the zone's offset,
 * public dates and times are local. Intl does the zone arithmetic; formatters are costly, so one per zone.
 */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return parts as unknown as LocalParts;
}

/** Offset of the zone at that instant, in minutes east of UTC (`p`: its local parts, when known). */
export function zoneOffsetMinutes(instant: Date, timeZone: string, p = localParts(instant, timeZone)): number {
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** `2026-11-23T20:00:00+01:00` */
export function toZonedIso(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone, p);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${hh}:${mm}`;
}

/** `YYYY-MM-DD` in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `HH:MM:SS` in the zone. */
export function localTime(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** The instant at which a local wall-clock time happens in the zone (`2026-03-29`, `02:30` → resolved). */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh = 0, mi = 0, ss = 0] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mi, ss);
  // Two passes settle the offset also across a DST change.
  let instant = new Date(guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000);
  instant = new Date(guess - zoneOffsetMinutes(instant, timeZone) * 60_000);
  return instant;
}

/** Start of a local day (`YYYY-MM-DD`) in the zone. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return zonedToInstant(date, '00:00:00', timeZone);
}

/**
 * `changedSince` (DESIGN.md decision 3): a date is the start of that day in the client's zone; a datetime
 * with an offset is that instant; a datetime without one is local time in the client's zone.
 */
export function parseChangedSince(value: string, timeZone: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return startOfLocalDay(value, timeZone);
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return new Date(value);
  const [date = '', time = '00:00:00'] = value.split('T');
  return zonedToInstant(date, time.slice(0, 8), timeZone);
}
