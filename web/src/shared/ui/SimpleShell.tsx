import { Container } from '@clinic/ui-kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../i18n';

const Header = styled.header`
  background: var(--color-primary);
  color: var(--color-on-primary);
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

/** The frame of pages outside the three layouts: top, logins, common pages, 404. */
export function SimpleShell({ children, narrow }: { children: ReactNode; narrow?: boolean }) {
  const t = useT();
  return (
    <>
      <Header>
        <Container paddingTop={3} paddingBottom={3}>
          <Brand to="/">{t('app.name')}</Brand>
        </Container>
      </Header>
      <Container as="main" id="main" width={narrow ? 'narrow' : 'wide'} paddingTop={5} paddingBottom={7}>
        {children}
      </Container>
    </>
  );
}
