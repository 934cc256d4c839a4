/**
 * How `customerPrefs` values are read (spec 2.7): stored as "1"/"0", integers or booleans, keys may be missing
 * (no). Shared by the app, which shows them, and the gateway, whose customer search filters by the opt-in.
 */

/** A loosely stored yes/no: "1", 1, true, "true", "yes" → true; "0", 0, false, "", null, missing → false. */
export function looseFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on', 'y', 'j', 'ja'].includes(value.trim().toLowerCase());
  return false;
}

export const KNOWN_PREF_KEYS = ['user_prefs_optin', 'user_prefs_mailinglist', 'user_prefs_extra_optin'] as const;

/** The email opt-in as the customer list shows and filters it: `unknown` when no preferences are stored at all. */
export type OptinState = 'yes' | 'no' | 'unknown';
export const OPTIN_STATES: readonly OptinState[] = ['yes', 'no', 'unknown'];
