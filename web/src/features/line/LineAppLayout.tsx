import { Container, PlainButton, Spinner } from '@clinic/ui-kit';
import type { LineAppSessionJson } from '@clinic/contract';
import { useCallback, useState } from 'react';
import { NavLink, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { showLanguage, useT } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { lineApp } from '../../shared/api/endpoints';
import { HttpError } from '../../shared/api/http';
import { useApi } from '../../shared/api/HttpContext';
import { FadeOutlet } from '../../shared/ui/FadeOutlet';
import { useLoad, useReloadKey } from '../../shared/useLoad';
import { LinkButton } from '../../shared/ui/LinkButton';
import { Actions, Alert, Lead } from '../guest/guest.styles';
import { LineAppContext } from './LineAppContext';
import { startLiff } from './liff';

/** A darker LINE green for the header: white text on it keeps a contrast of at least 4.5:1 (LINE's own #06c755 gives 2:1). */
const Header = styled.header`
  background: #00803a;
  color: #fff;
`;

const HeaderInner = styled.div`
  max-width: 640px;
  margin: 0 auto;
  padding: var(--space-2) var(--space-3) 0;
  p {
    margin: 0 0 var(--space-2);
    font-size: var(--font-size-md);
    font-weight: 700;
  }
`;

const Tabs = styled.nav`
  display: flex;
  gap: var(--space-1);
  a {
    flex: 1;
    display: grid;
    place-items: center;
    min-height: 44px;
    color: #fff;
    font-weight: 700;
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }
  a[aria-current='page'] {
    border-bottom-color: #fff;
  }
  a:focus-visible {
    outline: 2px solid #fff;
    outline-offset: -4px;
  }
`;

/**
 * The words for a failed start: a refusal of the server in the words of its one error table (in
 * LINE's language: LINE_APP_NOT_FOUND, LINE_UNAVAILABLE…), but for a token LINE refused (401) and
 * anything without a code (LIFF itself failed, no answer, a 500) the app's own words: open the
 * app from LINE again (the HTTP client's 401 notice speaks of a login, which the app has none of).
 */
const refusalText = (error: unknown): string | null =>
  error instanceof HttpError && error.code && error.serverMessage && error.status !== 401 && error.status !== 500 ? error.serverMessage : null;

type State =
  | { kind: 'loading' }
  | { kind: 'outside'; language: Language }
  | { kind: 'failed'; text: string | null; language: Language | null }
  | { kind: 'ready'; session: LineAppSessionJson; language: Language };

/**
 * LIFF is initialised once per page load, whatever remounts the layout (a navigation between the
 * app's pages): later mounts take the first one's outcome, with its LINE user and language.
 */
let started: Promise<State> | null = null;

/**
 * The LINE app's frame (`/line/app/`, LIFF's endpoint URL): initialises LIFF (its SDK is loaded on
 * this route only), shows LINE's language, sends LIFF's ID token to the server (which verifies it
 * at LINE) and then shows the booking and "my bookings" pages, sized for LINE's in-app browser.
 * Opened outside LINE it says so and links to the web booking.
 */
export function LineAppLayout() {
  const t = useT();
  // The page shows the refusals itself (notifyErrors: false): no toast over the LIFF start.
  const api = useApi({ lineApp }).lineApp;
  const [search] = useSearchParams();
  const [attempt, again] = useReloadKey();
  // The address's query is read once: LIFF adds its own parameters to it.
  const [initialSearch] = useState(() => new URLSearchParams(search));

  const loaded = useLoad(
    () => {
      started ??= (async (): Promise<State> => {
        const config = await api.config({}, { notifyErrors: false });
        const liff = await startLiff(config, initialSearch);
        // LINE's language from here on: the server answers the session (and any refusal) in it.
        await showLanguage(liff.language);
        if (!liff.inClient || !liff.idToken) return { kind: 'outside', language: liff.language };
        try {
          return { kind: 'ready', session: await api.session({ body: { idToken: liff.idToken } }, { notifyErrors: false }), language: liff.language };
        } catch (error) {
          return { kind: 'failed', text: refusalText(error), language: liff.language };
        }
      })().catch((error: unknown): State => ({ kind: 'failed', text: refusalText(error), language: null }));
      return started.then(async (outcome) => {
        // A failed start is tried afresh by the retry.
        if (outcome.kind === 'failed') started = null;
        if (outcome.kind !== 'loading' && outcome.language) await showLanguage(outcome.language);
        return outcome;
      });
    },
    [api, initialSearch],
    { reloadKey: attempt },
  );
  const state: State =
    loaded.status === 'ready' ? loaded.data : loaded.status === 'failed' ? { kind: 'failed', text: null, language: null } : { kind: 'loading' };

  const retry = useCallback(() => {
    started = null;
    again();
  }, [again]);

  let body;
  if (state.kind === 'loading') body = <Spinner label={t('lineApp.loading')} />;
  else if (state.kind === 'outside') {
    body = (
      <section aria-labelledby="line-outside-heading">
        <h1 id="line-outside-heading">{t('lineApp.outside.title')}</h1>
        <Lead>{t('lineApp.outside.body')}</Lead>
        <Actions>
          <LinkButton to="/guest/reserve/" data-variant="primary">
            {t('lineApp.outside.web')}
          </LinkButton>
        </Actions>
      </section>
    );
  } else if (state.kind === 'failed') {
    body = (
      <>
        <Alert role="alert">{state.text ?? t('lineApp.failed')}</Alert>
        <Actions>
          <PlainButton onPress={retry}>{t('lineApp.retry')}</PlainButton>
        </Actions>
      </>
    );
  } else {
    body = (
      <LineAppContext.Provider value={state.session}>
        <FadeOutlet />
      </LineAppContext.Provider>
    );
  }

  return (
    <>
      <Header>
        <HeaderInner>
          <p>{t('lineApp.header')}</p>
          {state.kind === 'ready' && (
            <Tabs aria-label={t('lineApp.header')}>
              <NavLink to="/line/app/" end>
                {t('lineApp.book')}
              </NavLink>
              <NavLink to="/line/app/reservations/">{t('lineApp.bookings')}</NavLink>
            </Tabs>
          )}
        </HeaderInner>
      </Header>
      <Container as="main" id="main" width="medium" paddingTop={3} paddingBottom={6}>
        {body}
      </Container>
    </>
  );
}
