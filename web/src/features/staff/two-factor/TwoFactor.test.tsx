import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const tooLate = { error: { code: 'TWO_FACTOR_SETUP_REQUIRED', message: '2段階認証の設定が必要です。設定画面から設定してください。' } };

describe('two-factor login in the web app', () => {
  it('login: asks for the code after TWO_FACTOR_REQUIRED and sends it with the password', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = fakeApi({
      'POST /api/login': () =>
        ++attempts === 1
          ? { status: 401, body: { error: { code: 'TWO_FACTOR_REQUIRED', message: '確認コードを入力してください。' } } }
          : { body: { type: 'staff', id: 's1', name: '山田', role: 'ADMIN' } },
      'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN' }) },
      'GET /api/staffs/two-factor': { body: { enabled: true, required: true, deadline: null, recoveryCodesLeft: 10 } },
      'GET /api/staffs/clinics': { body: clinics },
    });
    const { router } = renderApp('/staff/login/', api);
    await user.type(await screen.findByLabelText(/社員番号またはメールアドレス/), 'A0001');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'secret{Enter}');

    const code = await screen.findByLabelText(/^確認コード/, { selector: 'input' });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'リカバリーコードを使う' }));
    expect(screen.getByLabelText(/^確認コード/, { selector: 'input' })).toHaveAttribute('inputmode', 'text');
    await user.type(screen.getByLabelText(/^確認コード/, { selector: 'input' }), 'k7m2p-x9q4r{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: '予約' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/calendar/');
    const logins = api.calls.filter((c) => c.url === '/api/login');
    expect(logins[1]!.init.body).toBe('username=staffA0001&password=secret&code=k7m2p-x9q4r');
  });

  it('layout: shows the deadline banner during the grace period with a link to the setup page', async () => {
    const api = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN' }) },
      'GET /api/staffs/two-factor': { body: { enabled: false, required: true, deadline: '2026-12-08T09:00:00+09:00', recoveryCodesLeft: 0 } },
      'GET /api/staffs/clinics': { body: clinics },
    });
    renderApp('/staff/calendar/', api);
    const banner = await screen.findByRole('status', { name: '' });
    expect(banner).toHaveTextContent('2段階認証の設定期限は 2026年12月8日 9:00 です。');
    expect(within(banner).getByRole('link', { name: '今すぐ設定する' })).toHaveAttribute('href', '/staff/two-factor/');
  });

  it('layout: past the grace period, opens only the setup page, and the setup shows the QR and the secret', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN' }) },
      'GET /api/staffs/two-factor': { body: { enabled: false, required: true, deadline: '2020-01-08T09:00:00+09:00', recoveryCodesLeft: 0 } },
      'GET /api/staffs/clinics': { status: 403, body: tooLate },
      'POST /api/staffs/two-factor/setup': {
        body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x:A0001?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
      },
      'POST /api/staffs/two-factor/activate': (init) =>
        JSON.parse(String(init.body)).code === '123456'
          ? { body: { recoveryCodes: Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`) } }
          : {
              status: 400,
              body: {
                error: {
                  code: 'INVALID_TWO_FACTOR_CODE',
                  message: '確認コードが正しくありません。',
                  fields: [{ path: 'code', message: '確認コードが正しくありません。' }],
                },
              },
            },
    });
    const { router } = renderApp('/staff/calendar/', api);
    expect(await screen.findByRole('heading', { level: 1, name: '2段階認証' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/two-factor/');
    // Nothing else to reach: no navigation, no clinic picker, the own-clinic header.
    expect(screen.queryByRole('button', { name: 'メニューを開く' })).not.toBeInTheDocument();
    expect(document.querySelector('header[data-tone]')).toHaveAttribute('data-tone', 'primary');
    expect(await screen.findByText(/設定期限（2020年1月8日 9:00）を過ぎました。/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: '設定を始める' }));
    expect(await screen.findByRole('img', { name: '認証アプリに登録するQRコード' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^確認コード/, { selector: 'input' }), '000000');
    await user.click(screen.getByRole('button', { name: '有効にする' }));
    expect(await screen.findByText('確認コードが正しくありません。')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^確認コード/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^確認コード/, { selector: 'input' }), '123456');
    await user.click(screen.getByRole('button', { name: '有効にする' }));
    const codes = await screen.findByRole('list', { name: 'リカバリーコード' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('このコードはこの一度しか表示されません。')).toBeInTheDocument();
  });
});
