import { UiKitProvider } from '@clinic/ui-kit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../../i18n';
import { createHttpClient } from '../../../shared/api/http';
import { fakeApi } from '../../../test/fake-api';
import { BookingDialog } from './BookingDialog';
import { calendarApi, type CalendarMenu } from './calendar.api';

const menus: CalendarMenu[] = [
  {
    id: 'm1',
    clinicId: 'c1',
    categoryId: 'k1',
    name: '全身脱毛',
    description: '',
    preVisitNote: '',
    displayOrder: 1,
    enabled: true,
    webBookable: true,
    kind: 'NEW',
    price: 0,
    afterMenuId: null,
    durationMinutes: 60,
    tasks: [{ id: 't1', position: 1, label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
    translations: {},
    missingTranslations: [],
  },
];
const booked = {
  id: 'r9',
  clinicId: 'c1',
  userId: '101',
  status: 'RESERVED',
  source: 'STAFF',
  menuIds: ['m1'],
  menus: [{ id: 'm1', name: '全身脱毛' }],
  startsAt: '2026-11-30T08:00:00+09:00',
  endsAt: '2026-11-30T09:00:00+09:00',
  tasks: [],
  createdAt: '2026-12-01T09:00:00+09:00',
  cancelledAt: null,
  memo: '',
  campaign: null,
  user: { id: '101', name: '山田 花子', kana: 'ヤマダ ハナコ', userNumber: '100001' },
};
const outside = {
  status: 400,
  body: {
    error: {
      code: 'OUTSIDE_OPENING_HOURS',
      message: '営業時間外または過去の日時です。このまま予約する場合は、確認のうえもう一度登録してください。',
      fields: [
        { path: 'startsAt', message: '過去の日時です。' },
        { path: 'startsAt', message: '営業時間外（休診日・休憩を含む）です。' },
      ],
      detail: { reasons: 'PAST,OUTSIDE_HOURS' },
    },
  },
};

/** The server refuses without the confirmation and books with it, as POST /api/staffs/reservations does. */
function setup() {
  const fake = fakeApi({
    'POST /api/staffs/reservations': (init) => (JSON.parse(String(init.body)).allowOutsideHours === true ? { status: 201, body: booked } : outside),
    'POST /api/staffs/reservations/available-resources': { body: { staffIds: [], roomIds: [], machineIds: [] } },
    'POST /api/staffs/reservations/search-available': { body: { slots: [] } },
  });
  const http = createHttpClient({ t: translate, notify: vi.fn(), redirect: vi.fn(), fetch: fake.fetch });
  const onBooked = vi.fn();
  render(
    <UiKitProvider>
      <BookingDialog
        draft={{ date: '2026-11-30', time: '08:00', staffId: null }}
        onClose={vi.fn()}
        onBooked={onBooked}
        api={calendarApi(http)}
        clinicId="c1"
        menus={menus}
        rows={[]}
        timeItems={[{ id: '08:00', label: '8:00' }]}
        recentMembers={[]}
      />
    </UiKitProvider>,
  );
  const bookings = () =>
    fake.calls.filter((call) => call.method === 'POST' && call.url.endsWith('/api/staffs/reservations')).map((call) => JSON.parse(String(call.init.body)));
  return { onBooked, bookings };
}

const fillAndSubmit = async (user: ReturnType<typeof userEvent.setup>) => {
  const dialog = screen.getByRole('dialog', { name: '予約を追加' });
  await user.type(within(dialog).getByRole('textbox', { name: /会員ID/ }), '101');
  await user.click(within(dialog).getByRole('button', { name: /メニュー/ }));
  await user.click(await screen.findByRole('option', { name: '全身脱毛' }));
  await user.click(within(dialog).getByRole('button', { name: '予約する' }));
};

describe('booking dialog: a time in the past or outside opening hours', { timeout: 20_000 }, () => {
  it('asks 「このまま予約しますか？」 and books again with allowOutsideHours when the staff member says yes', async () => {
    const user = userEvent.setup();
    const { onBooked, bookings } = setup();
    await fillAndSubmit(user);
    const confirm = await screen.findByRole('alertdialog', { name: '営業時間外・過去の日時の予約' });
    expect(confirm).toHaveTextContent('過去の日時です。営業時間外（休診日・休憩を含む）です。このまま予約しますか？');
    expect(onBooked).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'このまま予約する' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ id: 'r9' })));
    expect(bookings()).toEqual([
      { clinicId: 'c1', userId: '101', menuId: 'm1', startsAt: '2026-11-30T08:00:00+09:00' },
      { clinicId: 'c1', userId: '101', menuId: 'm1', startsAt: '2026-11-30T08:00:00+09:00', allowOutsideHours: true },
    ]);
  });

  it('books nothing when the staff member says no', async () => {
    const user = userEvent.setup();
    const { onBooked, bookings } = setup();
    await fillAndSubmit(user);
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'やめる' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bookings()).toHaveLength(1);
    expect(onBooked).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '予約を追加' })).toBeInTheDocument();
  });
});
