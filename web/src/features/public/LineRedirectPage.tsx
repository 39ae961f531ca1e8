import { Callout, Heading, Inline, LinkList, PageHeader, Spinner, Stack, useMessages } from '@clinic/ui-kit';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useT, type MessageKey } from '../../i18n';
import { useHttp } from '../../shared/api/HttpContext';
import { HttpError } from '../../shared/api/http';
import { callbackParams, finishOnce, lineErrorKey } from '../../shared/line/line-login';
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
  const [state, setState] = useState<State>({ status: 'checking' });
  const title = t('line.redirect.title');
  useDocumentTitle(title);

  // What follows the server's answer reads the latest translations, messages and navigation,
  // but only a new callback address (or HTTP client) sends the request again.
  const fail = useEffectEvent((key: MessageKey | null, error?: unknown) => {
    const text = key ? t(key) : error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
    setState({ status: 'failed', text });
  });
  const finished = useEffectEvent((done: { purpose: string; redirectTo: string }) => {
    messages.show({ text: t(done.purpose === 'link' ? 'line.redirect.linked' : 'line.redirect.loggedIn'), tone: 'success' });
    void navigate(done.redirectTo, { replace: true });
  });
  useEffect(() => {
    const params = callbackParams(location.search);
    if (!params.state && !params.code && !params.error) {
      fail('line.redirect.errors.missing');
      return;
    }
    let active = true;
    finishOnce(http, params).then(
      (done) => active && finished(done),
      (error: unknown) => active && fail(lineErrorKey(error), error),
    );
    return () => {
      active = false;
    };
  }, [http, location.search]);

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
