import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { TWO_FACTOR_SETUP_PATH } from '../../../shared/api/http';
import { formatDeadline, type TwoFactorStatus } from './two-factor.api';

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: var(--space-2) var(--space-4);
  margin: 0 0 var(--space-4);
  padding: var(--space-3) var(--space-4);
  border: 1px solid var(--color-warning);
  border-radius: var(--radius-md);
  color: var(--color-warning);
  background: var(--color-warning-soft);

  p {
    margin: 0;
    flex: 1 1 280px;
  }

  a {
    color: inherit;
    font-weight: 700;
  }
`;

/** Inside the grace period without two-factor login: the deadline and the way to set it up. */
export function TwoFactorBanner({ status }: { status: TwoFactorStatus }) {
  const t = useT();
  if (!status.required || status.enabled || !status.deadline) return null;
  return (
    <Banner role="status">
      <p>{t('twoFactor.banner.text', { deadline: formatDeadline(status.deadline) })}</p>
      <Link to={TWO_FACTOR_SETUP_PATH}>{t('twoFactor.banner.link')}</Link>
    </Banner>
  );
}
