import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

/**
 * `/guest/reservations/confirm/?token=…`: the link of a guest's reminder. Opening it confirms
 * nothing (a mail scanner opens links too); the guest presses 「来院します」.
 */
describe('guest visit confirmation page', () => {
  afterEach(() => vi.unstubAllGlobals());

  const open = (confirm: { status?: number; body: unknown }) => {
    const fake = fakeApi({ 'PUT /api/guests/reservations/confirm': confirm, 'POST /api/page-views': { status: 204 } });
    vi.stubGlobal('fetch', fake.fetch);
    renderApp('/guest/reservations/confirm/?token=guest-token-1234567890', { fetch: fake.fetch });
    return fake;
  };

  it('confirms only when the guest presses 来院します, with the token, and shows the date, time and menu', async () => {
    const user = userEvent.setup();
    const fake = open({
      body: {
        id: '900',
        status: 'RESERVED',
        startsAt: '2026-12-03T11:00:00+09:00',
        endsAt: '2026-12-03T12:00:00+09:00',
        clinicId: '7',
        menus: [{ id: '11', name: '新規カウンセリング' }],
        confirmedAt: '2026-12-02T18:05:00+09:00',
      },
    });
    const button = await screen.findByRole('button', { name: '来院します' }, { timeout: 10_000 });
    expect(screen.getByText('ご予約の日時にご来院いただける場合は、下のボタンを押してください。')).toBeTruthy();
    // Opening the page (what a link scanner does) sent nothing.
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.click(button);
    expect(await screen.findByText('ご来院の確認を承りました', {}, { timeout: 10_000 })).toBeTruthy();
    const shown = screen.getByTestId('visit-confirmed');
    expect(shown.textContent).toContain('新規カウンセリング');
    expect(shown.textContent).toContain('11:00');
    expect(shown.textContent).toContain('12:00');
    const puts = fake.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(String(puts[0]!.init.body))).toEqual({ token: 'guest-token-1234567890' });
  });

  it('shows the refusal with the clinic phone to call', async () => {
    const user = userEvent.setup();
    open({
      status: 409,
      body: {
        error: {
          code: 'VISIT_NOT_CONFIRMABLE',
          message: 'この予約はご来院の確認ができません。キャンセル済みか、予約の時刻を過ぎています。ご不明な点はクリニックへお電話ください。',
          detail: { status: 'CANCELLED', phone: '03-1234-5678' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '来院します' }, { timeout: 10_000 }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('ご来院の確認ができません');
    expect(alert.querySelector('a[href="tel:0312345678"]')).not.toBeNull();
  });
});
