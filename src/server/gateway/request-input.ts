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

/** A value read from the request through `schema`: the value, or a `ValidationError`. */
export function parseInput<T extends z.ZodType>(input: unknown, schema: T): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationErrorOf(parsed.error);
  return parsed.data;
}
