import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_SESSION_KEY, createHttpAnalytics, PAGE_VIEWS_URL } from './http-analytics.adapter';

function fakeStore() {
  const values = new Map<string, string>();
  return { values, getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

function fakeFetch() {
  const bodies: Record<string, unknown>[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    expect(url).toBe(PAGE_VIEWS_URL);
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(null, { status: 204 });
  });
  return { bodies, fetchImpl: fetchImpl as unknown as typeof fetch };
}

describe('funnel step events', () => {
  it('sends each step once per session, with the session id of the page views and only ids', () => {
    const store = fakeStore();
    const { bodies, fetchImpl } = fakeFetch();
    const analytics = createHttpAnalytics(fetchImpl, store);
    analytics.pageView({ path: '/guest/reserve/', audience: 'guest' });
    analytics.step({ funnel: 'guest-booking', step: 'clinic-chosen', clinicId: '3' });
    analytics.step({ funnel: 'guest-booking', step: 'slot-chosen', clinicId: '3' });
    // Back to step 2 and forward again, another clinic: the step is not sent twice.
    analytics.step({ funnel: 'guest-booking', step: 'slot-chosen', clinicId: '4' });
    analytics.step({ funnel: 'guest-booking', step: 'details-entered', clinicId: '4' });
    analytics.step({ funnel: 'guest-booking', step: 'booked', clinicId: '4' });
    analytics.step({ funnel: 'guest-booking', step: 'booked', clinicId: '4' });

    const sessionId = store.values.get(ANALYTICS_SESSION_KEY);
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const step = (name: string, clinicId: string) => ({ path: '/guest/reserve/', audience: 'guest', sessionId, funnel: 'guest-booking', step: name, clinicId });
    expect(bodies).toEqual([
      { path: '/guest/reserve/', audience: 'guest', sessionId },
      step('clinic-chosen', '3'),
      step('slot-chosen', '3'),
      step('details-entered', '4'),
      step('booked', '4'),
    ]);
  });

  it('remembers the sent steps across a remount or reload of the same tab (StrictMode, F5)', () => {
    const store = fakeStore();
    const { bodies, fetchImpl } = fakeFetch();
    // StrictMode may build the provider's value twice; a reload builds a new adapter: same tab storage.
    const first = createHttpAnalytics(fetchImpl, store);
    const second = createHttpAnalytics(fetchImpl, store);
    first.step({ funnel: 'guest-booking', step: 'slot-chosen', clinicId: '1' });
    second.step({ funnel: 'guest-booking', step: 'slot-chosen', clinicId: '1' });
    second.pageView({ path: '/guest/reserve/done/', audience: 'guest' });
    expect(bodies.map((body) => body.step ?? body.path)).toEqual(['slot-chosen', '/guest/reserve/done/']);
    expect(new Set(bodies.map((body) => body.sessionId)).size).toBe(1);
  });

  it('starts a new session in a new tab', () => {
    const { bodies, fetchImpl } = fakeFetch();
    createHttpAnalytics(fetchImpl, fakeStore()).step({ funnel: 'guest-booking', step: 'booked', clinicId: '1' });
    createHttpAnalytics(fetchImpl, fakeStore()).step({ funnel: 'guest-booking', step: 'booked', clinicId: '1' });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.sessionId).not.toBe(bodies[1]!.sessionId);
  });

  it('never throws, even when the storage and the network fail', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const failing = (() => {
      throw new Error('offline');
    }) as unknown as typeof fetch;
    const analytics = createHttpAnalytics(failing, broken);
    expect(() => analytics.step({ funnel: 'guest-booking', step: 'booked', clinicId: '1' })).not.toThrow();
    expect(() => analytics.pageView({ path: '/', audience: 'public' })).not.toThrow();
  });
});
