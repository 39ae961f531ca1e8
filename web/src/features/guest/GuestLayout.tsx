import { Container } from '@clinic/ui-kit';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { FadeOutlet } from '../../shared/ui/FadeOutlet';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { guestTitle } from './guest-title';

const Header = styled.header`
  background: var(--color-primary);
  color: var(--color-on-primary);
`;

const HeaderInner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  max-width: 960px;
  margin: 0 auto;
  padding: var(--space-3) var(--space-4);

  p {
    margin: 0;
    font-size: var(--font-size-md);
    font-weight: 700;
  }
  @media (min-width: 768px) {
    p {
      font-size: var(--font-size-lg);
    }
  }
  a {
    color: inherit;
    font-size: var(--font-size-sm);
    white-space: nowrap;
  }
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  select {
    font: inherit;
    font-size: var(--font-size-sm);
    color: #1f2933;
    background: #fff;
    border-radius: 4px;
    min-height: 32px;
    max-width: 7.5em;
  }
`;

/** The guest layout: header「{title}のご予約」, the title from the query (default 新規カウンセリング). */
export function GuestLayout() {
  const t = useT();
  const [params] = useSearchParams();
  const title = guestTitle(params, t('guestLayout.defaultTitle'));
  return (
    <>
      <Header>
        <HeaderInner>
          <p data-testid="guest-header-title">{t('guestLayout.header', { title })}</p>
          <Tools>
            <LanguageSwitch />
            <Link to="/">{t('guestLayout.toTop')}</Link>
          </Tools>
        </HeaderInner>
      </Header>
      <Container as="main" id="main" paddingTop={4} paddingBottom={7}>
        <FadeOutlet />
      </Container>
    </>
  );
}
