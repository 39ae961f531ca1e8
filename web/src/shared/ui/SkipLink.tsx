import styled from 'styled-components';
import { useT } from '../../i18n';

const Link = styled.a`
  position: absolute;
  left: var(--space-2);
  top: -100px;
  z-index: 100;
  padding: var(--space-2) var(--space-3);
  background: var(--color-surface);
  color: var(--color-primary);
  border-radius: var(--radius-md);
  box-shadow: var(--shadow-md);

  &:focus {
    top: var(--space-2);
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

/** First tab stop of every page: jumps over the header and navigation to `#main`. */
export function SkipLink() {
  const t = useT();
  return <Link href="#main">{t('app.skipToContent')}</Link>;
}
