import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

/** `/guest/reservations/confirm/?token=…`: the link of a guest's reminder confirms on opening. */
describe('guest visit confirmation page', () => {
  afterEach(() => vi.unstubAllGlobals());

  const open = (confirm: { status?: number; body: unknown }) => {
    const fake = fakeApi({ 'PUT /api/guests/reservations/confirm': confirm, 'POST /api/page-views': { status: 204 } });
    vi.stubGlobal('fetch', fake.fetch);
    renderApp('/guest/reservations/confirm/?token=guest-token-1234567890', { fetch: fake.fetch });
    return fake;
  };

  it('confirms with the token and shows the date, time and menu', async () => {
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
    expect(await screen.findByText('ご来院の確認を承りました', {}, { timeout: 10_000 })).toBeTruthy();
    const shown = screen.getByTestId('visit-confirmed');
    expect(shown.textContent).toContain('新規カウンセリング');
    expect(shown.textContent).toContain('11:00');
    expect(shown.textContent).toContain('12:00');
    const puts = fake.calls.filter((c) => c.method === 'PUT');
    expect(puts.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(String(puts[0]!.init.body))).toEqual({ token: 'guest-token-1234567890' });
  });

  it('shows the refusal with the clinic phone to call', async () => {
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
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('ご来院の確認ができません');
    expect(alert.querySelector('a[href="tel:0312345678"]')).not.toBeNull();
  });
});
