import { z } from 'zod/mini';
import type { Parser } from './parser';
import { toNumber, toTags } from './read';

export { toNumber, toTags };

/**
 * Lenient readers for what a real Ticketing Service may send differently from the reference one
 * (DESIGN.md): decimals as strings or numbers, tags as a comma-separated string or an array, legacy
 * preference values as "1", 1 or true. Feature schemas build on these so a harmless variation never
 * breaks a screen, while a truly missing required value still fails the parse.
 * Written with zod/mini (functions rather than methods) so only what is used ends up in the bundle.
 */

/** zod/mini has no `preprocess`: a transform piped into the target schema does the same. */
export function preprocess<Target extends z.core.$ZodType>(fn: (value: unknown) => unknown, target: Target) {
  return z.pipe(z.transform(fn), target);
}

/** A decimal (money, credit) as a JSON number or a decimal string → number. */
export const lenientDecimal = preprocess(toNumber, z.number());

/** An integer id or count as a number or a digit string → number. */
export const lenientInt = preprocess(toNumber, z.int());

/** A string that may be null or missing → string | null. */
export const lenientNullableString = preprocess(
  (value) => (value === undefined ? null : typeof value === 'number' ? String(value) : value),
  z.nullable(z.string()),
);

/** A string that some services send as a number (zip codes, phone numbers) → string; null/missing → ''. */
export const lenientString = preprocess(
  (value) => (value === undefined || value === null ? '' : typeof value === 'number' ? String(value) : value),
  z.string(),
);

export const lenientTags = preprocess(toTags, z.array(z.string()));

/** A loosely stored yes/no: "1", 1, true, "true", "yes" → true; "0", 0, false, "", null, missing → false. */
export function looseFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on', 'y', 'j', 'ja'].includes(value.trim().toLowerCase());
  return false;
}

export const lenientFlag = preprocess(looseFlag, z.boolean());

/** A hand-written reader (lib/read.ts) inside a zod schema: its result, or a failed parse. */
export function fromParser<Output>(parser: Parser<Output>) {
  const unreadable = Symbol('unreadable');
  return preprocess(
    (value) => {
      const result = parser.safeParse(value);
      return result.success ? result.data : unreadable;
    },
    z.custom<Output>((value) => value !== unreadable),
  );
}

/** An array that a service may omit or send as null → array (empty). */
export function lenientArray<Item extends z.core.SomeType>(item: Item) {
  return preprocess((value) => (value === null || value === undefined ? [] : value), z.array(item));
}

export const KNOWN_PREF_KEYS = ['user_prefs_optin', 'user_prefs_mailinglist', 'user_prefs_extra_optin'] as const;

export interface CustomerPrefs {
  optin: boolean;
  mailinglist: boolean;
  extraOptin: boolean;
  /** Every key as stored, unknown future keys included (rule 4: passed through unchanged). */
  raw: Record<string, unknown>;
}

/**
 * `customerPrefs` by the rules of spec 2.7: null → nothing stored (null); a missing key means no; values
 * compared loosely. A non-object value is treated as nothing stored rather than failing the customer.
 */
export function toCustomerPrefs(value: unknown): CustomerPrefs | null {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  return {
    optin: looseFlag(raw.user_prefs_optin),
    mailinglist: looseFlag(raw.user_prefs_mailinglist),
    extraOptin: looseFlag(raw.user_prefs_extra_optin),
    raw,
  };
}

export const lenientCustomerPrefs = preprocess(toCustomerPrefs, z.custom<CustomerPrefs | null>());
