import { expect, test, type APIRequestContext } from '@playwright/test';
import { WIDTHS, memberLogin, shoot, staffLogin } from './support';

const WRITE = { headers: { 'X-Requested-With': 'XMLHttpRequest' } };
const tokyoDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date(Date.now() + days * 86_400_000));
const at = (date: string, time: string) => `${date}T${time}:00+09:00`;
const addClock = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** A 15-minute visit for `userId` with the first staff member free at 10:00 or later on `date`. */
async function bookVisit(request: APIRequestContext, clinicId: string, date: string, userId: string): Promise<{ id: string; time: string }> {
  const staff = (await (await request.get(`/api/staffs?clinicId=${clinicId}`)).json()) as { id: string }[];
  const menus = (await (await request.get(`/api/staffs/menus?clinicId=${clinicId}`)).json()) as { id: string; name: string }[];
  const menu = menus.find((m) => m.name === '保険診療 湿疹・かぶれ')!;
  for (const person of staff) {
    const created = await request.post('/api/staffs/schedules', { ...WRITE, data: { staffId: person.id, date, start: '10:00', end: '20:00', breaks: [] } });
    expect([201, 409]).toContain(created.status());
  }
  for (let minutes = 0; minutes < 9 * 60; minutes += 15) {
    const time = addClock('10:00', minutes);
    const free = (await (
      await request.post('/api/staffs/reservations/available-resources', {
        ...WRITE,
        data: { clinicId, startsAt: at(date, time), endsAt: at(date, addClock(time, 15)) },
      })
    ).json()) as { staffIds: string[] };
    const staffId = free.staffIds[0];
    if (!staffId) continue;
    const created = await request.post('/api/staffs/reservations', {
      ...WRITE,
      data: { clinicId, userId, menuIds: [menu.id], tasks: [{ startsAt: at(date, time), endsAt: at(date, addClock(time, 15)), staffId }] },
    });
    if (created.status() === 201) return { id: ((await created.json()) as { id: string }).id, time };
  }
  throw new Error('no free time');
}

test('a member opens the confirm link; the staff calendar marks the visit and lists the others as unconfirmed', async ({ browser }) => {
  test.setTimeout(180_000);
  const date = tokyoDate(40 + test.info().repeatEachIndex);
  const memberContext = await browser.newContext({ viewport: WIDTHS.phone });
  const member = await memberContext.newPage();
  await memberLogin(member, '100001');
  await expect(member).toHaveURL(/\/user\/mypage\/update\//);
  const profile = (await (await member.request.get('/api/users/profile')).json()) as { id: string; clinicId: string };

  const staffContext = await browser.newContext({ viewport: WIDTHS.desktop });
  const staff = await staffContext.newPage();
  await staffLogin(staff, 'S1002');
  await expect(staff).toHaveURL(/\/staff\/calendar\//);
  const mine = await bookVisit(staff.request, profile.clinicId, date, profile.id);
  const other = await bookVisit(staff.request, profile.clinicId, date, profile.id === '2' ? '3' : '2');

  // The link of the reminder.
  await member.goto(`/user/reservations/${mine.id}/confirm/`);
  await expect(member.getByText('ご来院の確認を承りました')).toBeVisible();
  await expect(member.getByTestId('visit-confirmed')).toContainText(mine.time);
  await shoot(member, 'visit-confirmed-member');
  // Another member's reservation is not found.
  await member.goto(`/user/reservations/${other.id}/confirm/`);
  await expect(member.getByRole('alert')).toContainText('予約が見つかりません');
  await memberContext.close();

  await staff.goto(`/staff/calendar/?clinicId=${profile.clinicId}&date=${date}&view=day`);
  const confirmed = staff.locator(`[data-reservation="${mine.id}"]`).first();
  await expect(confirmed).toHaveAttribute('data-confirmed', '');
  await expect(confirmed).toHaveAttribute('aria-label', /来院確認済み/);
  const unconfirmedBlock = staff.locator(`[data-reservation="${other.id}"]`).first();
  await expect(unconfirmedBlock).not.toHaveAttribute('data-confirmed', '');
  await expect(unconfirmedBlock).not.toHaveAttribute('aria-label', /来院確認済み/);

  await staff.getByText('未確認のみ', { exact: true }).click();
  const list = staff.getByRole('region', { name: /来院未確認の予約/ });
  await expect(list).toBeVisible();
  await expect(list.locator(`[data-reservation-row="${other.id}"]`)).toContainText(other.time);
  await expect(list.locator(`[data-reservation-row="${other.id}"] a[href^="tel:"]`)).toHaveCount(1);
  await expect(list.locator(`[data-reservation-row="${mine.id}"]`)).toHaveCount(0);
  await shoot(staff, 'calendar-unconfirmed');
  await staffContext.close();
});
