import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/client';

/**
 * Puts a server 400's `errors` (`{ field: message }`, the one error shape of every service) on
 * the form's own fields, where the shared zod schema's client-side messages appear too. Fields
 * the form does not have are skipped (the form-level alert still shows the server's message).
 * The first field set gets focus. Returns the fields that got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): FieldPath<T>[] {
  if (!isApiError(error) || !error.errors) return [];
  const messages = error.errors;
  const set = fields.filter((field) => typeof messages[field] === 'string');
  set.forEach((field, i) => setError(field, { type: 'server', message: messages[field] }, { shouldFocus: i === 0 }));
  return set;
}
