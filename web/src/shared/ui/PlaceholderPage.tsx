import { PageHeader } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT, type MessageKey } from '../../i18n';
import { useDocumentTitle } from './useDocumentTitle';

const Body = styled.p`
  margin: 0 0 var(--space-3);
  color: var(--color-text);
`;

const Note = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: var(--font-size-sm);
`;

/** A page of the foundation: its title and a short line saying what it will hold. */
export function PlaceholderPage({ titleKey, bodyKey }: { titleKey: MessageKey; bodyKey: MessageKey }) {
  const t = useT();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section>
      <PageHeader title={title} />
      <Body>{t(bodyKey)}</Body>
      <Note>{t('pages.placeholder')}</Note>
    </section>
  );
}
