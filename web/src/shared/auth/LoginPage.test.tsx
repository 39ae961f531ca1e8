import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('login pages', () => {
  it('staff: prefixes the id, submits on Enter, and goes to the calendar', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/login': { body: { type: 'staff', id: 's1', name: '山田', role: 'STAFF' } },
      'GET /api/staffs/profile': { body: { id: 's1', name: '山田', role: 'STAFF', clinicId: 'c1' } },
      'GET /api/staffs/clinics': { body: [{ id: 'c1', name: '新宿', hokenCategoryId: null, webBookingEnabled: true }] },
    });
    const { router } = renderApp('/staff/login/', api);
    const id = await screen.findByLabelText(/社員番号またはメールアドレス/);
    expect(id).toHaveAttribute('autocomplete', 'username');
    const password = screen.getByLabelText(/^パスワード/, { selector: 'input' });
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.type(id, ' 1001 ');
    await user.type(password, 'secret{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: '予約' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/calendar/');
    const login = api.calls.find((c) => c.url === '/api/login')!;
    expect(login.init.body).toBe('username=staff1001&password=secret');
    expect((login.init.headers as Record<string, string>)['X-Requested-With']).toBeUndefined();
  });

  it('member: wrong credentials show the message beside the form and as a message', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/login': {
        status: 401,
        body: { error: { code: 'INVALID_CREDENTIALS', message: 'IDまたはパスワードに誤りがあります。' } },
      },
    });
    const { router } = renderApp('/user/login/', api);
    await user.type(await screen.findByLabelText(/診察券番号またはメールアドレス/), 'taro@example.jp');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(await screen.findAllByText('IDまたはパスワードに誤りがあります。')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/user/login/');
    expect(api.calls.find((c) => c.url === '/api/login')!.init.body).toBe('username=usertaro%40example.jp&password=nope');
  });

  it('member: not fully registered shows the server message', async () => {
    const user = userEvent.setup();
    const text = '仮会員のためログインできません。ご来院時に本登録をお願いします。';
    const api = fakeApi({ 'POST /api/login': { status: 403, body: { error: { code: 'NOT_FULLY_REGISTERED', message: text } } } });
    renderApp('/user/login/', api);
    await user.type(await screen.findByLabelText(/診察券番号またはメールアドレス/), '000123');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'pw{Enter}');
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
  });

  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp('/staff/login/', api);
    await user.click(await screen.findByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('社員番号またはメールアドレスを入力してください。')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください。')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
