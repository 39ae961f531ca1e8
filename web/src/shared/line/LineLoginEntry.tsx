import { useMessages } from '@clinic/ui-kit';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { useHttp } from '../api/HttpContext';
import { HttpError } from '../api/http';
import { useLoad } from '../useLoad';
import { LineButton } from './LineButton';
import { lineApi, lineErrorKey } from './line-login';

const Box = styled.div`
  display: grid;
  gap: var(--space-2);
  margin-top: var(--space-4);
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
  const messages = useMessages();
  const availability = useLoad(() => api.available(), [api]);
  const [pending, setPending] = useState(false);

  if (availability.status !== 'ready' || !availability.data.available) return null;

  async function start() {
    setPending(true);
    try {
      const { authorizationUrl } = await api.startLogin();
      window.location.assign(authorizationUrl);
    } catch (error) {
      const key = lineErrorKey(error);
      messages.show({ text: key ? t(key) : error instanceof HttpError ? error.notice.text : t('errors.http.unexpected'), tone: 'error', durationMs: 5_000 });
      setPending(false);
    }
  }

  return (
    <Box>
      <p>{t('line.loginHelp')}</p>
      <LineButton label={t('line.loginButton')} pendingLabel={t('line.moving')} isPending={pending} onPress={() => void start()} />
    </Box>
  );
}
