import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createHttpAnalytics } from '../../shared/analytics';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

/**
 * 新規予約ファネル: the guest page, in StrictMode, sends each step once through the real HTTP
 * analytics adapter (session kept in a memory store), with ids only — never the query string nor
 * anything the guest typed — and going back and forth sends no step twice.
 */
const tomorrowAt10 = (): string => {
  const tokyo = new Date(Date.now() + 9 * 3_600_000 + 86_400_000);
  return new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), tokyo.getUTCDate(), 1, 0)).toISOString();
};

function setUp() {
  const startsAt = tomorrowAt10();
  const endsAt = new Date(Date.parse(startsAt) + 30 * 60_000).toISOString();
  const fake = fakeApi({
    'GET /api/guests/clinics': { body: [{ id: '7', name: '渋谷', phone: '03-1234-5678' }] },
    'GET /api/guests/menu-categories': { body: [{ id: '1', name: 'カウンセリング', displayOrder: 1 }] },
    'GET /api/guests/menus': {
      body: [{ id: '11', clinicId: '7', categoryId: '1', name: '新規カウンセリング', displayOrder: 1, kind: 'NEW', durationMinutes: 30 }],
    },
    'POST /api/guests/reservations/search-available': { body: { slots: [{ startsAt, endsAt }] } },
    'POST /api/guests/reservations': {
      status: 201,
      body: { id: '900', startsAt, endsAt, clinicId: '7', menus: [{ id: '11', name: '新規カウンセリング' }], cancelToken: 'tok' },
    },
    'POST /api/page-views': { status: 204 },
  });
  const values = new Map<string, string>();
  const store = { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
  const analytics = createHttpAnalytics(fake.fetch, store);
  const sent = () =>
    fake.calls.filter((c) => c.method === 'POST' && c.url === '/api/page-views').map((c) => JSON.parse(String(c.init.body)) as Record<string, string>);
  return { fake, analytics, sent };
}

describe('guest booking funnel steps', () => {
  it('sends clinic-chosen, slot-chosen, details-entered and booked once each, with ids only', async () => {
    const user = userEvent.setup();
    const { fake, analytics, sent } = setUp();
    renderApp('/guest/reserve/?utm_campaign=spring&title=%E8%84%B1%E6%AF%9B', { fetch: fake.fetch, analytics });

    await user.click(await screen.findByRole('button', { name: '渋谷院' }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: /^新規カウンセリング/ }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: '次へ' }));
    const times = await screen.findByTestId('guest-times', {}, { timeout: 10_000 });
    await user.click(within(times).getAllByRole('button')[0]!);
    await user.click(screen.getByRole('button', { name: '次へ' }));
    // Back to the time, forward again: slot-chosen is not sent twice.
    await screen.findByLabelText(/^お名前/, {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: '戻る' }));
    await user.click(within(await screen.findByTestId('guest-times', {}, { timeout: 10_000 })).getAllByRole('button')[0]!);
    await user.click(screen.getByRole('button', { name: '次へ' }));
    await user.type(await screen.findByLabelText(/^お名前/, {}, { timeout: 10_000 }), '山田 花子');
    await user.type(screen.getByLabelText(/^フリガナ/), 'ヤマダ ハナコ');
    await user.type(screen.getByLabelText(/^電話番号/), '090-1234-5678');
    await user.type(screen.getByLabelText(/^メールアドレス/), 'hanako@example.jp');
    await user.click(screen.getByRole('button', { name: '次へ' }));
    await user.click(await screen.findByRole('button', { name: '予約する' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { level: 1, name: 'ご予約完了' }, { timeout: 10_000 });

    await waitFor(() => expect(sent().some((body) => body.path === '/guest/reserve/done/')).toBe(true));
    const events = sent();
    const sessionId = events[0]!.sessionId;
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const step = (name: string) => ({ path: '/guest/reserve/', audience: 'guest', sessionId, funnel: 'guest-booking', step: name, clinicId: '7' });
    expect(events.filter((body) => body.step)).toEqual([step('clinic-chosen'), step('slot-chosen'), step('details-entered'), step('booked')]);
    expect(new Set(events.map((body) => body.sessionId))).toEqual(new Set([sessionId]));
    const text = JSON.stringify(events);
    for (const secret of ['山田', 'ヤマダ', '090-1234', 'hanako', '?', 'title=', 'tok']) expect(text).not.toContain(secret);
  }, 60_000);
});
