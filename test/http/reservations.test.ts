import { ACCOUNTS } from '@clinic/server';
import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

// Tuesday 1 December 2026, 09:00 in Tokyo: the clinic opens at 10:00; the lead time is 60 minutes.
const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let fixture: BookingFixture;
let alice: TestClient;
let bob: TestClient;
let staff: TestClient;
let aliceId: string;

const search = (client: TestClient, audience: 'users' | 'guests' | 'staffs', body: Record<string, unknown>) =>
  client.post(`/api/${audience}/reservations/search-available`, {
    clinicId: fixture.clinicId,
    menuId: fixture.menuA,
    from: '2026-12-01',
    to: '2026-12-01',
    ...body,
  });
const book = (client: TestClient, startsAt: string, menuId = fixture.menuA, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/users/reservations', { json: { clinicId: fixture.clinicId, menuId, startsAt }, headers });
const count = async (table: string) => Number((await server.db.knex(table).count({ n: '*' }).first())!.n);

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock.set('2026-12-01T09:00:00+09:00');
  await server.reset();
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 45, staff: 2, rooms: 2, machines: 1 });
  const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  aliceId = await memberOf(server.db, fixture.clinicId, hash, '200001');
  await memberOf(server.db, fixture.clinicId, hash, '200002');
  alice = server.client();
  bob = server.client();
  staff = server.client();
  await alice.login('user200001', PASSWORD);
  await bob.login('user200002', PASSWORD);
  await staff.login('staffS0001', PASSWORD);
});

describe('search-available', () => {
  it('lists start times ascending, inside opening hours, schedules and the lead time', async () => {
    const answer = await search(alice, 'users', {});
    expect(answer.status).toBe(200);
    const starts = answer.body.slots.map((slot: { startsAt: string }) => slot.startsAt.slice(11, 16));
    // 10:00–13:00 and 14:00–19:00 (the staff break), 60-minute visits; the machine is the only one.
    expect(starts[0]).toBe('10:00');
    expect(starts).toContain('12:00');
    expect(starts).not.toContain('12:15');
    expect(starts).toContain('14:00');
    expect(starts.at(-1)).toBe('18:00');
    expect(answer.body.slots[0]).toEqual({ startsAt: '2026-12-01T10:00:00+09:00', endsAt: '2026-12-01T11:00:00+09:00' });
  });

  it('answers the schedules as they are now: a break added or a schedule removed by another writer is seen by the next search', async () => {
    const starts = (answer: { body: { slots: { startsAt: string }[] } }) => answer.body.slots.map((slot) => slot.startsAt.slice(11, 16));
    expect(starts(await search(alice, 'users', {}))[0]).toBe('10:00');
    // Written with plain SQL, as another server or an import would: this server hears nothing of it.
    const ids = (await server.db.knex('schedules').where({ clinic_id: fixture.clinicId, date: '2026-12-01' }).select('id')).map(
      (row: { id: string }) => row.id,
    );
    expect(ids.length).toBeGreaterThan(0);
    await server.db
      .knex('schedule_breaks')
      .insert(ids.map((id) => ({ schedule_id: id, starts_at: '2026-12-01T10:00:00+09:00', ends_at: '2026-12-01T12:00:00+09:00' })));
    const afterBreak = starts(await search(alice, 'users', {}));
    expect(afterBreak[0]).toBe('12:00');
    expect(afterBreak).not.toContain('10:00');
    await server.db.knex('schedule_breaks').whereIn('schedule_id', ids).delete();
    await server.db.knex('schedules').whereIn('id', ids).delete();
    expect((await search(alice, 'users', {})).body.slots).toEqual([]);
    expect((await search(server.client(), 'guests', {})).body.slots).toEqual([]);
  });

  it('keeps members and guests to 30 days from today and staff to 90', async () => {
    expect((await search(alice, 'users', { to: '2026-12-30' })).status).toBe(200);
    const tooLong = await search(alice, 'users', { to: '2026-12-31' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('SEARCH_PERIOD_TOO_LONG');
    expect((await search(server.client(), 'guests', { from: '2026-11-30' })).body.error.code).toBe('SEARCH_PERIOD_TOO_LONG');
    expect((await search(staff, 'staffs', { to: '2027-02-28' })).status).toBe(200);
    expect((await search(staff, 'staffs', { to: '2027-03-01' })).body.error.code).toBe('SEARCH_PERIOD_TOO_LONG');
  });

  it('tells staff which resources each start would take', async () => {
    const answer = await search(staff, 'staffs', { menuId: fixture.menuB });
    expect(answer.body.slots[0].tasks).toEqual([
      { startsAt: '2026-12-01T10:00:00+09:00', endsAt: '2026-12-01T10:30:00+09:00', staffId: fixture.staffIds[0], roomId: fixture.roomIds[0], machineId: null },
      {
        startsAt: '2026-12-01T10:30:00+09:00',
        endsAt: '2026-12-01T11:30:00+09:00',
        staffId: fixture.staffIds[0],
        roomId: fixture.roomIds[0],
        machineId: fixture.machineIds[0],
      },
      { startsAt: '2026-12-01T11:30:00+09:00', endsAt: '2026-12-01T11:45:00+09:00', staffId: null, roomId: fixture.roomIds[0], machineId: null },
    ]);
  });

  it('refuses disabled menus, contract menus without a contract, and clinics closed to web booking', async () => {
    expect((await search(alice, 'users', { menuId: fixture.disabledMenu })).body.error.code).toBe('MENU_NOT_ENABLED');
    expect((await search(alice, 'users', { menuId: fixture.contractMenu })).body.error.code).toBe('MENU_NOT_SUBSCRIBED');
    expect((await search(server.client(), 'guests', { menuId: fixture.contractMenu })).body.error.code).toBe('MENU_NOT_SUBSCRIBED');
    await server.db.knex('contracts').insert({ user_id: aliceId, menu_id: fixture.contractMenu, sessions_total: 5, sessions_used: 1 });
    expect((await search(alice, 'users', { menuId: fixture.contractMenu })).status).toBe(200);
    await server.db.knex('clinics').where('id', fixture.clinicId).update({ web_booking_enabled: false });
    expect((await search(alice, 'users', {})).body.error.code).toBe('WEB_BOOKING_DISABLED');
    expect((await search(staff, 'staffs', {})).status).toBe(200);
  });

  it('answers CLINIC_SETTINGS_INADEQUATE for a clinic without opening hours', async () => {
    await server.db.knex('clinic_opening_hours').where('clinic_id', fixture.clinicId).delete();
    expect((await search(alice, 'users', {})).body.error.code).toBe('CLINIC_SETTINGS_INADEQUATE');
  });
});

describe('a member books', () => {
  it('books a free start with the resources the engine assigns, and the time is then taken', async () => {
    const answer = await book(alice, at('2026-12-01T10:00'));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'RESERVED',
      clinicId: fixture.clinicId,
      menuIds: [fixture.menuA],
      startsAt: '2026-12-01T10:00:00+09:00',
      endsAt: '2026-12-01T11:00:00+09:00',
      tasks: [{ staffId: fixture.staffIds[0], roomId: fixture.roomIds[0], machineId: fixture.machineIds[0] }],
    });
    // One machine: nobody else can have 10:00.
    const starts = (await search(bob, 'users', {})).body.slots.map((slot: { startsAt: string }) => slot.startsAt.slice(11, 16));
    expect(starts).not.toContain('10:00');
    expect(starts).not.toContain('10:45');
    expect(starts).toContain('11:00');
    expect((await book(bob, at('2026-12-01T10:00'))).body.error).toEqual({
      code: 'RESERVATION_CONFLICT',
      message: '指定いただいた日時の予約が埋まってしまったため、来院日時を再選択してください。',
    });
    const mine = await alice.get('/api/users/reservations');
    expect(mine.body.map((r: { id: string }) => r.id)).toEqual([answer.body.id]);
  });

  it('refuses a second live booking of the same menu (ALREADY_RESERVED)', async () => {
    expect((await book(alice, at('2026-12-02T10:00'))).status).toBe(201);
    const again = await book(alice, at('2026-12-03T10:00'));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_RESERVED');
  });

  it('refuses starts off the grid, inside the lead time, on closed days and 90 days ahead', async () => {
    expect((await book(alice, at('2026-12-02T10:10'))).body.error.code).toBe('INVALID_TIMESLOT');
    expect((await book(alice, at('2026-12-01T09:45'))).body.error.code).toBe('INVALID_TIMESLOT');
    clock.set('2026-12-01T10:30:00+09:00');
    expect((await book(alice, at('2026-12-01T11:00'))).body.error.code).toBe('INVALID_TIMESLOT');
    await server.db.knex('clinic_holidays').insert({ clinic_id: fixture.clinicId, date: '2026-12-05', name: '臨時休診' });
    expect((await book(alice, at('2026-12-05T11:00'))).body.error.code).toBe('CLINIC_CLOSED');
    expect((await book(alice, at('2026-12-02T18:30'))).body.error.code).toBe('CLINIC_CLOSED');
    expect((await book(alice, at('2027-03-01T11:00'))).body.error.code).toBe('TOO_FAR_AHEAD');
    expect(await count('reservations')).toBe(0);
  });

  it('answers the same first answer to a repeated Idempotency-Key, and 422 to another body with it', async () => {
    const first = await book(alice, at('2026-12-02T10:00'), fixture.menuA, { 'Idempotency-Key': 'k-1' });
    const again = await book(alice, at('2026-12-02T10:00'), fixture.menuA, { 'Idempotency-Key': 'k-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count('reservations')).toBe(1);
    const other = await book(alice, at('2026-12-02T11:00'), fixture.menuA, { 'Idempotency-Key': 'k-1' });
    expect(other.status).toBe(422);
    expect(other.body.error).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'このIdempotency-Keyは別の内容の予約にすでに使われています。' });
    expect(await count('reservations')).toBe(1);
  });

  it('changes the time before the update deadline, and no more after it', async () => {
    const booked = await book(alice, at('2026-12-03T10:00'));
    const changed = await alice.put(`/api/users/reservations/${booked.body.id}`, { startsAt: at('2026-12-03T15:00') });
    expect(changed.status).toBe(200);
    expect(changed.body.startsAt).toBe('2026-12-03T15:00:00+09:00');
    clock.set('2026-12-02T16:00:00+09:00');
    const late = await alice.put(`/api/users/reservations/${booked.body.id}`, { startsAt: at('2026-12-03T16:00') });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 'UPDATE_DEADLINE_PASSED', detail: { phone: '03-1111-2222' } });
  });

  it('cancels before the cancel deadline, frees the time, and not after the deadline', async () => {
    const early = await book(alice, at('2026-12-03T10:00'));
    const cancelled = await alice.put(`/api/users/reservations/${early.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect((await server.db.knex('allocations').where('live', true)).length).toBe(0);
    const late = await book(alice, at('2026-12-02T10:00'));
    clock.set('2026-12-01T12:00:00+09:00');
    const refused = await alice.put(`/api/users/reservations/${late.body.id}/cancel`);
    expect(refused.body.error.code).toBe('CANCEL_DEADLINE_PASSED');
    expect(refused.body.error.message).toMatch(/お電話/);
    // Staff are not bound by the online deadlines.
    expect((await staff.put(`/api/staffs/reservations/${late.body.id}/cancel`)).body.status).toBe('CANCELLED');
  });

  it("never shows or changes another member's reservation", async () => {
    const booked = await book(alice, at('2026-12-03T10:00'));
    for (const answer of [
      await bob.get(`/api/users/reservations/${booked.body.id}`),
      await bob.put(`/api/users/reservations/${booked.body.id}/cancel`),
      await bob.put(`/api/users/reservations/${booked.body.id}`, { startsAt: at('2026-12-04T10:00') }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('RESERVATION_NOT_FOUND');
    }
    const row = await server.db.knex('reservations').where('id', booked.body.id).first();
    expect(row.status).toBe('RESERVED');
    expect(new Date(row.starts_at).toISOString()).toBe('2026-12-03T01:00:00.000Z');
    expect((await bob.get('/api/users/reservations')).body).toEqual([]);
  });
});

describe('a guest books', () => {
  const guest = { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'yamada.hanako@example.jp' };

  it('becomes a temporary member with the booking, and cancels with the token only', async () => {
    const answer = await server
      .client()
      .post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-03T11:00'), guest });
    expect(answer.status).toBe(201);
    expect(answer.body.cancelToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const member = await server.db.knex('users').where('phone', guest.phone).first();
    expect(member).toMatchObject({ status: 'TEMPORARY', name: '山田 花子', email: 'yamada.hanako@example.jp' });
    // The same phone and name book again as the same 仮会員.
    await server.client().post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuB, startsAt: at('2026-12-04T11:00'), guest });
    expect((await server.db.knex('users').where('phone', guest.phone)).length).toBe(1);

    expect((await server.client().put('/api/guests/reservations/cancel', { token: 'x'.repeat(43) })).body.error.code).toBe('INVALID_TOKEN');
    const cancelled = await server.client().put('/api/guests/reservations/cancel', { token: answer.body.cancelToken });
    expect(cancelled.body).toEqual({ id: answer.body.id, status: 'CANCELLED' });
  });

  it("another guest with a 仮会員's e-mail: a second 仮会員, made without it (an e-mail names one member)", async () => {
    const book = (who: typeof guest, startsAt: string) =>
      server.client().post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt, guest: who });
    expect((await book(guest, at('2026-12-03T11:00'))).status).toBe(201);
    const other = { ...guest, name: '山田 太郎', phone: '080-2222-3333', email: 'YAMADA.hanako@example.jp' };
    expect((await book(other, at('2026-12-04T11:00'))).status).toBe(201);
    expect(await server.db.knex('users').whereIn('phone', [guest.phone, other.phone]).orderBy('id').select('name', 'status', 'email')).toEqual([
      { name: '山田 花子', status: 'TEMPORARY', email: 'yamada.hanako@example.jp' },
      { name: '山田 太郎', status: 'TEMPORARY', email: null },
    ]);
  });

  it('leaves nothing behind when the booking is refused', async () => {
    const refused = await server
      .client()
      .post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-03T11:10'), guest });
    expect(refused.body.error.code).toBe('INVALID_TIMESLOT');
    expect((await server.db.knex('users').where('phone', guest.phone)).length).toBe(0);
  });

  it('checks the guest details', async () => {
    const answer = await server.client().post('/api/guests/reservations', {
      clinicId: fixture.clinicId,
      menuId: fixture.menuA,
      startsAt: at('2026-12-03T11:00'),
      guest: { ...guest, kana: 'やまだ', phone: '12', email: 'no' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.map((field: { path: string }) => field.path)).toEqual(['guest.kana', 'guest.phone', 'guest.email']);
  });
});

describe('staff', () => {
  const explicit = (tasks: Array<Record<string, unknown>>, menuIds = [fixture.menuA]) =>
    staff.post('/api/staffs/reservations', { clinicId: fixture.clinicId, userId: aliceId, menuIds, tasks });

  it('book with given resources; an overlap is RESOURCE_COLLISION, back to back is fine', async () => {
    const first = await explicit([
      { startsAt: at('2026-12-02T10:00'), endsAt: at('2026-12-02T11:00'), staffId: fixture.staffIds[1], roomId: fixture.roomIds[1] },
    ]);
    expect(first.status).toBe(201);
    expect(first.body.user).toMatchObject({ id: aliceId, userNumber: '200001' });
    const overlap = await explicit([{ startsAt: at('2026-12-02T10:45'), endsAt: at('2026-12-02T11:15'), staffId: fixture.staffIds[1] }]);
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.code).toBe('RESOURCE_COLLISION');
    const backToBack = await explicit([
      { startsAt: at('2026-12-02T11:00'), endsAt: at('2026-12-02T12:00'), staffId: fixture.staffIds[1], roomId: fixture.roomIds[1] },
    ]);
    expect(backToBack.status).toBe(201);
    const offShift = await explicit([{ startsAt: at('2026-12-02T13:00'), endsAt: at('2026-12-02T13:30'), staffId: fixture.staffIds[1] }]);
    expect(offShift.body.error.code).toBe('RESOURCE_COLLISION');
  });

  it('keep the memo without the spaces around it, as every other free text', async () => {
    const booked = await staff.post('/api/staffs/reservations', {
      clinicId: fixture.clinicId,
      userId: aliceId,
      menuIds: [fixture.menuA],
      tasks: [{ startsAt: at('2026-12-03T10:00'), endsAt: at('2026-12-03T11:00'), staffId: fixture.staffIds[1], roomId: fixture.roomIds[1] }],
      memo: '  初回のお客様\n  ',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.memo).toBe('初回のお客様');
    const changed = await staff.put(`/api/staffs/reservations/${booked.body.id}`, { memo: '\u3000アレルギーあり ' });
    expect(changed.status).toBe(200);
    expect(changed.body.memo).toBe('アレルギーあり');
    expect((await server.db.knex('reservations').where({ id: booked.body.id }).first()).memo).toBe('アレルギーあり');
  });

  it('move a one-task reservation to another staff row, but not a multi-task one nor onto a row of another type', async () => {
    const single = await explicit([
      { startsAt: at('2026-12-02T10:00'), endsAt: at('2026-12-02T11:00'), staffId: fixture.staffIds[0], roomId: fixture.roomIds[0] },
    ]);
    const moved = await staff.put(`/api/staffs/reservations/${single.body.id}/move`, {
      startsAt: at('2026-12-02T15:00'),
      target: { type: 'STAFF', id: fixture.staffIds[1] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.tasks[0]).toMatchObject({ startsAt: '2026-12-02T15:00:00+09:00', staffId: fixture.staffIds[1], roomId: fixture.roomIds[0] });
    const noMachine = await staff.put(`/api/staffs/reservations/${single.body.id}/move`, {
      startsAt: at('2026-12-02T15:00'),
      target: { type: 'MACHINE', id: fixture.machineIds[0] },
    });
    expect(noMachine.body.error.code).toBe('MOVE_NOT_ALLOWED');
    const multi = await staff.post('/api/staffs/reservations', {
      clinicId: fixture.clinicId,
      userId: aliceId,
      menuId: fixture.menuB,
      startsAt: at('2026-12-02T10:00'),
    });
    expect(multi.status).toBe(201);
    expect(multi.body.tasks).toHaveLength(3);
    const refused = await staff.put(`/api/staffs/reservations/${multi.body.id}/move`, { startsAt: at('2026-12-02T16:00') });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('MOVE_NOT_ALLOWED');
  });

  it('mark a no-show once the visit has started, which frees the time and counts as cancelled without permission', async () => {
    const booked = await book(alice, at('2026-12-01T10:00'));
    // Before its start the person may still come (issue 26).
    const early = await staff.put(`/api/staffs/reservations/${booked.body.id}/not-visited`);
    expect(early.status).toBeGreaterThanOrEqual(400);
    expect(early.body.error).toMatchObject({
      code: 'UPDATE_FAILED',
      fields: [{ path: 'status', message: '無断キャンセルは予約の開始時刻を過ぎてから記録できます。' }],
    });
    clock.set('2026-12-01T10:05:00+09:00');
    const noShow = await staff.put(`/api/staffs/reservations/${booked.body.id}/not-visited`);
    expect(noShow.body.status).toBe('NOT_VISITED');
    expect(noShow.body.cancelledAt).not.toBeNull();
    const live = await server.db
      .knex('allocations as a')
      .join('reservation_tasks as t', 't.id', 'a.reservation_task_id')
      .where('t.reservation_id', booked.body.id)
      .select('a.live');
    expect(live.map((row: { live: boolean }) => row.live)).toEqual([false, false, false]);
  });

  it('see the calendar of a day with names, and the recent bookings and cancellations', async () => {
    const booked = await book(alice, at('2026-12-01T10:00'));
    await book(bob, at('2026-12-01T14:00'));
    await staff.put(`/api/staffs/reservations/${booked.body.id}/cancel`);
    const day = await staff.get(`/api/staffs/reservations?clinicId=${fixture.clinicId}&from=2026-12-01&to=2026-12-01`);
    expect(day.body.map((r: { user: { name: string }; status: string; menus: Array<{ name: string }> }) => [r.user.name, r.status, r.menus[0]!.name])).toEqual([
      ['会員 200001', 'CANCELLED', 'ピコトーニング'],
      ['会員 200002', 'RESERVED', 'ピコトーニング'],
    ]);
    expect((await staff.get(`/api/staffs/reservations/search-recent?clinicId=${fixture.clinicId}`)).body).toHaveLength(2);
    expect((await staff.get(`/api/staffs/reservations/search-recent-canceled?clinicId=${fixture.clinicId}`)).body.map((r: { id: string }) => r.id)).toEqual([
      booked.body.id,
    ]);
    expect((await alice.get(`/api/staffs/reservations?clinicId=${fixture.clinicId}&from=2026-12-01&to=2026-12-01`)).status).toBe(401);
  });

  it('audit every change of a reservation', async () => {
    const booked = await book(alice, at('2026-12-03T10:00'));
    await staff.put(`/api/staffs/reservations/${booked.body.id}/cancel`);
    const rows = await server.db.knex('audit_log').where({ entity: 'reservation', entity_id: booked.body.id }).orderBy('id').select('action', 'actor_type');
    expect(rows).toEqual([
      { action: 'reservation.create', actor_type: 'user' },
      { action: 'reservation.cancelled', actor_type: 'staff' },
    ]);
  });
});
