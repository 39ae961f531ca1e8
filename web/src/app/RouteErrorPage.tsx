import { PageHeader, PlainButton } from '@clinic/ui-kit';
import { Link, useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../i18n';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';

const Wrap = styled.main`
  max-width: 640px;
  margin: 0 auto;
  padding: var(--space-6) var(--space-4);
  display: grid;
  gap: var(--space-4);
  justify-items: start;
`;

/**
 * Shown when a route fails to render or to load (typically a chunk missing after a new
 * deployment: reloading fetches the new one).
 */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  useDocumentTitle(t('routeError.title'));
  if (import.meta.env.DEV) console.error(error);
  return (
    <Wrap>
      <PageHeader title={t('routeError.title')} description={t('routeError.body')} />
      <PlainButton onPress={() => window.location.reload()}>{t('routeError.reload')}</PlainButton>
      <Link to="/">{t('routeError.toTop')}</Link>
    </Wrap>
  );
}
