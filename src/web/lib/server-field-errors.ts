import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';

/**
 * Puts the gateway's 422 field messages on the form's own fields (input kept); returns whether any landed,
 * so the caller shows the rest as one alert.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
  /** The form's name for a field the gateway names otherwise (`newPassword` → `password`). */
  renamed: Readonly<Record<string, Path<Values>>> = {},
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const [serverField, messages] of Object.entries(error.fieldErrors)) {
    const field = renamed[serverField] ?? serverField;
    if (!(fields as readonly string[]).includes(field)) continue;
    setError(field as Path<Values>, { type: 'server', message: messages.join(' ') });
    placed = true;
  }
  return placed;
}
