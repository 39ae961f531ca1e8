import type { Input } from '../api/api';
import { operations } from '../api/endpoints';
import { sendKeepalive } from '../api/keepalive';
import type { Analytics } from './analytics.port';

/** Where page views go (POST /api/page-views). */
export const PAGE_VIEWS_URL = operations.pageView[1];
/** sessionStorage keys: the tab's random analytics session id and the funnel steps it has sent. */
export const ANALYTICS_SESSION_KEY = 'clinic.analytics.session';
export const ANALYTICS_STEPS_KEY = 'clinic.analytics.steps';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Memory only: used when sessionStorage is unavailable (private modes, tests without a DOM). */
const memoryStore = (): KeyValueStore => {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
};

const defaultStore = (): KeyValueStore => {
  try {
    return globalThis.sessionStorage ?? memoryStore();
  } catch {
    return memoryStore();
  }
};

/** 128 random bits, base64url: identifies the tab's visit, nothing about the person. */
function newSessionId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Default adapter: the first-party endpoint, so funnel reports need no third party.
 * `keepalive` lets the last event of a page survive navigation away; failures are ignored.
 * Every event carries the tab's analytics session id (kept in sessionStorage, so a reload is the
 * same session); funnel steps already sent in this session are not sent again.
 */
export function createHttpAnalytics(
  /** Tests pass their own; by default the browser's. */
  fetchImpl?: typeof fetch,
  store: KeyValueStore = defaultStore(),
): Analytics {
  const read = (key: string): string | null => {
    try {
      return store.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string) => {
    try {
      store.setItem(key, value);
    } catch {
      // A full or blocked storage: the session then lasts as long as this adapter.
    }
  };
  let sessionId: string | null = null;
  const session = (): string => {
    sessionId ??= read(ANALYTICS_SESSION_KEY);
    if (!sessionId || !/^[A-Za-z0-9_-]{16,64}$/.test(sessionId)) {
      sessionId = newSessionId();
      write(ANALYTICS_SESSION_KEY, sessionId);
    }
    return sessionId;
  };
  const sent = new Set<string>();
  // Analytics must never break the page: failures are ignored.
  const send = (body: Record<string, string>) => sendKeepalive(operations.pageView, body as Input<'operations', 'pageView'>['body'], fetchImpl);

  return {
    pageView(event) {
      send({ ...event, sessionId: session() } as Record<string, string>);
    },
    step(event) {
      try {
        const id = `${event.funnel}:${event.step}`;
        const stored: unknown = JSON.parse(read(ANALYTICS_STEPS_KEY) ?? '[]');
        const done = new Set([...sent, ...(Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [])]);
        if (done.has(id)) return;
        sent.add(id);
        write(ANALYTICS_STEPS_KEY, JSON.stringify([...done, id]));
        // Only ids: the funnel, the step, the clinic chosen and the session; the path has no query.
        send({ path: '/guest/reserve/', audience: 'guest', sessionId: session(), funnel: event.funnel, step: event.step, clinicId: event.clinicId });
      } catch {
        // Analytics must never break the page.
      }
    },
  };
}

/** For tests and for builds without analytics. */
export const noopAnalytics: Analytics = { pageView: () => undefined, step: () => undefined };
