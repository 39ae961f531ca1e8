import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../../test/fake-api';
import type { MemberReservation } from '../member.api';
import { renderApp } from '../../../test/render-app';
import { splitReservations } from './MemberServicesPage';
import { slotsByDay } from '../../../shared/booking';
import { contractChoices, reserveModeOf } from './reserve-model';

const NOW = new Date('2026-12-01T09:00:00+09:00');
const profile = { id: 'u1', name: '佐藤 太郎', userNumber: '100001', clinicId: 'c2' };
const clinic = { id: 'c2', name: '渋谷', hokenCategoryId: 'h2', webBookingEnabled: true, phone: '03-1111-2222' };

const reservation = (id: string, startsAt: string, status: MemberReservation['status'] = 'RESERVED', menu = 'ハイフ'): MemberReservation => ({
  id,
  clinicId: 'c2',
  userId: 'u1',
  status,
  source: 'WEB_MEMBER',
  menuIds: ['m1'],
  menus: [{ id: 'm1', name: menu }],
  startsAt,
  endsAt: startsAt.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
  tasks: [],
  createdAt: '2026-11-01T10:00:00+09:00',
  cancelledAt: null,
  confirmedAt: null,
});

function api(routes: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/users/profile': { body: profile },
    'GET /api/users/clinics/c2': { body: clinic },
    ...routes,
  });
}

/** A day of the shown month in the calendar grid (by its number). */
const dayButton = (grid: HTMLElement, day: string) =>
  within(grid)
    .getAllByRole('button')
    .find((b) => b.textContent === day && !b.hasAttribute('data-outside-month'));

const bodyOf = (call: { init: RequestInit }) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('member mypage units', () => {
  it('reads the mode from the query', () => {
    expect(reserveModeOf(new URLSearchParams('ekimu=true'))).toBe('contract');
    expect(reserveModeOf(new URLSearchParams('clinicId=c2&categoryId=h2'))).toBe('insurance');
    expect(reserveModeOf(new URLSearchParams('change=r1&ekimu=true'))).toBe('change');
    expect(reserveModeOf(new URLSearchParams(''))).toBe('new');
  });

  it('splits upcoming (RESERVED, not started, soonest first) from the history (newest first)', () => {
    const list = [
      reservation('a', '2026-12-05T10:00:00+09:00'),
      reservation('b', '2026-12-03T10:00:00+09:00'),
      reservation('c', '2026-11-20T10:00:00+09:00', 'VISITED'),
      reservation('d', '2026-12-04T10:00:00+09:00', 'CANCELLED'),
    ];
    const { upcoming, past } = splitReservations(list, NOW.getTime());
    expect(upcoming.map((r) => r.id)).toEqual(['b', 'a']);
    expect(past.map((r) => r.id)).toEqual(['d', 'c']);
  });

  it('groups slots by Tokyo day and merges contracts of one menu', () => {
    const days = slotsByDay([
      { startsAt: '2026-12-03T10:00:00+09:00', endsAt: '' },
      { startsAt: '2026-12-02T23:45:00+09:00', endsAt: '' },
      { startsAt: '2026-12-02T15:15:00.000Z', endsAt: '' },
    ]);
    expect([...days.keys()]).toEqual(['2026-12-02', '2026-12-03']);
    expect(days.get('2026-12-03')).toHaveLength(2);
    const choices = contractChoices([
      { id: 'k1', menu: { id: 'm1', name: 'ハイフ', clinicId: 'c2', categoryId: 'x' }, total: 5, used: 1, remaining: 4, expiresOn: '2027-01-01' },
      { id: 'k2', menu: { id: 'm1', name: 'ハイフ', clinicId: 'c2', categoryId: 'x' }, total: 3, used: 0, remaining: 3, expiresOn: null },
    ]);
    expect(choices).toEqual([expect.objectContaining({ id: 'm1', remaining: 7 })]);
  });
});

describe('member mypage', { timeout: 20_000 }, () => {
  it('announcements: the list, and the empty state', async () => {
    renderApp(
      '/user/mypage/update/',
      api({
        'GET /api/users/announcements': {
          body: [{ id: 'a1', clinicId: null, title: '年末年始の休診', body: '12月29日から休診します。', publishedFrom: '2026-11-30', publishedUntil: null }],
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: '年末年始の休診' })).toBeInTheDocument();
    expect(screen.getByText('12月29日から休診します。')).toBeInTheDocument();
  });

  it('services: contracts, upcoming and past in Japanese; cancel with confirmation goes to the done page', async () => {
    const user = userEvent.setup();
    const fake = api({
      'GET /api/users/contracts': {
        body: [
          {
            id: 'k1',
            userId: 'u1',
            menuId: 'm1',
            menuName: 'ハイフ 5回コース',
            clinicId: 'c2',
            sessionsTotal: 5,
            sessionsUsed: 1,
            sessionsRemaining: 4,
            expiresOn: '2027-06-30',
            createdAt: '',
          },
        ],
      },
      'GET /api/users/reservations': {
        body: [reservation('r1', '2026-12-03T10:00:00+09:00'), reservation('r0', '2026-11-20T10:00:00+09:00', 'VISITED', 'カウンセリング')],
      },
      'PUT /api/users/reservations/r1/cancel': { body: reservation('r1', '2026-12-03T10:00:00+09:00', 'CANCELLED') },
    });
    const { router } = renderApp('/user/mypage/services/', fake);
    expect(await screen.findByText('残り 4回 / 全5回')).toBeInTheDocument();
    expect(screen.getByText('ハイフ 5回コース')).toBeInTheDocument();
    const upcoming = screen.getByRole('list', { name: 'ご予約（これから）' });
    expect(within(upcoming).getByText('ご予約中')).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: '日時を変更' })).toHaveAttribute('href', '/user/mypage/reserve/?change=r1');
    expect(within(screen.getByRole('list', { name: 'ご予約の履歴' })).getByText('ご来院済み')).toBeInTheDocument();

    await user.click(within(upcoming).getByRole('button', { name: 'キャンセルする' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('「ハイフ」のご予約をキャンセルします。よろしいですか？');
    await user.click(within(dialog).getByRole('button', { name: 'はい' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'キャンセル完了' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/mypage/reserve/cancel/done/');
    expect(fake.calls.some((c) => c.method === 'PUT' && c.url === '/api/users/reservations/r1/cancel')).toBe(true);
  });

  it('services: after the cancel deadline, the message with the clinic phone', async () => {
    const user = userEvent.setup();
    renderApp(
      '/user/mypage/services/',
      api({
        'GET /api/users/contracts': { body: [] },
        'GET /api/users/reservations': { body: [reservation('r1', '2026-12-01T15:00:00+09:00')] },
        'PUT /api/users/reservations/r1/cancel': {
          status: 400,
          body: {
            error: {
              code: 'CANCEL_DEADLINE_PASSED',
              message: 'キャンセル期限を過ぎているため、Webではキャンセルできません。お手数ですがクリニックへお電話ください。',
            },
          },
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'キャンセルする' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'はい' }));
    const link = await screen.findByRole('link', { name: 'お電話: 03-1111-2222' });
    expect(link).toHaveAttribute('href', 'tel:0311112222');
    expect(screen.getByText('ご契約はありません。')).toBeInTheDocument();
  });

  it('books a contract menu: menu → day → time → confirm, with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const fake = api({
      'GET /api/users/menus/own-ekimu': {
        body: [{ id: 'k1', menu: { id: 'm1', name: 'ハイフ', clinicId: 'c2', categoryId: 'x' }, total: 5, used: 0, remaining: 5, expiresOn: null }],
      },
      'POST /api/users/reservations/search-available': {
        body: {
          slots: [
            { startsAt: '2026-12-03T10:00:00+09:00', endsAt: '2026-12-03T11:00:00+09:00' },
            { startsAt: '2026-12-03T11:00:00+09:00', endsAt: '2026-12-03T12:00:00+09:00' },
          ],
        },
      },
      'POST /api/users/reservations': { status: 201, body: reservation('r9', '2026-12-03T11:00:00+09:00') },
    });
    const { router } = renderApp('/user/mypage/reserve/?ekimu=true', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '契約メニューのご予約' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /ハイフ.*残り 5回/ }));
    const search = fake.calls.find((c) => c.url === '/api/users/reservations/search-available');
    expect(bodyOf(search!)).toEqual({ clinicId: 'c2', menuId: 'm1', from: '2026-12-01', to: '2026-12-30' });
    const grid = await screen.findByRole('grid');
    const day3 = dayButton(grid, '3');
    const day4 = dayButton(grid, '4');
    expect(day4).toHaveAttribute('aria-disabled', 'true');
    await user.click(day3!);
    await user.click(await screen.findByRole('button', { name: '11:00' }));
    expect(await screen.findByRole('heading', { name: /ご予約内容の確認/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'この内容で予約する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご予約完了' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/mypage/reserve/done/');
    const post = fake.calls.find((c) => c.method === 'POST' && c.url === '/api/users/reservations');
    expect(bodyOf(post!)).toEqual({ clinicId: 'c2', menuId: 'm1', startsAt: '2026-12-03T11:00:00+09:00' });
    expect((post!.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('a time taken meanwhile: back to the times of the same day, searched again, with the message, and a new Idempotency-Key', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fake = api({
      'GET /api/users/menus/own-ekimu': {
        body: [{ id: 'k1', menu: { id: 'm1', name: 'ハイフ', clinicId: 'c2', categoryId: 'x' }, total: 5, used: 0, remaining: 5, expiresOn: null }],
      },
      'POST /api/users/reservations/search-available': {
        body: {
          slots: [
            { startsAt: '2026-12-03T10:00:00+09:00', endsAt: '2026-12-03T11:00:00+09:00' },
            { startsAt: '2026-12-03T11:00:00+09:00', endsAt: '2026-12-03T12:00:00+09:00' },
          ],
        },
      },
      'POST /api/users/reservations': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 409, body: { error: { code: 'RESERVATION_CONFLICT', message: '指定いただいた日時の予約が埋まってしまいました。' } } }
          : { status: 201, body: reservation('r9', '2026-12-03T11:00:00+09:00') };
      },
    });
    renderApp('/user/mypage/reserve/?ekimu=true', fake);
    await user.click(await screen.findByRole('button', { name: /ハイフ.*残り 5回/ }));
    await user.click(dayButton(await screen.findByRole('grid'), '3')!);
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で予約する' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent?.includes('指定いただいた日時の予約が埋まってしまいました。'))).toBe(true);
    // The day stays chosen; its times come from a new search.
    const times = await screen.findByRole('group', { name: /の空き時間/ });
    expect(screen.queryByRole('heading', { name: /ご予約内容の確認/ })).not.toBeInTheDocument();
    await waitFor(() => expect(fake.calls.filter((c) => c.url === '/api/users/reservations/search-available')).toHaveLength(2));
    await user.click(within(times).getByRole('button', { name: '11:00' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で予約する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご予約完了' })).toBeInTheDocument();
    const keys = fake.calls
      .filter((c) => c.method === 'POST' && c.url === '/api/users/reservations')
      .map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('new menus: only NEW menus of the member clinic, grouped by category', async () => {
    renderApp(
      '/user/mypage/reserve/',
      api({
        'GET /api/users/menus': {
          body: [
            { id: 'm1', clinicId: 'c2', categoryId: 'k1', name: 'ハイフ', description: '', displayOrder: 0, kind: 'CONTRACT', price: 0, durationMinutes: 60 },
            {
              id: 'm2',
              clinicId: 'c2',
              categoryId: 'k1',
              name: '初回カウンセリング',
              description: '',
              displayOrder: 1,
              kind: 'NEW',
              price: 3000,
              durationMinutes: 30,
            },
          ],
        },
        'GET /api/users/menu-categories': { body: [{ id: 'k1', clinicId: 'c2', name: '美容皮膚科', displayOrder: 0 }] },
      }),
    );
    expect(await screen.findByRole('button', { name: /初回カウンセリング.*約30分.*3,000円/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '美容皮膚科' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ハイフ/ })).not.toBeInTheDocument();
  });

  it('changes a reservation to a new time (PUT with startsAt); the deadline shows the phone', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fake = api({
      'GET /api/users/reservations/r1': { body: reservation('r1', '2026-12-05T10:00:00+09:00') },
      'POST /api/users/reservations/search-available': {
        body: { slots: [{ startsAt: '2026-12-03T10:00:00+09:00', endsAt: '2026-12-03T11:00:00+09:00' }] },
      },
      'PUT /api/users/reservations/r1': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: { error: { code: 'UPDATE_DEADLINE_PASSED', message: '変更期限を過ぎています。' } } }
          : { body: reservation('r1', '2026-12-03T10:00:00+09:00') };
      },
    });
    renderApp('/user/mypage/reserve/?change=r1', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'ご予約日時の変更' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid');
    await user.click(dayButton(grid, '3')!);
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    await user.click(await screen.findByRole('button', { name: 'この日時に変更する' }));
    expect(await screen.findByRole('link', { name: 'お電話: 03-1111-2222' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'この日時に変更する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご予約変更完了' })).toBeInTheDocument();
    const put = fake.calls.filter((c) => c.method === 'PUT');
    expect(bodyOf(put[1]!)).toEqual({ startsAt: '2026-12-03T10:00:00+09:00' });
  });

  // 6–11 s alone at a load of 2–5 (a large form, its queries by role); a busier machine ran out of
  // the block's 20 s (clean-clone CI beside a database build, load 7): a bound for a hung test.
  it('settings: EMAIL_DUPLICATE next to the email field; password change sends current and new', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const detailed = {
      id: 'u1',
      name: '佐藤 太郎',
      kana: 'サトウ タロウ',
      phone: '090-0000-0000',
      email: 'taro@example.jp',
      birthday: null,
      gender: null,
      userNumber: '100001',
      status: 'FULL',
      clinic: { id: 'c2', name: '渋谷', phone: '03' },
      hasLine: false,
      giftCount: 0,
    };
    let puts = 0;
    const fake = api({
      'GET /api/users/detailed-profile': { body: detailed },
      'PUT /api/users': () => {
        puts += 1;
        return puts === 1
          ? { status: 409, body: { error: { code: 'EMAIL_DUPLICATE', message: 'このメールアドレスはすでに使用されています。' } } }
          : { body: detailed };
      },
    });
    renderApp('/user/mypage/settings/', fake);
    const email = await screen.findByRole('textbox', { name: /メールアドレス/ });
    await user.clear(email);
    await user.type(email, 'hanako@example.jp');
    // Another login e-mail asks for the current password before anything is sent.
    const profileForm = screen.getByRole('form', { name: '会員情報' });
    await user.click(screen.getByRole('button', { name: '保存する' }));
    const current = within(profileForm).getByLabelText(/^現在のパスワード/, { selector: 'input' });
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(puts).toBe(0);
    await user.type(current, 'old-password-1');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('このメールアドレスはすでに使用されています。'));
    expect(bodyOf(fake.calls.filter((c) => c.method === 'PUT')[0]!)).toMatchObject({ email: 'hanako@example.jp', currentPassword: 'old-password-1' });
    // Back to the e-mail of the account: the extra field goes away.
    await user.clear(email);
    await user.type(email, 'taro@example.jp');
    expect(within(profileForm).queryByLabelText(/^現在のパスワード/, { selector: 'input' })).toBeNull();

    await user.type(screen.getByLabelText(/^現在のパスワード/, { selector: 'input' }), 'old-password-1');
    await user.type(screen.getByLabelText(/^新しいパスワード(?!（)/, { selector: 'input' }), 'new-password-12');
    await user.type(screen.getByLabelText(/^新しいパスワード（確認）/, { selector: 'input' }), 'new-password-12');
    await user.click(screen.getByRole('button', { name: 'パスワードを変更する' }));
    expect(await screen.findByText('パスワードを変更しました。')).toBeInTheDocument();
    expect(bodyOf(fake.calls.filter((c) => c.method === 'PUT')[1]!)).toEqual({ currentPassword: 'old-password-1', newPassword: 'new-password-12' });
  });
});

describe('member password reset', { timeout: 20_000 }, () => {
  it('sends the email and always shows the same confirmation', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({ 'POST /api/guests/reset-password': { status: 202, body: { message: 'ok' } } });
    renderApp('/user/password/reset/', fake);
    await user.type(await screen.findByRole('textbox', { name: /メールアドレス/ }), 'taro@example.jp');
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'メールを送信しました' })).toBeInTheDocument();
    expect(bodyOf(fake.calls[0]!)).toEqual({ email: 'taro@example.jp' });
  });
});
