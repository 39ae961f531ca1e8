import type { Analytics } from './analytics.port';

export const PAGE_VIEWS_URL = '/api/page-views';

/**
 * Default adapter: the first-party endpoint, so funnel reports need no third party.
 * `keepalive` lets the last event of a page survive navigation away; failures are ignored.
 */
export function createHttpAnalytics(fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): Analytics {
  return {
    pageView(event) {
      try {
        void fetchImpl(PAGE_VIEWS_URL, {
          method: 'POST',
          credentials: 'include',
          keepalive: true,
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
          body: JSON.stringify(event),
        }).catch(() => undefined);
      } catch {
        // Analytics must never break the page.
      }
    },
  };
}

/** For tests and for builds without analytics. */
export const noopAnalytics: Analytics = { pageView: () => undefined };
