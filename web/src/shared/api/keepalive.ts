import type { RouteDefinition, RouteEndpoint, RouteInput } from '@clinic/contract';
import { urlOf } from './api';

/**
 * Sends a route's JSON body with `keepalive`, so that it survives the page being left (the last
 * page view of a page); the answer and any failure are ignored. For what must not wait on or
 * disturb the page, such as analytics: everything else goes through the API client.
 */
export function sendKeepalive<R extends RouteDefinition>(
  endpoint: RouteEndpoint<R>,
  body: RouteInput<R> extends { body: infer B } ? B : never,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): void {
  try {
    void fetchImpl(urlOf(endpoint), {
      method: endpoint[0].toUpperCase(),
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // Never breaks the page.
  }
}
