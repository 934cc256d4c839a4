import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver for a request schema of src/contract, whose texts are the gateway's (English: one language for
 * logs, tests and integrators). The browser checks the rules the gateway checks, and shows each field's
 * message through `local`, in the reader's language (a text `local` does not know is shown as it is).
 * The forms are flat: a field's own message is translated, nested ones (arrays, objects) are left as they are.
 */
export function localizedResolver<Input extends FieldValues, Output, Context>(
  schema: z.ZodType<Output, Input>,
  local: (message: string) => string,
): Resolver<Input, Context, Output> {
  const resolve = zodResolver(schema) as unknown as Resolver<Input, Context, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([field, error]) => {
        const { message } = (error ?? {}) as FieldError;
        return [field, typeof message === 'string' ? { ...error, message: local(message) } : error];
      }),
    );
    return { ...result, errors } as typeof result;
  };
}
