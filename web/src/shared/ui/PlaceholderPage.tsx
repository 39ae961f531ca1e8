import { PageHeader, Stack, Text } from '@clinic/ui-kit';
import { useT, type MessageKey } from '../../i18n';
import { useDocumentTitle } from './useDocumentTitle';

/** A page of the foundation: its title and a short line saying what it will hold. */
export function PlaceholderPage({ titleKey, bodyKey }: { titleKey: MessageKey; bodyKey: MessageKey }) {
  const t = useT();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section>
      <PageHeader title={title} />
      <Stack gap={3}>
        <Text>{t(bodyKey)}</Text>
        <Text tone="muted" size="sm">
          {t('pages.placeholder')}
        </Text>
      </Stack>
    </section>
  );
}
