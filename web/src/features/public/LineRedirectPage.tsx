import { Callout, Heading, Inline, LinkList, PageHeader, Spinner, Stack, useMessages } from '@clinic/ui-kit';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n';
import { useHttp } from '../../shared/api/HttpContext';
import { callbackParams, finishOnce, lineFailureText, type LineFinished } from '../../shared/line/line-login';
import { useLoad } from '../../shared/useLoad';
import { SimpleShell } from '../../shared/ui/SimpleShell';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';

type State = { status: 'checking' } | { status: 'failed'; text: string };

/** /common/line-redirect/: LINE sends the browser back here; the server finishes the link or the login. */
export function LineRedirectPage() {
  const t = useT();
  const http = useHttp();
  const messages = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const title = t('line.redirect.title');
  useDocumentTitle(title);

  // One POST per callback address (`finishOnce`); nothing to send without LINE's answer in it.
  const params = useMemo(() => callbackParams(location.search), [location.search]);
  const missing = !params.state && !params.code && !params.error;
  const finish = useLoad(() => (missing ? Promise.resolve(null) : finishOnce(http, params)), [http, params, missing]);

  // What follows the server's answer reads the latest translations, messages and navigation.
  const finished = useEffectEvent((done: LineFinished) => {
    messages.show({ text: t(done.purpose === 'link' ? 'line.redirect.linked' : 'line.redirect.loggedIn'), tone: 'success' });
    void navigate(done.redirectTo, { replace: true });
  });
  const done = finish.status === 'ready' ? finish.data : null;
  useEffect(() => {
    if (done) finished(done);
  }, [done]);

  const state: State = missing
    ? { status: 'failed', text: t('line.redirect.missing') }
    : finish.status === 'failed'
      ? { status: 'failed', text: lineFailureText(finish.error, t) }
      : { status: 'checking' };

  return (
    <SimpleShell narrow>
      <PageHeader title={title} />
      {state.status === 'checking' ? (
        <Inline role="status">
          <Spinner label={t('line.redirect.checking')} />
          {t('line.redirect.checking')}
        </Inline>
      ) : (
        <Stack gap={4}>
          <Heading level={2}>{t('line.redirect.failedTitle')}</Heading>
          <Callout as="p" role="alert">
            {state.text}
          </Callout>
          <LinkList>
            <li>
              <Link to="/user/login/">{t('line.redirect.toLogin')}</Link>
            </li>
            <li>
              <Link to="/user/mypage/settings/">{t('line.redirect.toSettings')}</Link>
            </li>
            <li>
              <Link to="/">{t('line.redirect.toTop')}</Link>
            </li>
          </LinkList>
        </Stack>
      )}
    </SimpleShell>
  );
}
