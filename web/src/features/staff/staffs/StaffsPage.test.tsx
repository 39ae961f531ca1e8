import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile, type FakeHandler } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const staff = (id: string, name: string, priority: number, extra: Record<string, unknown> = {}) => ({
  id,
  employeeNumber: `E${id}`,
  email: `${id}@example.jp`,
  name,
  role: 'STAFF',
  clinicId: 'c1',
  priority,
  menuIds: [],
  hasPassword: true,
  ...extra,
});

function api(routes: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN' }) },
    'GET /api/staffs/clinics': { body: clinics },
    'GET /api/admin/staffs': { body: [staff('1', '田中 一郎', 0), staff('2', '鈴木 二郎', 1)] },
    'GET /api/staffs/menu-categories': { body: [{ id: 'k1', clinicId: 'c1', name: '脱毛', displayOrder: 0 }] },
    'GET /api/staffs/menus': {
      body: [
        { id: 'm1', clinicId: 'c1', categoryId: 'k1', name: '全身脱毛', displayOrder: 0, enabled: true },
        { id: 'm2', clinicId: 'c1', categoryId: 'k1', name: '顔脱毛', displayOrder: 1, enabled: true },
      ],
    },
    'GET /api/staffs/schedules': { body: [] },
    'GET /api/staffs/blocks': { body: [] },
    ...routes,
  });
}

const bodyOf = (call: { init: RequestInit }) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

// Whole-app renders with many form interactions: slow on a shared machine.
describe('staff page', { timeout: 20_000 }, () => {
  it('lists the staff in priority order and moves one down with the button', async () => {
    const user = userEvent.setup();
    const fake = api({
      'PUT /api/admin/staffs/1/priority': { body: [staff('2', '鈴木 二郎', 0), staff('1', '田中 一郎', 1)] },
    });
    renderApp('/staff/staffs/', fake);
    const list = await screen.findByRole('grid', { name: 'スタッフ一覧（優先順）' });
    expect(
      within(list)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('田中 一郎'), expect.stringContaining('鈴木 二郎')]);
    await user.click(screen.getByRole('button', { name: '田中 一郎を1つ下へ' }));
    expect(await screen.findByText('優先順を更新しました。')).toBeInTheDocument();
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(bodyOf(put!)).toEqual({ priority: 1 });
    expect(within(list).getAllByRole('row')[0]).toHaveTextContent('鈴木 二郎');
  });

  it('adds staff without a password and shows the invitation URL; STAFF_EXISTS goes next to the fields', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fake = api({
      'POST /api/admin/staffs': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 409, body: { error: { code: 'STAFF_EXISTS', message: '同じ社員番号またはメールアドレスのスタッフがすでに登録されています。' } } }
          : {
              status: 201,
              body: {
                ...staff('3', '佐々木 三郎', 2, { hasPassword: false }),
                invitationUrl: 'http://x/common/password/register/?token=abc',
                invitationExpiresAt: '2026-12-08T10:00:00+09:00',
              },
            };
      },
    });
    renderApp('/staff/staffs/', fake);
    await user.click(await screen.findByRole('button', { name: 'スタッフを追加' }));
    const dialog = await screen.findByRole('dialog', { name: 'スタッフを追加' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('全ての項目に正しく値を入力してください。')).toBeInTheDocument();
    expect(within(dialog).getByText('社員番号を入力してください。')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /社員番号/ }), 'E3');
    await user.type(within(dialog).getByRole('textbox', { name: /メールアドレス/ }), 'e3@example.jp');
    await user.type(within(dialog).getByRole('textbox', { name: /氏名/ }), '佐々木 三郎');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findAllByText('同じ社員番号またはメールアドレスのスタッフがすでに登録されています。')).not.toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: /社員番号/ })).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    const invitation = await screen.findByRole('dialog', { name: '招待URL' });
    expect(within(invitation).getByRole('textbox', { name: 'パスワード登録用URL' })).toHaveValue('http://x/common/password/register/?token=abc');
    const post = fake.calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(bodyOf(post)).toEqual({ employeeNumber: 'E3', email: 'e3@example.jp', name: '佐々木 三郎', role: 'STAFF', clinicId: 'c1', doctor: false });
  });

  it('offers a clinic ADMIN the two-factor reset of its own STAFF only, and never the ADMIN role (issue 16)', async () => {
    const user = userEvent.setup();
    const fake = api({ 'GET /api/admin/staffs': { body: [staff('1', '田中 一郎', 0), staff('2', '院長 二郎', 1, { role: 'ADMIN' })] } });
    renderApp('/staff/staffs/', fake);
    const list = await screen.findByRole('grid', { name: 'スタッフ一覧（優先順）' });
    await user.click(within(list).getByRole('row', { name: /田中 一郎/ }));
    expect(await screen.findByRole('button', { name: '2段階認証をリセット' })).toBeInTheDocument();
    await user.click(within(list).getByRole('row', { name: /院長 二郎/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '2段階認証をリセット' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'スタッフを追加' }));
    const dialog = await screen.findByRole('dialog', { name: 'スタッフを追加' });
    await user.click(within(dialog).getByRole('button', { name: /権限/ }));
    const roles = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(roles).toContain('スタッフ');
    expect(roles).not.toContain('管理者');
  });

  it('asks before deleting and shows IN_USE', async () => {
    const user = userEvent.setup();
    renderApp(
      '/staff/staffs/',
      api({ 'DELETE /api/admin/staffs/1': { status: 409, body: { error: { code: 'IN_USE', message: '使用中のため削除できません。' } } } }),
    );
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: '削除' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('田中 一郎さんを削除します。よろしいですか？');
    await user.click(within(confirm).getByRole('button', { name: 'はい' }));
    expect(await screen.findByText('使用中のため削除できません。')).toBeInTheDocument();
  });

  it('saves the menus a staff member performs, grouped by category', async () => {
    const user = userEvent.setup();
    const fake = api({ 'PUT /api/staffs/1/menus': { body: staff('1', '田中 一郎', 0, { menuIds: ['m2'] }) } });
    renderApp('/staff/staffs/', fake);
    await user.click(await screen.findByRole('tab', { name: '施術メニュー' }));
    const group = await screen.findByRole('group', { name: '脱毛' });
    await user.click(within(group).getByRole('checkbox', { name: '顔脱毛' }));
    await user.click(screen.getByRole('button', { name: '施術メニューを保存' }));
    expect(await screen.findByText('施術メニューを更新しました。')).toBeInTheDocument();
    expect(bodyOf(fake.calls.find((c) => c.method === 'PUT')!)).toEqual({ menuIds: ['m2'] });
  });

  it('registers a month of schedules with the bulk form and reports skipped dates', async () => {
    const user = userEvent.setup();
    const fake = api({
      'POST /api/staffs/schedules/bulk': {
        status: 201,
        body: { created: 20, skipped: [{ date: '2026-05-04', reason: 'HOLIDAY', message: '休診日のため登録しませんでした。' }] },
      },
    });
    renderApp('/staff/staffs/', fake);
    await user.click(await screen.findByRole('tab', { name: '勤務' }));
    expect(await screen.findByText(/この月の勤務は登録されていません。/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'まとめて登録' }));
    const dialog = await screen.findByRole('dialog', { name: '勤務をまとめて登録' });
    await user.click(within(dialog).getByRole('button', { name: '休憩を追加' }));
    await user.click(within(dialog).getByRole('button', { name: '登録する' }));
    expect(await within(dialog).findByText('休憩の開始時刻と終了時刻を選択してください。')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '休憩1を削除' }));
    await user.click(within(dialog).getByRole('button', { name: '登録する' }));
    expect(await within(dialog).findByText('20件の勤務を登録しました。')).toBeInTheDocument();
    expect(within(dialog).getByText('5月4日（月）：休診日のため登録しませんでした。')).toBeInTheDocument();
    const body = bodyOf(fake.calls.find((c) => c.url.includes('/bulk'))!);
    expect(body).toMatchObject({ staffId: '1', weekdays: [1, 2, 3, 4, 5], start: '10:00', end: '19:00', breaks: [], skipHolidays: true });
  });

  it('shows the break-overlap refusal of a block', async () => {
    const user = userEvent.setup();
    renderApp(
      '/staff/staffs/',
      api({
        'POST /api/staffs/blocks': {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: '全ての項目に正しく値を入力してください。',
              fields: [{ path: 'startsAt', message: '休憩時間と重なっています。' }],
            },
          },
        },
      }),
    );
    await user.click(await screen.findByRole('tab', { name: '予約ブロック' }));
    expect(await screen.findByText('今後の予約ブロックはありません。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '予約ブロックを追加' }));
    expect(await screen.findByText('開始時刻を選択してください。')).toBeInTheDocument();
  });
});
