import { SkipLink as KitSkipLink } from '@clinic/ui-kit';
import { useT } from '../../i18n';

/** First tab stop of every page: jumps over the header and navigation to `#main`, in the page's language. */
export function SkipLink() {
  const t = useT();
  return <KitSkipLink href="#main">{t('app.skipToContent')}</KitSkipLink>;
}
