import { Container, PageHeader, PlainButton, Stack } from '@clinic/ui-kit';
import { Link, useRouteError } from 'react-router-dom';
import { useT } from '../i18n';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';

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
    <Container as="main" width="medium" paddingTop={6} paddingBottom={6}>
      <Stack gap={4} align="start">
        <PageHeader title={t('routeError.title')} description={t('routeError.body')} />
        <PlainButton onPress={() => window.location.reload()}>{t('routeError.reload')}</PlainButton>
        <Link to="/">{t('routeError.toTop')}</Link>
      </Stack>
    </Container>
  );
}
