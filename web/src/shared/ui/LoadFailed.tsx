import { ErrorState, Spinner } from '@clinic/ui-kit';
import { useT } from '../../i18n';
import { HttpError } from '../api/http';
import { FullPageCenter } from './LinkButton';

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
