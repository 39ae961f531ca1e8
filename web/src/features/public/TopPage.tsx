import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { externalLinks } from '../../shared/config/links';
import { AnchorButton, LinkButton } from '../../shared/ui/LinkButton';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { SimpleShell } from '../../shared/ui/SimpleShell';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';

const Hero = styled.section`
  display: grid;
  gap: var(--space-2);
  margin-bottom: var(--space-5);

  h1 {
    margin: 0;
    font-size: var(--font-size-xl);
  }
  p {
    margin: 0;
    color: var(--color-muted);
  }
`;

const Actions = styled.nav`
  display: grid;
  gap: var(--space-3);
  grid-template-columns: 1fr;
  margin-bottom: var(--space-6);

  @media (min-width: 768px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Promo = styled.a`
  display: grid;
  gap: var(--space-1);
  padding: var(--space-5) var(--space-4);
  margin-bottom: var(--space-5);
  border-radius: var(--radius-lg);
  background: linear-gradient(120deg, var(--color-primary-soft), var(--color-surface));
  border: 1px solid var(--color-border);
  color: var(--color-text);
  text-decoration: none;
  box-shadow: var(--shadow-sm);

  strong {
    font-size: var(--font-size-lg);
    color: var(--color-primary);
  }
  &:hover {
    box-shadow: var(--shadow-md);
  }
  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

const External = styled.section`
  h2 {
    font-size: var(--font-size-md);
    margin: 0 0 var(--space-2);
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: var(--space-2);
  }
  a {
    color: var(--color-primary);
  }
`;

const StaffLink = styled.p`
  margin: var(--space-6) 0 0;
  text-align: right;
  font-size: var(--font-size-sm);

  a {
    color: var(--color-muted);
  }
`;

/** The chain's landing page: first visit, member login, LINE login, staff, external links. */
export function TopPage() {
  const t = useT();
  useDocumentTitle(t('top.title'));
  const newTab = t('app.externalLinkNote');
  return (
    <SimpleShell>
      <Hero>
        <LanguageSwitch className="language-switch" />
        <h1>{t('top.title')}</h1>
        <p>{t('top.lead')}</p>
      </Hero>
      <Actions aria-label={t('top.title')}>
        <LinkButton to="/guest/reserve/" data-variant="primary">
          {t('top.firstVisit')}
        </LinkButton>
        <LinkButton to="/user/login/" data-variant="secondary">
          {t('top.memberLogin')}
        </LinkButton>
        <AnchorButton href={externalLinks.lineLogin} data-variant="line">
          {t('top.lineLogin')}
        </AnchorButton>
      </Actions>
      <Promo href={externalLinks.promo} target="_blank" rel="noopener noreferrer">
        <strong>{t('top.promo')}</strong>
        <span>{t('top.promoNote')}</span>
        <VisuallyHidden>{newTab}</VisuallyHidden>
      </Promo>
      <External>
        <h2>{t('top.externalHeading')}</h2>
        <ul>
          <li>
            <a href={externalLinks.homepage} target="_blank" rel="noopener noreferrer">
              {t('top.homepage')}
              {newTab}
            </a>
          </li>
          <li>
            <a href={externalLinks.guestRegistration} target="_blank" rel="noopener noreferrer">
              {t('top.guestRegistration')}
              {newTab}
            </a>
          </li>
        </ul>
      </External>
      <StaffLink>
        <Link to="/staff/login/">{t('top.staff')}</Link>
      </StaffLink>
    </SimpleShell>
  );
}
