import { PlainButton, Spinner } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { HttpError } from '../api/http';
import { FullPageCenter } from './LinkButton';

const Box = styled.div`
  display: grid;
  gap: var(--space-3);
  justify-items: center;
  text-align: center;
  max-width: 480px;
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
      <Box>
        <p role="alert">{text}</p>
        <PlainButton variant="secondary" onPress={() => window.location.reload()}>
          {t('routeError.reload')}
        </PlainButton>
      </Box>
    </FullPageCenter>
  );
}
