import { ApiError, isApiError } from './api-error';

/**
 * The same failure with its message and field messages through `local` (the gateway answers in English, one
 * language for logs, tests and integrators; the person reads the app's): a form then puts them on its fields as
 * they are (server-field-errors.ts). Anything but an ApiError unchanged.
 */
export function withLocalMessages(error: unknown, local: (message: string) => string): unknown {
  if (!isApiError(error)) return error;
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.map(local)]),
  );
  return new ApiError({
    kind: error.kind,
    status: error.status,
    message: local(error.message),
    fieldErrors,
    retryAfterSeconds: error.retryAfterSeconds,
    refusal: error.refusal,
    cause: error,
  });
}
