import { KNOWN_PREF_KEYS, looseFlag } from '@/contract/customer-prefs';
import type { CustomerPrefs } from '../../lib/schemas/customer';

export type KnownPref = (typeof KNOWN_PREF_KEYS)[number];

export interface PrefRow {
  key: string;
  /** One of the three keys spec 2.7 names; null for a key the app does not know (shown as it is). */
  known: KnownPref | null;
  /** yes/no for a stored known key; `missing` for a known key never stored (rule 2: counts as no). */
  state: 'yes' | 'no' | 'missing' | 'other';
  /** The value exactly as stored, for display ("1", 1, true…); undefined when missing. */
  stored: unknown;
}

/**
 * `customerPrefs` as rows to show, by the five rules of spec 2.7: null means nothing is stored (→ null);
 * the three known keys always appear, a missing one as `missing` (treated as no); values are compared
 * loosely ("1", 1, true are yes); unknown keys follow, unchanged. Read-only: nothing here writes them.
 */
export function prefRows(prefs: CustomerPrefs | null): PrefRow[] | null {
  if (!prefs) return null;
  const rows: PrefRow[] = KNOWN_PREF_KEYS.map((key) => {
    if (!Object.hasOwn(prefs.raw, key)) return { key, known: key, state: 'missing', stored: undefined };
    const stored = prefs.raw[key];
    return { key, known: key, state: looseFlag(stored) ? 'yes' : 'no', stored };
  });
  for (const [key, stored] of Object.entries(prefs.raw)) {
    if ((KNOWN_PREF_KEYS as readonly string[]).includes(key)) continue;
    rows.push({ key, known: null, state: 'other', stored });
  }
  return rows;
}

/** How a stored value is shown: strings in quotes, so "1" and 1 are told apart. */
export function storedValueText(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

export type OptinState = 'yes' | 'no' | 'unknown';

/** The email opt-in for the table and its filter: `unknown` when no preferences are stored at all. */
export function optinState(prefs: CustomerPrefs | null): OptinState {
  if (!prefs) return 'unknown';
  return prefs.optin ? 'yes' : 'no';
}
