import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const profile = { id: 'u1', name: '佐藤 太郎', userNumber: '000123', clinicId: 'c2' };
const clinic = (overrides: Record<string, unknown> = {}) => ({
  id: 'c2',
  name: '渋谷',
  hokenCategoryId: 'h2',
  webBookingEnabled: true,
  phone: '03-0000-0000',
  ...overrides,
});

function memberApi(clinicOverrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/users/profile': { body: profile },
    'GET /api/users/clinics/c2': { body: clinic(clinicOverrides) },
    'POST /api/logout': { status: 204 },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('member layout', () => {
  it('shows card number, name 様 and clinic 院, and the menu in a drawer', async () => {
    const user = userEvent.setup();
    renderApp('/user/mypage/update/', memberApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ' })).toBeInTheDocument();
    expect(screen.getByText('診察券番号 000123')).toBeInTheDocument();
    expect(screen.getByText('佐藤 太郎 様')).toBeInTheDocument();
    expect(screen.getByText('渋谷院')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
    const links = within(drawer).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'お知らせ',
      '契約／ご予約の確認',
      '契約メニューのご予約',
      '新規メニューのご予約',
      '保険診療メニューのご予約',
      '会員情報の変更',
      'ログアウト',
    ]);
    expect(within(drawer).getByRole('link', { name: '保険診療メニューのご予約' })).toHaveAttribute('href', '/user/mypage/reserve/?clinicId=c2&categoryId=h2');
    expect(within(drawer).getByRole('link', { name: 'お知らせ' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(drawer).getByRole('link', { name: '契約メニューのご予約' }));
    expect(await screen.findByRole('heading', { level: 1, name: '契約メニューのご予約' })).toBeInTheDocument();
  });

  it('hides the insurance menu when the clinic has no insurance category', async () => {
    const user = userEvent.setup();
    renderApp('/user/mypage/services/', memberApi({ hokenCategoryId: null }));
    await screen.findByRole('heading', { level: 1, name: '契約／ご予約の確認' });
    await user.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
    expect(within(drawer).queryByRole('link', { name: '保険診療メニューのご予約' })).not.toBeInTheDocument();
  });

  it('web booking disabled: the error for 3 s, then the top page after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderApp('/user/mypage/update/', memberApi({ webBookingEnabled: false }));
    expect(await screen.findByText(/現在Web予約を受け付けておりません/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'お知らせ' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/mypage/update/');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ご予約・会員ページ' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(/現在Web予約を受け付けておりません/)).not.toBeInTheDocument();
  });

  it('not logged in: to the member login with the auth error', async () => {
    const api = fakeApi({ 'GET /api/users/profile': { status: 401 } });
    const { router } = renderApp('/user/mypage/settings/', api);
    expect(await screen.findByRole('heading', { level: 1, name: '会員ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login/');
    expect(screen.getByText(/ログインの有効期限が切れた/)).toBeInTheDocument();
  });

  it('403 on the profile: "not authenticated" and the member login', async () => {
    const api = fakeApi({ 'GET /api/users/profile': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'x' } } } });
    const { router } = renderApp('/user/mypage/update/', api);
    expect(await screen.findByText('認証されていないため、再度ログインしてください。')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login/');
  });

  it('/user/mypage/logout/ logs out and goes to the member login', async () => {
    const api = memberApi();
    const { router } = renderApp('/user/mypage/logout/', api);
    expect(await screen.findByRole('heading', { level: 1, name: '会員ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login/');
    expect(screen.getByText('ログアウトしました。')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/logout')).toHaveLength(1);
  });
});
