import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile, type FakeHandler } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { searchQuery } from './StaffUsersPage';
import { pageCount } from './users.api';

const member = (id: string, name: string, kana: string, extra: Record<string, unknown> = {}) => ({
  id,
  userNumber: `1000${id}`,
  name,
  kana,
  phone: '090-1234-5678',
  email: null,
  birthday: null,
  gender: null,
  clinicId: 'c1',
  clinicName: '新宿',
  status: 'FULL',
  hasPassword: false,
  hasLine: false,
  language: 'ja',
  introducerUserId: null,
  introducerUserNumber: null,
  introducerName: null,
  giftCount: 0,
  externalMemberId: null,
  tagIds: [],
  lastVisitAt: null,
  createdAt: '2026-11-01T10:00:00+09:00',
  ...extra,
});

const details = (m: ReturnType<typeof member>) => ({
  member: m,
  reservations: [
    {
      id: 'r1',
      clinicId: 'c1',
      userId: m.id,
      status: 'VISITED',
      source: 'STAFF',
      menuIds: ['m1'],
      menus: [{ id: 'm1', name: 'ハイフ' }],
      startsAt: '2026-11-20T10:00:00+09:00',
      endsAt: '2026-11-20T11:00:00+09:00',
      tasks: [],
      createdAt: '',
      cancelledAt: null,
      memo: '',
      campaign: null,
      user: { id: m.id, name: m.name, kana: m.kana, userNumber: m.userNumber },
    },
  ],
  contracts: [],
  checkItems: [{ id: 'ci1', userId: m.id, conditionId: 'cc1', conditionName: '同意書', checked: false, checkedAt: null, checkedBy: null, note: '' }],
  tags: [],
  noShowCount: 2,
  bookingRestriction: { restricted: true, reason: '無断キャンセルが直近180日間に2回あります。', since: '2026-11-20T10:00:00+09:00', by: null },
});

function api(routes: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/staffs/profile': { body: staffProfile() },
    'GET /api/staffs/clinics': { body: clinics },
    'GET /api/staffs/tags': { body: [{ id: 't1', name: 'VIP', displayOrder: 0 }] },
    'GET /api/staffs/users/advanced-search': { body: { items: [member('1', '山田 花子', 'ヤマダ ハナコ')], total: 1, page: 1, pageSize: 20 } },
    'GET /api/staffs/users/1/with-details': { body: details(member('1', '山田 花子', 'ヤマダ ハナコ')) },
    ...routes,
  });
}

const bodyOf = (call: { init: RequestInit }) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

describe('staff users units', () => {
  it('builds the search query for the selected clinic or every clinic', () => {
    const filters = { keyword: ' ヤマダ ', tagId: '', lastVisitFrom: '2026-01-01', lastVisitTo: '', allClinics: false };
    expect(searchQuery(filters, 'c1', 2)).toEqual({
      keyword: 'ヤマダ',
      tagId: undefined,
      lastVisitFrom: '2026-01-01',
      lastVisitTo: undefined,
      clinicId: 'c1',
      page: 2,
      pageSize: 20,
    });
    expect(searchQuery({ ...filters, allClinics: true }, 'c1', 1).clinicId).toBeUndefined();
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});

describe('staff users page', () => {
  it('searches by keyword, opens the member panel with history, ticks a check item', async () => {
    const user = userEvent.setup();
    const fake = api({
      'PUT /api/staffs/check-items/ci1': {
        body: {
          id: 'ci1',
          userId: '1',
          conditionId: 'cc1',
          conditionName: '同意書',
          checked: true,
          checkedAt: '2026-12-01T10:00:00+09:00',
          checkedBy: 's1',
          note: '',
        },
      },
    });
    renderApp('/staff/users/', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '会員' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /キーワード/ }), 'ヤマダ');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(
        fake.calls.some((c) => c.url.includes('advanced-search') && c.url.includes(`keyword=${encodeURIComponent('ヤマダ')}`) && c.url.includes('clinicId=c1')),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('button', { name: /山田 花子（ヤマダ ハナコ）/ }));
    const panel = await screen.findByRole('region', { name: '会員の詳細' });
    expect(await within(panel).findByText('10001')).toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: '予約' }));
    expect(await within(panel).findByText('ハイフ')).toBeInTheDocument();
    expect(within(panel).getByText('来院済み')).toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: 'チェック項目' }));
    await user.click(within(panel).getByRole('checkbox', { name: '同意書' }));
    expect(await screen.findByText('チェック項目を更新しました。')).toBeInTheDocument();
    expect(bodyOf(fake.calls.find((c) => c.method === 'PUT')!)).toEqual({ checked: true });
  });

  it("shows a visitor's name and international phone as they typed them, beside their language", async () => {
    const user = userEvent.setup();
    const visitor = member('1', 'Emily Clark', '', { phone: '+14155550123', language: 'en' });
    renderApp(
      '/staff/users/',
      api({
        'GET /api/staffs/users/advanced-search': { body: { items: [visitor], total: 1, page: 1, pageSize: 20 } },
        'GET /api/staffs/users/1/with-details': { body: details(visitor) },
      }),
    );
    await user.click(await screen.findByRole('button', { name: '検索' }));
    await user.click(await screen.findByRole('button', { name: /Emily Clark/ }));
    const panel = await screen.findByRole('region', { name: '会員の詳細' });
    expect(await within(panel).findByText('+14155550123')).toBeInTheDocument();
    expect(within(panel).getByText('言語').nextElementSibling).toHaveTextContent('英語（English）');
  });

  it('shows the no-shows and the online-booking restriction, and lifts it with a reason', async () => {
    const user = userEvent.setup();
    const fake = api({ 'PUT /api/staffs/users/1/booking-restriction': { status: 204 } });
    renderApp('/staff/users/', fake);
    await user.type(await screen.findByRole('textbox', { name: /キーワード/ }), 'ヤマダ');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await user.click(await screen.findByRole('button', { name: /山田 花子（ヤマダ ハナコ）/ }));
    const panel = await screen.findByRole('region', { name: '会員の詳細' });
    const section = await within(panel).findByTestId('booking-restriction');
    expect(within(section).getByText('制限中')).toBeInTheDocument();
    expect(within(section).getByText(/無断キャンセル（期間内）: 2回/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '制限を解除する' }));
    expect(await screen.findByText('理由を入力してください。')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: '設定・解除の理由' }), 'お電話で事情を伺いました');
    await user.click(within(section).getByRole('button', { name: '制限を解除する' }));
    expect(await screen.findByText('制限を解除しました。次の無断キャンセルまで有効です。')).toBeInTheDocument();
    expect(bodyOf(fake.calls.find((c) => c.method === 'PUT')!)).toEqual({ restricted: false, reason: 'お電話で事情を伺いました' });
  });

  it('clears the guest limit of the member after a confirmation, through the audited route', async () => {
    const user = userEvent.setup();
    const fake = api({ 'DELETE /api/staffs/users/1/guest-limit': { status: 204 } });
    renderApp('/staff/users/', fake);
    await user.type(await screen.findByRole('textbox', { name: /キーワード/ }), 'ヤマダ');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await user.click(await screen.findByRole('button', { name: /山田 花子（ヤマダ ハナコ）/ }));
    const panel = await screen.findByRole('region', { name: '会員の詳細' });
    const section = await within(panel).findByTestId('booking-restriction');
    await user.click(within(section).getByRole('button', { name: 'ゲスト予約の上限を解除する' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('今日のゲスト予約・キャンセル待ち登録の回数を消します。よろしいですか？');
    await user.click(within(dialog).getByRole('button', { name: 'いいえ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'ゲスト予約の上限を解除する' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'はい' }));
    expect(await screen.findByText('ゲスト予約の上限を解除しました。')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/staffs/users/1/guest-limit']);
  });

  it('creates a FULL member and shows the registration QR code with its url', async () => {
    const user = userEvent.setup();
    const created = member('2', '新規 会員', 'シンキ カイイン');
    const fake = api({
      'POST /api/staffs/users': { status: 201, body: created },
      'GET /api/staffs/users/2/with-details': { body: details(created) },
      'GET /api/staffs/users/2/registration-token': {
        body: { token: 'tok', expiresAt: '2026-12-02T10:00:00+09:00', url: 'http://x/common/password/register/?token=tok&audience=user' },
      },
    });
    renderApp('/staff/users/', fake);
    await user.click(await screen.findByRole('button', { name: '会員を登録' }));
    const dialog = await screen.findByRole('dialog', { name: '会員の登録' });
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(within(dialog).getByText('氏名を入力してください。')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^氏名/ }), '新規 会員');
    await user.type(within(dialog).getByRole('textbox', { name: /^フリガナ/ }), 'シンキ カイイン');
    await user.type(within(dialog).getByRole('textbox', { name: /^電話番号/ }), '090-1111-2222');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('会員を登録しました。')).toBeInTheDocument();
    expect(bodyOf(fake.calls.find((c) => c.method === 'POST')!)).toEqual({
      clinicId: 'c1',
      name: '新規 会員',
      kana: 'シンキ カイイン',
      phone: '090-1111-2222',
      email: null,
      birthday: null,
      gender: null,
      status: 'FULL',
    });
    const panel = await screen.findByRole('region', { name: '会員の詳細' });
    await user.click(await within(panel).findByRole('button', { name: '登録用QRコード' }));
    const qr = await screen.findByRole('dialog', { name: 'パスワード登録用QRコード' });
    expect(await within(qr).findByRole('img', { name: 'パスワード登録用QRコード' })).toBeInTheDocument();
    expect(within(qr).getByRole('link', { name: '登録用URL' })).toHaveAttribute('href', 'http://x/common/password/register/?token=tok&audience=user');
  });

  it('shows the member’s 送信履歴 in the panel, for the selected clinic', async () => {
    const user = userEvent.setup();
    const fake = api({
      'GET /api/staffs/messages': {
        body: [
          {
            id: 'm1',
            clinicId: 'c1',
            userId: '1',
            reservationId: 'r1',
            channel: 'MAIL',
            kind: 'CANCELLATION',
            status: 'SENT',
            to: 'hanako@example.jp',
            subject: null,
            scheduledAt: '2026-12-01T10:00:00+09:00',
            sentAt: '2026-12-01T10:00:02+09:00',
            createdAt: '2026-12-01T10:00:00+09:00',
            attempts: 1,
            lastError: null,
          },
        ],
      },
    });
    renderApp('/staff/users/', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '会員' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '検索' }));
    await user.click(await screen.findByRole('button', { name: /山田 花子（ヤマダ ハナコ）/ }));
    const panel = await screen.findByRole('region', { name: '会員の詳細' });
    await user.click(await within(panel).findByRole('tab', { name: '送信履歴' }));
    const row = await within(panel).findByTestId('message-row');
    expect(row).toHaveTextContent('キャンセル送信済みメール');
    expect(row).toHaveTextContent('宛先: hanako@example.jp ・ 送信: 2026/12/01 10:00 ・ 試行1回');
    expect(fake.calls.some((c) => c.url === '/api/staffs/messages?clinicId=c1&userId=1')).toBe(true);
  });
});
