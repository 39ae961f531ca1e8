import { useMemo } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { useHttp } from '../api/HttpContext';
import { useLoad } from '../useLoad';
import { LineButton } from './LineButton';
import { lineApi } from './line-login';
import { useLineRedirect } from './useLineRedirect';

const Box = styled.div`
  display: grid;
  gap: var(--space-2);
  padding-top: var(--space-4);
  border-top: 1px solid var(--color-border);

  p {
    margin: 0;
    color: var(--color-text-muted, inherit);
    font-size: var(--font-size-sm);
  }
`;

/** "LINEでログイン" under the member login form, shown when the server has LINE Login. */
export function LineLoginEntry() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => lineApi(http), [http]);
  const availability = useLoad(() => api.available(), [api]);
  const { pending, start } = useLineRedirect(api.startLogin);

  if (availability.status !== 'ready' || !availability.data.available) return null;

  return (
    <Box>
      <p>{t('line.loginHelp')}</p>
      <LineButton label={t('line.loginButton')} pendingLabel={t('line.moving')} isPending={pending} onPress={() => void start()} />
    </Box>
  );
}
