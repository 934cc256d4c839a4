/**
 * A loosely stored yes/no, as customerPrefs values come (spec 2.7: "1", 1, true, legacy forms): "1", 1, true,
 * "true", "yes" → true; "0", 0, false, "", null, missing → false. Its own module, without zod, so the app's
 * readers and the gateway's export rows share it at no cost to the app's bundle.
 */
export function looseFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on', 'y', 'j', 'ja'].includes(value.trim().toLowerCase());
  return false;
}
