import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Analytics, PageViewEvent } from '../shared/analytics';
import { renderApp } from '../test/render-app';

function fakeAnalytics() {
  const events: PageViewEvent[] = [];
  const analytics: Analytics = { pageView: vi.fn((event: PageViewEvent) => void events.push(event)), step: vi.fn() };
  return { analytics, events };
}

describe('page views', () => {
  it('sends exactly one event per route change, in StrictMode', async () => {
    const { analytics, events } = fakeAnalytics();
    const { router } = renderApp('/?utm_campaign=spring', { analytics });
    await screen.findByRole('heading', { level: 1, name: 'ご予約・会員ページ' });
    // The tracker sends from a passive effect, which may run after the heading is painted.
    await waitFor(() => expect(events).toEqual([{ path: '/', audience: 'public', campaign: 'spring' }]));

    await act(() => router.navigate('/guest/reserve/?title=%E8%84%B1%E6%AF%9B'));
    await screen.findByText('脱毛のご予約');
    await act(() => router.navigate('/guest/reserve/done'));
    await screen.findByRole('heading', { level: 1, name: 'ご予約完了' });

    await waitFor(() =>
      expect(events).toEqual([
        { path: '/', audience: 'public', campaign: 'spring' },
        { path: '/guest/reserve/', audience: 'guest', referrer: '/' },
        { path: '/guest/reserve/done/', audience: 'guest', referrer: '/guest/reserve/' },
      ]),
    );
  });

  it('does not count a query change on the same route', async () => {
    const { analytics, events } = fakeAnalytics();
    const { router } = renderApp('/guest/reserve/', { analytics });
    await screen.findByText('新規カウンセリングのご予約');
    await act(() => router.navigate('/guest/reserve/?title=%E3%82%B7%E3%83%9F'));
    await screen.findByText('シミのご予約');
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ path: '/guest/reserve/' });
  });

  it('never sends the query (it may carry tokens)', async () => {
    const { analytics, events } = fakeAnalytics();
    renderApp('/guest/reserve/cancel/?token=secret', { analytics });
    await screen.findByRole('heading', { level: 1, name: 'ご予約のキャンセル' });
    await waitFor(() => expect(events).toHaveLength(1));
    expect(JSON.stringify(events)).not.toContain('secret');
    expect(events[0]).toMatchObject({ path: '/guest/reserve/cancel/', audience: 'guest' });
  });
});
