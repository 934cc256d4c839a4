import { z } from 'zod/mini';
import { looseFlag } from '../../contract/customer-prefs';
import type { Parser } from './parser';
import { toNumber } from './read';

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
