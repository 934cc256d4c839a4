import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver for a request schema of src/contract, whose texts are the gateway's (English: one language for
 * logs, tests and integrators). The browser checks the rules the gateway checks, and shows each field's
 * message through `local`, in the reader's language (a text `local` does not know is shown as it is) — also
 * the messages of a list's lines (an SSO page's group lines showed "Enter the group" in Dutch).
 */
export function localizedResolver<Input extends FieldValues, Output, Context>(
  schema: z.ZodType<Output, Input>,
  local: (message: string) => string,
): Resolver<Input, Context, Output> {
  const resolve = zodResolver(schema) as unknown as Resolver<Input, Context, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    return { ...result, errors: localized(result.errors, local) } as typeof result;
  };
}

/** The errors with every message through `local`, however deep (a field, a line of a list, a line's field). */
function localized<T>(errors: T, local: (message: string) => string): T {
  if (Array.isArray(errors)) return errors.map((error) => localized(error, local)) as T;
  if (typeof errors !== 'object' || errors === null) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => [
      key,
      // `ref` is the field's element: left as it is.
      key === 'ref' ? value : key === 'message' && typeof value === 'string' ? local(value) : localized(value, local),
    ]),
  ) as T;
}
