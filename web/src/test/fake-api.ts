import { vi } from 'vitest';

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type FakeHandler = FakeReply | ((init: RequestInit, url: string) => FakeReply);

/**
 * A `fetch` that answers `METHOD /path` (query ignored) from a table; anything else is a 404.
 * `calls` records what the app sent.
 */
export function fakeApi(routes: Record<string, FakeHandler>) {
  const calls: { method: string; url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url, init });
    const path = url.split('?')[0] ?? url;
    const handler = routes[`${method} ${path}`];
    const reply: FakeReply = handler
      ? typeof handler === 'function'
        ? handler(init, url)
        : handler
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'not found' } } };
    const status = reply.status ?? 200;
    if (status === 204 || reply.body === undefined) return new Response(null, { status });
    return new Response(JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

export const staffProfile = (overrides: Record<string, unknown> = {}) => ({
  id: 's1',
  name: '山田 花子',
  role: 'STAFF',
  clinicId: 'c1',
  ...overrides,
});

export const clinics = [
  { id: 'c1', name: '新宿', hokenCategoryId: null, webBookingEnabled: true },
  { id: 'c2', name: '渋谷', hokenCategoryId: 'h2', webBookingEnabled: true },
];
