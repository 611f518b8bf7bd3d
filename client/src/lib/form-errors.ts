import { isApiError } from './api-error.ts';

/**
 * Per-field messages from a 400 `validation_failed` answer, renamed to the form's field names.
 * Null when the error is not a field validation failure.
 */
export function serverFieldErrors(error: unknown, rename: Record<string, string> = {}): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 400 || !error.fields) return null;
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fields)) result[rename[field] ?? field] = message;
  return result;
}
