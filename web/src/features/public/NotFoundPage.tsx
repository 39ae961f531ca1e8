import { PageHeader } from '@clinic/ui-kit';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { SimpleShell } from '../../shared/ui/SimpleShell';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <SimpleShell narrow>
      <PageHeader title={t('notFound.title')} description={t('notFound.body')} />
      <Link to="/">{t('notFound.toTop')}</Link>
    </SimpleShell>
  );
}
