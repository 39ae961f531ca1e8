import { ErrorState, Spinner } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { HttpError } from '../api/http';

/*
 * Here, not beside the link buttons (LinkButton.tsx): the route table's loading fallback is in the
 * entry chunk, and importing it from there took the link buttons' styles into every page's entry,
 * the guest booking page's too (its initial-JS budget, docs/benchmarks.md).
 */
const FullPageCenter = styled.div`
  display: grid;
  place-items: center;
  min-height: 50vh;
  padding: var(--space-6) var(--space-4);
`;

export function FullPageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <FullPageCenter>
      <Spinner label={label ?? t('app.loading')} size="lg" />
    </FullPageCenter>
  );
}

/**
 * A layout whose data did not load. After an auth failure the HTTP client is already on its
 * way to the login page, so nothing is shown; otherwise the notice and a way to retry.
 */
export function LoadFailed({ error }: { error: unknown }) {
  const t = useT();
  if (error instanceof HttpError && error.notice.redirectTo) return <FullPageSpinner />;
  const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
  return (
    <FullPageCenter>
      <ErrorState message={text} onRetry={() => window.location.reload()} retryLabel={t('routeError.reload')} align="center" buttonSize="md" />
    </FullPageCenter>
  );
}
