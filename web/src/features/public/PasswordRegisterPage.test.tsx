import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const bodyOf = (call: { init: RequestInit }) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

describe('password registration for members', { timeout: 20_000 }, () => {
  it('shows whom the token is for, sets the password and goes to the member login', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      'GET /api/guests/users': { body: { name: '佐藤 太郎', userNumber: '100001', expiresAt: '2026-12-02T10:00:00+09:00' } },
      'PUT /api/guests/users': { body: { id: 'u1', userNumber: '100001' } },
    });
    const { router } = renderApp('/common/password/register/?token=tok-123456&audience=user', fake);
    expect(await screen.findByText('佐藤 太郎 様（診察券番号 100001）')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^新しいパスワード(?!（)/, { selector: 'input' }), 'member-pass-1');
    await user.type(screen.getByLabelText(/確認/, { selector: 'input' }), 'member-pass-1');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByRole('heading', { level: 1, name: '会員ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login/');
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/guests/users');
    expect(bodyOf(put!)).toEqual({ token: 'tok-123456', password: 'member-pass-1' });
  });

  it('a reset link uses update-password; an expired token says so and blocks the form', async () => {
    const fake = fakeApi({
      'GET /api/guests/users': { status: 400, body: { error: { code: 'TOKEN_EXPIRED', message: 'URLの有効期限が切れています。' } } },
    });
    renderApp('/common/password/register/?token=tok-123456&audience=user&purpose=reset', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '会員パスワード再設定' })).toBeInTheDocument();
    expect(await screen.findByText('URLの有効期限が切れています。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登録する' })).toBeDisabled();
  });
});
