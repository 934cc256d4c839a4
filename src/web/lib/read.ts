import type { Parser } from './parser';

/**
 * Plain lenient readers, without zod, for data the first screens need (the dashboard's events and halls):
 * the same rules as lenient.ts (DESIGN.md), but no schema library on the first load (zod/mini is ≈6 kB
 * gzip). A reader returns the value or throws Unreadable; `parser` turns it into the API client's Parser.
 */
export class Unreadable extends Error {}

/** A contract type with some fields that a lenient reading may leave empty (null). */
export type NullableFields<T, Keys extends keyof T> = Omit<T, Keys> & { [Key in Keys]: T[Key] | null };

/** A decimal as most services write it ("0.00", "-12.5", "42"): needs none of the rules below. */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A number, or a decimal string (a Dutch comma accepted) → number; anything else is returned as it is. */
export function toNumber(value: unknown): unknown {
  if (typeof value === 'string') {
    // The common case first: the customer export alone brings 100,000 credits like "0.00".
    if (PLAIN_DECIMAL.test(value)) {
      const number = Number(value);
      if (Number.isFinite(number)) return number;
    }
    const trimmed = value.trim().replace(/\s/g, '');
    // "12,50" from a Dutch system is 12.50; "1.234,50" is 1234.50.
    const normalised = /,\d{1,2}$/.test(trimmed) ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
    if (normalised !== '' && Number.isFinite(Number(normalised))) return Number(normalised);
  }
  return value;
}

/** Tags as `"a, b"`, `["a","b"]`, `""` or null → trimmed, non-empty, unique strings; other values as they are. */
export function toTags(value: unknown): unknown {
  if (value === null || value === undefined) return [];
  // One tag (or none) as text, the common case: no list, set and copies to make.
  if (typeof value === 'string' && !value.includes(',')) {
    const tag = value.trim();
    return tag === '' ? [] : [tag];
  }
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list)) return list;
  return [...new Set(list.map((tag) => String(tag).trim()).filter((tag) => tag !== ''))];
}

export function parser<T>(read: (value: unknown) => T): Parser<T> & { parse(value: unknown): T } {
  return {
    parse: read,
    safeParse(value) {
      try {
        return { success: true, data: read(value) };
      } catch (error) {
        if (error instanceof Unreadable) return { success: false, error };
        throw error;
      }
    },
  };
}

/** A JSON object's fields. */
export function fields(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Unreadable(`${what}: not an object`);
  return value as Record<string, unknown>;
}

/** A required string. */
export function string(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Unreadable(`${field}: not a string`);
  return value;
}

/** Text that may come as a number; null or missing → ''. */
export function text(value: unknown, field: string): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? String(value) : string(value, field);
}

/** Text that may come as a number or be null; missing → null. */
export function nullableText(value: unknown, field: string): string | null {
  return value === null || value === undefined ? null : text(value, field);
}

/** A string or null, strictly (missing is unreadable): for the gateway's own answers. */
export function nullableString(value: unknown, field: string): string | null {
  return value === null ? null : string(value, field);
}

/** An integer id or count, as a number or a digit string. */
export function integer(value: unknown, field: string): number {
  const number = toNumber(value);
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw new Unreadable(`${field}: not an integer`);
  return number;
}

/** A decimal (money) as a JSON number or a decimal string. */
export function decimal(value: unknown, field: string): number {
  const number = toNumber(value);
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new Unreadable(`${field}: not a number`);
  return number;
}

export function tags(value: unknown, field: string): string[] {
  const list = toTags(value);
  if (!Array.isArray(list) || list.some((tag) => typeof tag !== 'string')) throw new Unreadable(`${field}: not tags`);
  return list as string[];
}

/** A list that a service may omit or send as null → []. */
export function list<T>(value: unknown, field: string, item: (value: unknown, field: string) => T): T[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new Unreadable(`${field}: not a list`);
  return value.map((entry, index) => item(entry, `${field}[${index}]`));
}

/** What `read` gives, or `fallback` when the value is unreadable (a field that must not fail its record). */
export function orElse<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof Unreadable) return fallback;
    throw error;
  }
}
