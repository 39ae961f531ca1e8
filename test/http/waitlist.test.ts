import { fixedClock } from '@clinic/core';
import { ACCOUNTS, WAITLIST } from '@clinic/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { databaseTargets } from '../support/databases';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { waitFor } from '../support/wait';

/**
 * The waitlist (docs/waitlist.md) on PGlite and PostgreSQL: a cancel offers the freed start to the
 * earliest fitting entry in its own transaction and holds it (no search shows it, no booking takes
 * it); accept books it once however many times it is sent; expiry and decline pass it on; offers
 * made at night start their hold at 09:00.
 */
const NOW = '2026-12-01T10:00:00+09:00';
const VISIT = at('2026-12-02T11:00');
const DAY = '2026-12-02';

describe.each(databaseTargets())('the waitlist on $name', (target) => {
  const clock = fixedClock(NOW);
  let server: TestServer;
  let fixture: BookingFixture;
  let staff: TestClient;
  let members: Record<string, TestClient>;
  let memberIds: Record<string, string>;

  const login = async (number: string) => {
    const client = server.client();
    expect((await client.login(`user${number}`, PASSWORD)).status).toBeLessThan(400);
    return client;
  };
  const book = (client: TestClient, startsAt = VISIT) =>
    client.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt });
  /** Staff book for member 400001 (no one-per-menu rule for staff). */
  const staffBook = (startsAt = VISIT) =>
    staff.post('/api/staffs/reservations', { clinicId: fixture.clinicId, userId: memberIds['400001'], menuId: fixture.menuA, startsAt });
  /** Waits for the 11:00–11:15 start of the visit day only: nothing else fits. */
  const join = (client: TestClient, times = [{ start: '11:00', end: '11:15' }], day = DAY) =>
    client.post('/api/users/waitlist', { clinicId: fixture.clinicId, menuId: fixture.menuA, from: day, to: day, times });
  const mine = async (client: TestClient) => {
    const answer = await client.get('/api/users/waitlist');
    expect(answer.status).toBe(200);
    return answer.body as { id: string; status: string; offer: { startsAt: string; expiresAt: string } | null; reservationId: string | null }[];
  };
  const starts = async (client: TestClient) => {
    const answer = await client.post('/api/users/reservations/search-available', { clinicId: fixture.clinicId, menuId: fixture.menuA, from: DAY, to: DAY });
    expect(answer.status).toBe(200);
    return (answer.body.slots as { startsAt: string }[]).map((slot) => slot.startsAt);
  };
  const cancel = async (client: TestClient, id: string) => expect((await client.put(`/api/users/reservations/${id}/cancel`)).status).toBe(200);

  beforeAll(async () => {
    server = await startTestServer({ MESSAGE_POLL_SECONDS: '0.5' }, { clock }, target);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    clock.set(NOW);
    await server.reset();
    await seedPeople(server.app);
    // One staff member, one room, one machine: a booked hour is gone for everyone.
    fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10, staff: 1, rooms: 1, machines: 1, name: '表参道', phone: '03-1234-5678' });
    const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
    memberIds = {};
    for (const number of ['400001', '400002', '400003', '400004']) memberIds[number] = await memberOf(server.db, fixture.clinicId, hash, number);
    members = Object.fromEntries(await Promise.all(['400001', '400002', '400003', '400004'].map(async (n) => [n, await login(n)] as const)));
    staff = server.client();
    expect((await staff.login('staffS0001', PASSWORD)).status).toBeLessThan(400);
  });

  it('a cancel offers the freed start to the waiting member in the same transaction; nobody else can see or book it; accept books it', async () => {
    const booked = await book(members['400001']!);
    expect(booked.status).toBe(201);
    const joined = await join(members['400002']!);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ status: 'WAITING', offer: null, from: DAY, to: DAY, times: [{ start: '11:00', end: '11:15' }] });

    await cancel(members['400001']!, booked.body.id);
    // No waiting: the offer was made in the cancel's transaction.
    const [entry] = await mine(members['400002']!);
    expect(entry).toMatchObject({ status: 'OFFERED', offer: { startsAt: '2026-12-02T11:00:00+09:00', expiresAt: '2026-12-01T10:30:00+09:00' } });
    expect(await starts(members['400003']!)).not.toContain('2026-12-02T11:00:00+09:00');
    const stolen = await book(members['400003']!);
    expect(stolen.status).toBe(409);
    expect(stolen.body.error.code).toBe('RESERVATION_CONFLICT');

    // The calendar shows the held time on the staff member's, room's and machine's rows.
    const holds = await staff.get(
      `/api/staffs/waitlist/holds?clinicId=${fixture.clinicId}&from=${encodeURIComponent(at('2026-12-02T00:00'))}&to=${encodeURIComponent(at('2026-12-03T00:00'))}`,
    );
    expect(holds.status).toBe(200);
    expect(holds.body).toMatchObject([
      {
        entryId: entry!.id,
        startsAt: '2026-12-02T11:00:00+09:00',
        tasks: [{ staffId: fixture.staffIds[0], roomId: fixture.roomIds[0], machineId: fixture.machineIds[0] }],
      },
    ]);
    // Staff see the entry with its offer.
    const list = await staff.get(`/api/staffs/waitlist?clinicId=${fixture.clinicId}&date=${DAY}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject([{ id: entry!.id, status: 'OFFERED', guest: false }]);

    // The offer goes out over the member's channel (mail here).
    await waitFor(async () => {
      const messages = await staff.get(`/api/staffs/messages?clinicId=${fixture.clinicId}&status=SENT`);
      return (messages.body as { kind: string }[]).some((message) => message.kind === 'WAITLIST_OFFER');
    }, 'the offer sent');

    const accepted = await members['400002']!.post(`/api/users/waitlist/${entry!.id}/accept`);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ startsAt: '2026-12-02T11:00:00+09:00', status: 'RESERVED' });
    expect((await mine(members['400002']!))[0]).toMatchObject({ status: 'BOOKED', offer: null, reservationId: accepted.body.id });
    const again = await members['400002']!.post(`/api/users/waitlist/${entry!.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('OFFER_NOT_AVAILABLE');
    // The hold became the reservation: one set of allocations, no offer rows left holding anything.
    expect(Number((await server.db.knex('allocations').whereNotNull('offer_id').count({ n: '*' }).first())!.n)).toBe(0);
    // The report of conversions counts it.
    const admin = server.client();
    await admin.login('staffA0001', PASSWORD);
    const report = await admin.get(`/api/admin/reports?type=waitlist-conversions&month=2026-12&clinicId=${fixture.clinicId}`);
    expect(report.body.rows.at(-1)).toEqual({ month: '2026-12', accepted: 1, offers: 1, rate: 100 });
  });

  it('joins racing cancels: no start left free that a waiting entry fits (the cancel looks for entries under the clinic lock)', async () => {
    // Staff book four hours for one member; three others join for the whole day while those four are cancelled, all at once.
    const hours = ['11:00', '12:00', '14:00', '15:00']; // 13:00–14:00 is the staff's break
    const booked = await Promise.all(hours.map((hour) => staffBook(at(`${DAY}T${hour}`))));
    expect(booked.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const joiners = ['400002', '400003', '400004'];
    const answers = await Promise.all([
      ...booked.map((answer) => staff.put(`/api/staffs/reservations/${answer.body.id}/cancel`)),
      ...joiners.map((number) => join(members[number]!, [])),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 201, 201, 201]);
    // Four hours freed, three waiting for any of them: each entry holds an offer of its own.
    const entries = await Promise.all(joiners.map(async (number) => (await mine(members[number]!))[0]!));
    expect(entries.map((entry) => entry.status)).toEqual(['OFFERED', 'OFFERED', 'OFFERED']);
    expect(new Set(entries.map((entry) => entry.offer!.startsAt)).size).toBe(3);
  });

  // PostgreSQL only: on PGlite one statement runs at a time, so a cancel waiting on a lock would wait forever.
  if (target.name === 'PostgreSQL') {
    it('a cancel takes the clinic lock before it looks for waiting entries, and sees an entry committed while it waited', async () => {
      const booked = await staffBook();
      expect(booked.status).toBe(201);
      const key = `waitlist:${fixture.clinicId}`;
      // A cancel's statement waiting for this clinic's lock (the activity's text is cut at 1 kB: its start).
      const waiting = async () =>
        Number(
          (
            await server.db.knex.raw(
              `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
               where l.locktype = 'advisory' and not l.granted and l.objid::bigint = (hashtext(current_schema() || ':' || ?)::bigint & 4294967295) and a.query like '%update reservations set status%'`,
              [key],
            )
          ).rows[0].n,
        );
      // Another matching run (a join's, an expiry's) holds the clinic's lock exclusively.
      const holder = await server.db.knex.transaction();
      try {
        await holder.raw(`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ?))`, [key]);
        const cancelling = staff.put(`/api/staffs/reservations/${booked.body.id}/cancel`);
        await waitFor(async () => (await waiting()) === 1, 'the cancel waiting for the clinic lock');
        // While it waits, an entry is committed (its statement began before this existed).
        await server.db.knex('waitlist_entries').insert({
          clinic_id: fixture.clinicId,
          menu_id: fixture.menuA,
          user_id: memberIds['400002'],
          from_day: DAY,
          to_day: DAY,
          times: JSON.stringify([{ start: '11:00', end: '11:15' }]),
        });
        await holder.commit();
        expect((await cancelling).status).toBe(200);
      } finally {
        if (!holder.isCompleted()) await holder.rollback();
      }
      // The cancel's own transaction offered it the freed start.
      expect((await mine(members['400002']!))[0]).toMatchObject({ status: 'OFFERED', offer: { startsAt: '2026-12-02T11:00:00+09:00' } });
    });

    it("a staff's offer takes the clinic lock before the entry's row, as matching runs do, so the two cannot deadlock", async () => {
      await book(members['400001']!);
      await join(members['400003']!);
      const [waiting] = await mine(members['400003']!);
      expect(waiting!.status).toBe('WAITING');
      const key = `waitlist:${fixture.clinicId}`;
      // A matching run (a cancel's, a join's) holds the clinic's lock and will take the entries it offers.
      const holder = await server.db.knex.transaction();
      try {
        await holder.raw(`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ?))`, [key]);
        const offering = staff.post(`/api/staffs/waitlist/${waiting!.id}/offer`, { startsAt: at('2026-12-02T15:00') });
        await waitFor(
          async () =>
            (
              await server.db.knex.raw(
                `select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
                 where l.locktype = 'advisory' and not l.granted and l.objid::bigint = (hashtext(current_schema() || ':' || ?)::bigint & 4294967295) and a.query like '%pg_advisory_xact_lock%'`,
                [key],
              )
            ).rows.length > 0,
          "the staff's offer waiting for the clinic lock",
        );
        // The offer waits without holding the entry: the run takes its row at once (NOWAIT fails otherwise).
        await holder.raw('select id from waitlist_entries where id = ? for update nowait', [waiting!.id]);
        await holder.commit();
        expect((await offering).status).toBe(201);
      } finally {
        if (!holder.isCompleted()) await holder.rollback();
      }
    });

    it('cancels of one clinic do not wait for one another: a cancel in flight holds the lock shared', async () => {
      const booked = await staffBook();
      expect(booked.status).toBe(201);
      const other = await server.db.knex.transaction();
      try {
        // Another cancel's look, not yet committed.
        await other.raw(`select pg_advisory_xact_lock_shared(hashtext(current_schema() || ':' || ?))`, [`waitlist:${fixture.clinicId}`]);
        expect((await staff.put(`/api/staffs/reservations/${booked.body.id}/cancel`)).status).toBe(200);
      } finally {
        await other.rollback();
      }
    });
  }

  it('a lifted block frees its time: the waiting entry is offered it', async () => {
    const block = await staff.post('/api/staffs/blocks', {
      resourceType: 'STAFF',
      resourceId: fixture.staffIds[0],
      startsAt: VISIT,
      endsAt: at('2026-12-02T12:00'),
      reason: '研修',
    });
    expect(block.status).toBe(201);
    expect((await join(members['400002']!)).body.status).toBe('WAITING');
    expect((await staff.request('DELETE', `/api/staffs/blocks/${block.body.id}`)).status).toBe(204);
    expect((await mine(members['400002']!))[0]).toMatchObject({ status: 'OFFERED', offer: { startsAt: '2026-12-02T11:00:00+09:00' } });
  });

  it('20 simultaneous accepts of one offer book it once', async () => {
    const booked = await book(members['400001']!);
    await join(members['400002']!);
    await cancel(members['400001']!, booked.body.id);
    const [entry] = await mine(members['400002']!);
    const answers = await Promise.all(Array.from({ length: 20 }, () => members['400002']!.post(`/api/users/waitlist/${entry!.id}/accept`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(Number((await server.db.knex('reservations').where({ status: 'RESERVED' }).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it('an expired offer passes to the next entry; accepting it late is 409 OFFER_EXPIRED; with nobody left the time is free again', async () => {
    const booked = await book(members['400001']!);
    await join(members['400002']!);
    await join(members['400003']!);
    await cancel(members['400001']!, booked.body.id);
    const [first] = await mine(members['400002']!);
    expect(first!.status).toBe('OFFERED');
    expect((await mine(members['400003']!))[0]!.status).toBe('WAITING');

    clock.set('2026-12-01T10:31:00+09:00');
    expect(await server.app.container.get(WAITLIST.useCase).expireDue()).toBe(1);
    expect((await mine(members['400002']!))[0]).toMatchObject({ status: 'EXPIRED', offer: null });
    const [second] = await mine(members['400003']!);
    expect(second).toMatchObject({ status: 'OFFERED', offer: { startsAt: '2026-12-02T11:00:00+09:00', expiresAt: '2026-12-01T11:01:00+09:00' } });

    // Not yet swept: the accept itself finds the offer expired, ends it and passes it on (to nobody).
    clock.set('2026-12-01T11:05:00+09:00');
    const late = await members['400003']!.post(`/api/users/waitlist/${second!.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('OFFER_EXPIRED');
    expect((await mine(members['400003']!))[0]!.status).toBe('EXPIRED');
    expect(await starts(members['400004']!)).toContain('2026-12-02T11:00:00+09:00');
  });

  it('a declined offer passes to the next entry in registration order', async () => {
    const booked = await book(members['400001']!);
    await join(members['400002']!);
    await join(members['400003']!);
    await cancel(members['400001']!, booked.body.id);
    const [first] = await mine(members['400002']!);
    expect((await members['400002']!.post(`/api/users/waitlist/${first!.id}/decline`)).status).toBe(204);
    expect((await mine(members['400002']!))[0]!.status).toBe('CANCELLED');
    expect((await mine(members['400003']!))[0]!.status).toBe('OFFERED');
  });

  it('an offer made at night is sent at 09:00 and holds from then', async () => {
    // The day after: the cancel at 22:10 is still before the clinic's 24-hour deadline.
    const booked = await book(members['400001']!, at('2026-12-03T11:00'));
    await join(members['400002']!, undefined, '2026-12-03');
    clock.set('2026-12-01T22:10:00+09:00');
    await cancel(members['400001']!, booked.body.id);
    const [entry] = await mine(members['400002']!);
    expect(entry).toMatchObject({ status: 'OFFERED', offer: { expiresAt: '2026-12-02T09:30:00+09:00' } });
    const offers = (await staff.get(`/api/staffs/messages?clinicId=${fixture.clinicId}`)).body as { kind: string; scheduledAt: string; status: string }[];
    expect(offers.filter((m) => m.kind === 'WAITLIST_OFFER')).toMatchObject([{ scheduledAt: '2026-12-02T09:00:00+09:00', status: 'SCHEDULED' }]);
  });

  it('a guest joins with the booking form, sees the entry through the token, and accepts the offer', async () => {
    const booked = await book(members['400001']!);
    const guest = server.client();
    const joined = await guest.post('/api/guests/waitlist', {
      clinicId: fixture.clinicId,
      menuId: fixture.menuA,
      from: DAY,
      to: DAY,
      times: [{ start: '11:00', end: '11:15' }],
      guest: { name: '待機 花子', kana: 'タイキ ハナコ', phone: '090-5555-0001', email: 'taiki@example.jp' },
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ status: 'WAITING' });
    const token = joined.body.token as string;
    await cancel(members['400001']!, booked.body.id);
    const seen = await guest.get(`/api/guests/waitlist?token=${encodeURIComponent(token)}`);
    expect(seen.body).toMatchObject({ status: 'OFFERED', offer: { startsAt: '2026-12-02T11:00:00+09:00' } });
    const accepted = await guest.post('/api/guests/waitlist/accept', { token });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ startsAt: '2026-12-02T11:00:00+09:00' });
    expect(typeof accepted.body.cancelToken).toBe('string');
    expect((await guest.get(`/api/guests/waitlist?token=${encodeURIComponent(token)}`)).body.status).toBe('BOOKED');
    expect((await guest.get('/api/guests/waitlist?token=nope')).body.error.code).toBe('INVALID_TOKEN');
  });

  it('joining checks the window, the times and duplicates with clear Japanese messages', async () => {
    const tooFar = await members['400002']!.post('/api/users/waitlist', { clinicId: fixture.clinicId, menuId: fixture.menuA, from: DAY, to: '2027-02-01' });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error.fields[0].message).toContain('30日先');
    const backwards = await join(members['400002']!, [{ start: '12:00', end: '11:00' }]);
    expect(backwards.status).toBe(400);
    expect((await join(members['400002']!)).status).toBe(201);
    const twice = await join(members['400002']!);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('WAITLIST_ALREADY_JOINED');
    const entries = await mine(members['400002']!);
    expect((await members['400002']!.request('DELETE', `/api/users/waitlist/${entries[0]!.id}`)).status).toBe(204);
    expect((await mine(members['400002']!))[0]!.status).toBe('CANCELLED');
    // Another member's entry is not found.
    expect((await members['400003']!.request('DELETE', `/api/users/waitlist/${entries[0]!.id}`)).status).toBe(404);
  });

  it('staff offer a time by hand and remove an entry; the held time shows nowhere else', async () => {
    await join(members['400002']!, []);
    // Nothing was free at join? The whole day is free: the entry was offered the earliest start at once.
    const [entry] = await mine(members['400002']!);
    expect(entry!.status).toBe('OFFERED');
    expect((await staff.request('DELETE', `/api/staffs/waitlist/${entry!.id}`)).status).toBe(204);
    expect((await mine(members['400002']!))[0]!.status).toBe('CANCELLED');
    const booked = await book(members['400001']!);
    await join(members['400003']!);
    const [waiting] = await mine(members['400003']!);
    expect(waiting!.status).toBe('WAITING');
    const busy = await staff.post(`/api/staffs/waitlist/${waiting!.id}/offer`, { startsAt: VISIT });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('RESERVATION_CONFLICT');
    const offered = await staff.post(`/api/staffs/waitlist/${waiting!.id}/offer`, { startsAt: at('2026-12-02T15:00') });
    expect(offered.status).toBe(201);
    expect(offered.body).toMatchObject({ status: 'OFFERED', offer: { startsAt: '2026-12-02T15:00:00+09:00' } });
    expect(await starts(members['400004']!)).not.toContain('2026-12-02T15:00:00+09:00');
    expect(booked.status).toBe(201);
  });
});
