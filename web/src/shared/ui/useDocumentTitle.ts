import { useEffect } from 'react';
import { useT } from '../../i18n';

/** Sets `document.title` to「{title}｜app name」, so each page is named in tabs and history. */
export function useDocumentTitle(title: string): void {
  const t = useT();
  useEffect(() => {
    document.title = t('app.documentTitle', { title });
  }, [t, title]);
}
