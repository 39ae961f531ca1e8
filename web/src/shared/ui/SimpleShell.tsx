import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../i18n';

const Header = styled.header`
  background: var(--color-primary);
  color: var(--color-on-primary);
`;

const HeaderInner = styled.div`
  max-width: 960px;
  margin: 0 auto;
  padding: var(--space-3) var(--space-4);
`;

export const Brand = styled(Link)`
  color: inherit;
  font-size: var(--font-size-lg);
  font-weight: 700;
  text-decoration: none;
  letter-spacing: 0.04em;

  &:focus-visible {
    outline: 2px solid var(--color-on-primary);
    outline-offset: 2px;
  }
`;

const Main = styled.main`
  max-width: 960px;
  margin: 0 auto;

  &[data-narrow] {
    max-width: 480px;
  }

  padding: var(--space-5) var(--space-4) var(--space-7);
`;

/** The frame of pages outside the three layouts: top, logins, common pages, 404. */
export function SimpleShell({ children, narrow }: { children: ReactNode; narrow?: boolean }) {
  const t = useT();
  return (
    <>
      <Header>
        <HeaderInner>
          <Brand to="/">{t('app.name')}</Brand>
        </HeaderInner>
      </Header>
      <Main id="main" data-narrow={narrow ? '' : undefined}>
        {children}
      </Main>
    </>
  );
}
