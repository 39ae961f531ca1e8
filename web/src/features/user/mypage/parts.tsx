import { Button, Spinner } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';
import { refusalText } from '../../../shared/booking';

export const Section = styled.section`
  display: grid;
  gap: var(--space-3);
  margin-bottom: var(--space-6);

  h2 {
    margin: 0;
    font-size: var(--font-size-lg);
  }
`;

export const CardList = styled.ul`
  display: grid;
  gap: var(--space-3);
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: 768px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const Item = styled.li`
  display: grid;
  gap: var(--space-2);
  padding: var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  box-shadow: var(--shadow-sm);
  min-width: 0;

  h3 {
    margin: 0;
    font-size: var(--font-size-md);
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

export const Meta = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: var(--font-size-sm);
`;

export const Badge = styled.span`
  display: inline-block;
  justify-self: start;
  padding: 2px var(--space-2);
  border-radius: var(--radius-full);
  background: var(--color-primary-soft);
  color: var(--color-primary);
  font-size: var(--font-size-xs);
  font-weight: 700;

  &[data-tone='muted'] {
    background: var(--color-surface-alt);
    color: var(--color-muted);
  }
  &[data-tone='danger'] {
    background: var(--color-danger-soft);
    color: var(--color-danger);
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);

  & > * {
    flex: 1 1 auto;
  }
  @media (min-width: 768px) {
    & > * {
      flex: 0 0 auto;
    }
  }
`;

export const Empty = styled.p`
  margin: 0;
  padding: var(--space-4);
  border: 1px dashed var(--color-border);
  border-radius: var(--radius-md);
  color: var(--color-muted);
  text-align: center;
`;

export const Alert = styled.div`
  padding: var(--space-3);
  border-radius: var(--radius-md);
  background: var(--color-danger-soft);
  color: var(--color-danger);
  font-weight: 600;

  p {
    margin: 0;
  }
  a {
    color: inherit;
  }
`;

export const Form = styled.form`
  display: grid;
  gap: var(--space-4);
  padding: var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);

  @media (min-width: 768px) {
    padding: var(--space-5);
  }
`;

const LoadingBox = styled.div`
  display: grid;
  place-items: center;
  padding: var(--space-6) 0;
`;

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <LoadingBox>
      <Spinner label={label ?? t('memberPages.common.loading')} showLabel />
    </LoadingBox>
  );
}

const FailedBox = styled.div`
  display: grid;
  gap: var(--space-3);
  justify-items: start;
`;

/** A part whose data did not load: the notice and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  if (error instanceof HttpError && error.notice.redirectTo) return null;
  const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
  return (
    <FailedBox>
      <p role="alert">{text}</p>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        {t('memberPages.common.retry')}
      </Button>
    </FailedBox>
  );
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
