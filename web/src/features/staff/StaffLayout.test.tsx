import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile } from '../../test/fake-api';
import { heldMessageTimer, renderApp } from '../../test/render-app';

function staffApi(profile = staffProfile()) {
  return fakeApi({
    'GET /api/staffs/profile': { body: profile },
    'GET /api/staffs/clinics': { body: clinics },
    'POST /api/logout': { status: 204 },
  });
}

const header = () => document.querySelector('header[data-tone]');
// The desktop nav is hidden by CSS below 768 px and jsdom applies no media queries, so it is
// inaccessible (no name) here: find it by its label attribute and include hidden elements.
const desktopNav = () => document.querySelector<HTMLElement>('nav[aria-label="スタッフメニュー"]')!;
const navLabels = () =>
  within(desktopNav())
    .getAllByRole('link', { hidden: true })
    .map((a) => a.textContent);

describe('staff layout', () => {
  it('shows the staff name, the clinics as 〜院 and the nav without 管理者 for STAFF', async () => {
    renderApp('/staff/calendar/', staffApi());
    expect(await screen.findByRole('heading', { level: 1, name: '予約' })).toBeInTheDocument();
    expect(screen.getByText('山田 花子 さん')).toBeInTheDocument();
    expect(navLabels()).toEqual(['新着', '予約', '会員', '送信履歴', 'スタッフ', '設備', 'メニュー', 'レポート', '設定']);
    // Own clinic selected by default: primary header.
    expect(header()).toHaveAttribute('data-tone', 'primary');
    expect(screen.getAllByText('新宿院').length).toBeGreaterThan(0);
  });

  it('shows 管理者 last for ADMIN', async () => {
    renderApp('/staff/update/', staffApi(staffProfile({ role: 'ADMIN' })));
    await screen.findByRole('heading', { level: 1, name: '新着' });
    expect(navLabels()).toEqual(['新着', '予約', '会員', '送信履歴', 'スタッフ', '設備', 'メニュー', 'レポート', '設定', '管理者']);
  });

  it('uses the secondary tone on another clinic, and primary for head-office staff', async () => {
    const first = renderApp('/staff/calendar/?clinicId=c2', staffApi());
    await screen.findByRole('heading', { level: 1, name: '予約' });
    expect(header()).toHaveAttribute('data-tone', 'secondary');
    first.unmount();

    renderApp('/staff/calendar/?clinicId=c2', staffApi(staffProfile({ clinicId: null })));
    await screen.findByRole('heading', { level: 1, name: '予約' });
    expect(header()).toHaveAttribute('data-tone', 'primary');
  });

  it('keeps the selected clinic in the nav links', async () => {
    renderApp('/staff/calendar/?clinicId=c2', staffApi());
    await screen.findByRole('heading', { level: 1, name: '予約' });
    const link = within(desktopNav()).getByRole('link', { name: '会員', hidden: true });
    expect(link).toHaveAttribute('href', '/staff/users/?clinicId=c2');
  });

  it('not logged in: to the staff login with the auth error', async () => {
    const api = fakeApi({ 'GET /api/staffs/profile': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: '' } } } });
    // The message is shown for 2 s: held here, so a slow machine still finds it on the login page.
    const messages = heldMessageTimer();
    const { router } = renderApp('/staff/users/', { ...api, messageTimer: messages.timer });
    expect(await screen.findByRole('heading', { level: 1, name: 'スタッフログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/login/');
    expect(screen.getByText('ログインの有効期限が切れたか、ログインしていません。もう一度ログインしてください。')).toBeInTheDocument();
    // The clinics are not asked for without a session, and one message is shown despite StrictMode.
    expect(api.calls.filter((c) => c.url === '/api/staffs/clinics')).toHaveLength(0);
    expect(screen.getAllByText(/ログインの有効期限が切れた/)).toHaveLength(1);
    // Its time passes: it is gone.
    messages.elapse();
    expect(screen.queryByText(/ログインの有効期限が切れた/)).not.toBeInTheDocument();
  });

  it('logout asks for confirmation, then logs out and goes to the staff login', async () => {
    const user = userEvent.setup();
    const api = staffApi();
    const { router } = renderApp('/staff/calendar/', api);
    await screen.findByRole('heading', { level: 1, name: '予約' });

    await user.click(screen.getByRole('button', { name: 'ログアウト' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('ログアウトします。よろしいですか？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'いいえ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.url === '/api/logout')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'ログアウト' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'はい' }));
    await screen.findByRole('heading', { level: 1, name: 'スタッフログイン' });
    expect(router.state.location.pathname).toBe('/staff/login/');
    expect(screen.getByText('ログアウトしました。')).toBeInTheDocument();
    const logout = api.calls.find((c) => c.url === '/api/logout')!;
    expect(logout.method).toBe('POST');
    expect((logout.init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('opens the navigation in a drawer titled メニュー', async () => {
    const user = userEvent.setup();
    renderApp('/staff/calendar/', staffApi());
    await screen.findByRole('heading', { level: 1, name: '予約' });
    await user.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
    expect(within(drawer).getAllByRole('link')).toHaveLength(9);
    await user.click(within(drawer).getByRole('link', { name: '会員' }));
    expect(await screen.findByRole('heading', { level: 1, name: '会員' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'メニュー' })).not.toBeInTheDocument());
  });
});

describe('admin-required page', () => {
  it('sends a STAFF to the staff login with the auth error', async () => {
    const { router } = renderApp('/admin/settings/', staffApi());
    await screen.findByRole('heading', { level: 1, name: 'スタッフログイン' });
    expect(router.state.location.pathname).toBe('/staff/login/');
    expect(screen.getAllByText(/ログインの有効期限が切れた/)).toHaveLength(1);
  });

  it('lets an ADMIN in', async () => {
    renderApp('/admin/settings/', staffApi(staffProfile({ role: 'ADMIN' })));
    expect(await screen.findByRole('heading', { level: 1, name: '管理者設定' })).toBeInTheDocument();
  });

  it('admin clinic pages are open to STAFF', async () => {
    const { router } = renderApp('/admin/clinic/menus/', staffApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'メニュー' })).toBeInTheDocument();
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/admin/clinic/menus/');
  });
});
