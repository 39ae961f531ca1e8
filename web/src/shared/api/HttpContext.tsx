import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '@clinic/ui-kit';
import { translate } from '../../i18n';
import { createApi, type Api, type EndpointGroups } from './api';
import { createHttpClient, type HttpClient } from './http';

const HttpContext = createContext<HttpClient | null>(null);

/**
 * Binds the HTTP client to the app: notices go to the ui-kit's message area (which lives above
 * the router, so a message survives the redirect it announces), redirects go through the router.
 * Lives inside the router's root route; `fetch` lets a test answer the calls.
 */
export function HttpProvider({ children, fetch }: { children: ReactNode; fetch?: typeof globalThis.fetch }) {
  const navigate = useNavigate();
  const messages = useMessages();
  const latest = useRef({ navigate, messages });
  latest.current = { navigate, messages };

  const value = useMemo(
    () =>
      createHttpClient({
        t: translate,
        notify: ({ text, durationMs }) => latest.current.messages.show({ text, tone: 'error', durationMs }),
        redirect: (path) => void latest.current.navigate(path),
        fetch,
      }),
    [fetch],
  );
  return <HttpContext.Provider value={value}>{children}</HttpContext.Provider>;
}

/**
 * The API client of the given groups of the route table (api.ts):
 * `useApi({ reservations }).reservations.book({ body })`. The groups are module constants of
 * endpoints.ts: the client is made once per HTTP client.
 */
export function useApi<G extends EndpointGroups>(groups: G): Api<G> {
  const http = useHttp();
  const first = useRef(groups);
  return useMemo(() => createApi(http, first.current), [http]);
}

/** The HTTP client under the API client; pages call `useApi(…)` (a route of the table) instead. */
export function useHttp(): HttpClient {
  const client = useContext(HttpContext);
  if (!client) throw new Error('useHttp must be used inside <HttpProvider>');
  return client;
}
