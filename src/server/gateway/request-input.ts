import type { Context } from 'hono';
import { z } from 'zod';
import { BadRequestError, INVALID_DATA_MESSAGE, ValidationError } from './errors';

/** PostgreSQL text cannot hold NUL: a value carrying one is refused here, before it reaches a query. */
const NUL = '\u0000';

const validationErrorOf = (error: z.ZodError) =>
  new ValidationError(INVALID_DATA_MESSAGE, z.flattenError(error).fieldErrors as Record<string, string[]>);

/**
 * The query string through `schema`, empty parameters counting as absent; a `ValidationError` (422 with the
 * messages per field) when it does not fit, or when a value holds a NUL byte.
 */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ''));
  const withNul = Object.keys(query).filter((key) => query[key]?.includes(NUL) || key.includes(NUL));
  if (withNul.length > 0) {
    throw new ValidationError(
      INVALID_DATA_MESSAGE,
      Object.fromEntries(withNul.map((key) => [key.replaceAll(NUL, ''), ['Contains a character that is not allowed']])),
    );
  }
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw validationErrorOf(parsed.error);
  return parsed.data;
}

/** A JSON body through `schema`: the value, a 400 for malformed JSON, or a `ValidationError`. */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let input: unknown;
  try {
    input = await c.req.json();
  } catch {
    throw new BadRequestError('Malformed JSON in request body');
  }
  return parseInput(input, schema);
}

/**
 * How deep a request's JSON may nest. Foyer's deepest input, a segment's rule, is a few levels; a schema of
 * nested groups walks the value recursively, and a rule nested 8,000 deep overflowed the stack (a 500).
 */
export const MAX_INPUT_NESTING = 32;

/**
 * The field of `value` (its top-level key) that nests deeper than `limit` arrays and objects, '' for the value
 * itself, or null when none does; walked without recursion.
 */
function fieldNestingDeeperThan(value: unknown, limit: number): string | null {
  const pending: { value: unknown; depth: number; field: string }[] = [{ value, depth: 0, field: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= limit) return next.field;
    for (const [key, child] of Object.entries(next.value)) {
      pending.push({ value: child, depth: next.depth + 1, field: next.depth === 0 ? key : next.field });
    }
  }
  return null;
}

/** A value read from the request through `schema`: the value, or a `ValidationError`. */
export function parseInput<T extends z.ZodType>(input: unknown, schema: T): z.infer<T> {
  const tooDeep = fieldNestingDeeperThan(input, MAX_INPUT_NESTING);
  if (tooDeep !== null) {
    const message = `Nested deeper than ${MAX_INPUT_NESTING} levels`;
    throw tooDeep === '' ? new ValidationError(message) : ValidationError.field(tooDeep, message);
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationErrorOf(parsed.error);
  return parsed.data;
}
