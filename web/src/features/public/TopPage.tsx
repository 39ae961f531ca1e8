import { Grid, Heading, LinkList, Stack, Text, VisuallyHidden } from '@clinic/ui-kit';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { externalLinks } from '../../shared/config/links';
import { AnchorButton, LinkButton } from '../../shared/ui/LinkButton';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { SimpleShell } from '../../shared/ui/SimpleShell';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';

const Promo = styled.a`
  display: grid;
  gap: var(--space-1);
  padding: var(--space-5) var(--space-4);
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

const StaffLink = styled.p`
  margin: 0;
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
      <Stack gap={6}>
        <Stack gap={5}>
          <Stack as="section" gap={2}>
            <LanguageSwitch className="language-switch" />
            <Heading level={1}>{t('top.title')}</Heading>
            <Text tone="muted">{t('top.lead')}</Text>
          </Stack>
          <Grid as="nav" gap={3} aria-label={t('top.title')}>
            <LinkButton to="/guest/reserve/" data-variant="primary">
              {t('top.firstVisit')}
            </LinkButton>
            <LinkButton to="/user/login/" data-variant="secondary">
              {t('top.memberLogin')}
            </LinkButton>
            <AnchorButton href={externalLinks.lineLogin} data-variant="line">
              {t('top.lineLogin')}
            </AnchorButton>
          </Grid>
        </Stack>
        <Stack gap={5}>
          <Promo href={externalLinks.promo} target="_blank" rel="noopener noreferrer">
            <strong>{t('top.promo')}</strong>
            <span>{t('top.promoNote')}</span>
            <VisuallyHidden>{newTab}</VisuallyHidden>
          </Promo>
          <Stack as="section" gap={2}>
            <Heading level={2} size="md">
              {t('top.externalHeading')}
            </Heading>
            <LinkList>
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
            </LinkList>
          </Stack>
        </Stack>
        <StaffLink>
          <Link to="/staff/login/">{t('top.staff')}</Link>
        </StaffLink>
      </Stack>
    </SimpleShell>
  );
}
