import { ErrorState, Spinner } from '@clinic/ui-kit';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';
import { refusalText } from '../../../shared/booking';

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return <Spinner label={label ?? t('memberPages.common.loading')} showLabel placement="block" />;
}

/** A part whose data did not load: the notice and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  if (error instanceof HttpError && error.notice.redirectTo) return null;
  const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
  return <ErrorState message={text} onRetry={onRetry} retryLabel={t('memberPages.common.retry')} />;
}

/**
 * The text of a failed call: the booking flow's (`refusalText`: the server's words for a code the
 * client has no text for, such as the waitlist's or the no-show restriction's, else the notice),
 * or `fallback` for anything but an HTTP failure.
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof HttpError ? refusalText(error) : fallback;
}

/** Field errors of a refused request, keyed by the field name (the server's `body.email` → `email`). */
export function fieldErrorsOf(error: unknown, codeFields: Record<string, string> = {}): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  const fields: Record<string, string> = {};
  for (const field of error.fields) {
    const parts = field.path.split('.');
    const name = parts[0] === 'body' || parts[0] === 'query' ? parts[1] : parts[0];
    if (name && !fields[name]) fields[name] = field.message;
  }
  const field = error.code ? codeFields[error.code] : undefined;
  if (field && !fields[field]) fields[field] = error.serverMessage?.trim() || error.notice.text;
  return fields;
}
