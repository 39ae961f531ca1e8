import { fixedClock } from '@clinic/core';
import { ACCOUNTS } from '@clinic/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

/** The no-show policy (docs/waitlist.md): the limit in the window restricts online booking; staff lift or set it. */
const clock = fixedClock('2026-12-01T10:00:00+09:00');
let server: TestServer;
let fixture: BookingFixture;
let member: TestClient;
let staff: TestClient;
let memberId: string;

const noShow = async (userId: string, startsAt: string) => {
  const [row] = await server.db
    .knex('reservations')
    .insert({
      clinic_id: fixture.clinicId,
      user_id: userId,
      status: 'NOT_VISITED',
      source: 'STAFF',
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
      created_by_type: 'staff',
    })
    .returning('id');
  await server.db.knex('reservation_menus').insert({ reservation_id: row.id, position: 0, menu_id: fixture.menuA });
};
const book = (client: TestClient, startsAt = at('2026-12-03T11:00')) =>
  client.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt });
const details = async () => (await staff.get(`/api/staffs/users/${memberId}/with-details`)).body;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10, name: '表参道', phone: '03-1234-5678' });
  await server.db.knex('clinics').where('id', fixture.clinicId).update({ no_show_limit: 2, no_show_window_days: 90 });
  memberId = await memberOf(server.db, fixture.clinicId, await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD), '500001');
  member = server.client();
  await member.login('user500001', PASSWORD);
  staff = server.client();
  await staff.login('staffS0001', PASSWORD);
});

describe('the no-show policy', () => {
  it('counts no-shows in the window only; at the limit online booking and the waitlist answer 403 with the clinic phone', async () => {
    await noShow(memberId, '2026-06-01T02:00:00Z'); // outside the 90-day window
    await noShow(memberId, '2026-11-20T02:00:00Z');
    expect((await details()).noShowCount).toBe(1);
    expect((await book(member)).status).toBe(201);
    await noShow(memberId, '2026-11-25T02:00:00Z');
    expect(await details()).toMatchObject({ noShowCount: 2, bookingRestriction: { restricted: true, by: null } });
    const refused = await book(member, at('2026-12-04T11:00'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ONLINE_BOOKING_RESTRICTED');
    expect(refused.body.error.message).toContain('03-1234-5678');
    const join = await member.post('/api/users/waitlist', { clinicId: fixture.clinicId, menuId: fixture.menuB, from: '2026-12-04', to: '2026-12-04' });
    expect(join.status).toBe(403);
  });

  it('staff lift it until the next no-show, and can set it by hand; both are audited', async () => {
    await noShow(memberId, '2026-11-20T02:00:00Z');
    await noShow(memberId, '2026-11-25T02:00:00Z');
    const missing = await staff.put(`/api/staffs/users/${memberId}/booking-restriction`, { restricted: false, reason: '' });
    expect(missing.status).toBe(400);
    expect((await staff.put(`/api/staffs/users/${memberId}/booking-restriction`, { restricted: false, reason: 'お電話で事情を伺いました' })).status).toBe(204);
    expect((await details()).bookingRestriction).toMatchObject({ restricted: false, reason: 'お電話で事情を伺いました', by: '佐藤 美咲' });
    expect((await book(member)).status).toBe(201);
    clock.set('2026-12-05T10:00:00+09:00');
    await noShow(memberId, '2026-12-04T02:00:00Z');
    expect((await details()).bookingRestriction.restricted).toBe(true);
    clock.set('2026-12-01T10:00:00+09:00');
    expect((await staff.put(`/api/staffs/users/${memberId}/booking-restriction`, { restricted: true, reason: '度重なる無断キャンセル' })).status).toBe(204);
    expect((await details()).bookingRestriction).toMatchObject({ restricted: true, reason: '度重なる無断キャンセル' });
    const audit = await server.db.knex('audit_log').whereLike('action', 'user.booking_restriction.%').orderBy('id').select('action');
    expect(audit.map((row) => row.action)).toEqual(['user.booking_restriction.lift', 'user.booking_restriction.set']);
  });

  it('a lifted restriction stays lifted until a no-show recorded after the lift, even of a visit that started before it', async () => {
    await noShow(memberId, '2026-11-20T02:00:00Z');
    await noShow(memberId, '2026-11-25T02:00:00Z');
    // A visit this morning (before the lift), not yet marked either way.
    const [visit] = await server.db
      .knex('reservations')
      .insert({
        clinic_id: fixture.clinicId,
        user_id: memberId,
        status: 'RESERVED',
        source: 'STAFF',
        starts_at: '2026-12-01T00:00:00Z',
        ends_at: '2026-12-01T00:30:00Z',
        created_by_type: 'staff',
      })
      .returning('id');
    await server.db.knex('reservation_menus').insert({ reservation_id: visit.id, position: 0, menu_id: fixture.menuA });
    expect((await details()).bookingRestriction.restricted).toBe(true);
    expect((await staff.put(`/api/staffs/users/${memberId}/booking-restriction`, { restricted: false, reason: 'お電話で事情を伺いました' })).status).toBe(204);
    // Lifted: the no-shows recorded before the lift no longer count, whatever else happens meanwhile.
    expect((await details()).bookingRestriction.restricted).toBe(false);
    expect((await book(member)).status).toBe(201);
    expect((await details()).bookingRestriction.restricted).toBe(false);
    // Staff now record this morning's visit as a no-show: its start is before the lift, its record after.
    expect((await staff.put(`/api/staffs/reservations/${visit.id}/not-visited`)).status).toBe(200);
    expect(await details()).toMatchObject({ noShowCount: 3, bookingRestriction: { restricted: true, by: null } });
    expect((await book(member, at('2026-12-04T11:00'))).body.error.code).toBe('ONLINE_BOOKING_RESTRICTED');
  });

  it('a guest whose phone and name are a restricted 仮会員 is refused too', async () => {
    const guest = { name: '無断 太郎', kana: 'ムダン タロウ', phone: '090-4444-0001', email: 'mudan@example.jp' };
    const first = await server
      .client()
      .post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-03T15:00'), guest });
    expect(first.status).toBe(201);
    const temporary = (await server.db.knex('users').where({ status: 'TEMPORARY', phone: '090-4444-0001' }).first('id'))!.id as string;
    await noShow(String(temporary), '2026-11-20T02:00:00Z');
    await noShow(String(temporary), '2026-11-25T02:00:00Z');
    const refused = await server
      .client()
      .post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuB, startsAt: at('2026-12-04T15:00'), guest });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ONLINE_BOOKING_RESTRICTED');
  });
});

describe('one person, one identity (issue 26)', () => {
  let mails = 0;
  const guestBook = (guest: Record<string, string>, startsAt: string, menuId = fixture.menuA) =>
    server.client().post('/api/guests/reservations', {
      clinicId: fixture.clinicId,
      menuId,
      startsAt,
      guest: { kana: 'ゲスト', email: `guest${++mails}@example.jp`, ...guest },
    });

  it('a guest with the phone of a restricted person is refused whatever the spelling of the phone and whatever name is typed, booking or joining', async () => {
    const first = await guestBook({ name: '無断 花子', phone: '090-4444-0002', email: 'hanako.mudan@example.jp' }, at('2026-12-03T15:00'));
    expect(first.status).toBe(201);
    const temporary = String((await server.db.knex('users').where({ status: 'TEMPORARY', phone: '090-4444-0002' }).first('id'))!.id);
    await noShow(temporary, '2026-11-20T02:00:00Z');
    await noShow(temporary, '2026-11-25T02:00:00Z');
    for (const [name, phone] of [
      ['無断花子', '+81 90-4444-0002'],
      ['別人 太郎', '０９０４４４４０００２'],
      ['Someone Else', '+81 (0)90 4444 0002'],
    ]) {
      const refused = await guestBook({ name: name!, phone: phone!, email: `x${phone!.length}@example.jp` }, at('2026-12-04T15:00'), fixture.menuB);
      expect([refused.status, refused.body.error?.code], `${name} ${phone}`).toEqual([403, 'ONLINE_BOOKING_RESTRICTED']);
    }
    const join = await server.client().post('/api/guests/waitlist', {
      clinicId: fixture.clinicId,
      menuId: fixture.menuB,
      from: '2026-12-05',
      to: '2026-12-05',
      guest: { name: '違う 名前', kana: 'チガウ', phone: '+819044440002', email: 'other@example.jp' },
    });
    expect([join.status, join.body.error?.code]).toEqual([403, 'ONLINE_BOOKING_RESTRICTED']);
  });

  it('a restricted member cannot book as a guest under their own phone', async () => {
    await server.db.knex('users').where('id', memberId).update({ phone: '080-1212-3434' });
    await noShow(memberId, '2026-11-20T02:00:00Z');
    await noShow(memberId, '2026-11-25T02:00:00Z');
    const refused = await guestBook({ name: 'ゲスト 予約', phone: '+81 80 1212 3434', email: 'not.the.member@example.jp' }, at('2026-12-04T15:00'));
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'ONLINE_BOOKING_RESTRICTED']);
  });

  it("the guest's 仮会員 is found whatever the spelling: one live visit of a menu per person", async () => {
    expect((await guestBook({ name: '山田 花子', phone: '090-7777-1234' }, at('2026-12-03T15:00'))).status).toBe(201);
    const again = await guestBook({ name: '山田花子', phone: '+81 90 7777 1234' }, at('2026-12-04T15:00'));
    expect([again.status, again.body.error?.code]).toEqual([409, 'ALREADY_RESERVED']);
    // One 仮会員 for both spellings (the refused booking wrote nothing).
    expect(Number((await server.db.knex('users').whereRaw('person_phone_key(phone) = ?', ['+819077771234']).count({ n: '*' }).first())!.n)).toBe(1);
  });
});
