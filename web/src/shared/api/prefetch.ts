/**
 * GET answers started before the page that needs them has loaded: `main.tsx` starts the first
 * page's data while the router still loads the page's chunk, and the HTTP client takes the
 * answer instead of asking again (once). Overlaps the last step of the guest booking page's
 * waterfall (docs/benchmarks.md, "Guest booking page budget").
 */
const started = new Map<string, Promise<Response>>();

/** Starts `GET url` now, as the HTTP client would send it. */
export function prefetchGet(url: string, timeoutMs = 30_000): void {
  if (started.has(url) || typeof fetch !== 'function') return;
  const answer = fetch(url, {
    method: 'GET',
    headers: { Accept: 'application/json' },
    credentials: 'include',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // Nobody may take it (the page changed): that must not be an unhandled rejection.
  answer.catch(() => undefined);
  started.set(url, answer);
}

/** The answer `prefetchGet(url)` started, once; `undefined` when there is none (left). */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}

/** The data of the page at `pathname`, started before its chunk has loaded. */
export function prefetchForPage(pathname: string): void {
  if (/^\/guest\/reserve\/?$/.test(pathname)) prefetchGet('/api/guests/clinics');
}
