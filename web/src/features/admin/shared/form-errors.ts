import { HttpError } from '../../../shared/api/http';

/** Field name (dotted, e.g. `name`, `tasks.0.durationMinutes`) → reason shown under the field. */
export type FieldErrors = Record<string, string>;

/**
 * The server's field reasons (`fields: [{path: 'name', message}]`) keyed like the form's
 * fields, plus the field a named conflict belongs to (`ROOM_EXISTS` → the name).
 */
export function serverFieldErrors(error: unknown, codeFields: Record<string, string> = {}): FieldErrors {
  if (!(error instanceof HttpError)) return {};
  const result: FieldErrors = {};
  for (const field of error.fields) {
    const key = field.path.replace(/^body\./, '');
    if (key && !result[key]) result[key] = field.message;
  }
  const field = error.code ? codeFields[error.code] : undefined;
  if (field) result[field] = error.notice.text;
  return result;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
