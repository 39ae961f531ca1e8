import { HttpError } from '../../../shared/api/http';

/** A form's errors: one text per field, and the text above the form. */
export interface FormErrors {
  form?: string;
  fields: Record<string, string>;
}

export const noErrors: FormErrors = { fields: {} };

/**
 * The field errors of a refused request, keyed by the first name after `body.` (the server
 * names fields `body.employeeNumber`, `body.breaks.0.start`…); `fallbackField` receives the
 * message when the server names a code for a field but no field (e.g. `STAFF_EXISTS`).
 */
export function formErrorsFrom(error: unknown, fallback: string, codeFields: Record<string, readonly string[]> = {}): FormErrors {
  if (!(error instanceof HttpError)) return { form: fallback, fields: {} };
  const fields: Record<string, string> = {};
  for (const field of error.fields) {
    const parts = field.path.split('.');
    const name = parts[0] === 'body' || parts[0] === 'query' ? parts[1] : parts[0];
    if (name && !fields[name]) fields[name] = field.message;
  }
  const codeText = error.serverMessage?.trim() || error.notice.text;
  for (const name of (error.code && codeFields[error.code]) || []) {
    if (!fields[name]) fields[name] = codeText;
  }
  return { form: error.notice.text, fields };
}
