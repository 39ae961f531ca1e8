import { ACCOUNTS } from '@clinic/server';
import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, startTestServer, type TestServer } from '../support/http-harness';

/**
 * "One live reservation per member and menu" under real concurrency (PostgreSQL when
 * TEST_DATABASE_URL is set), for members and for guests, and a guest booking never attached to a
 * FULL member (docs/reservations.md, docs/security.md).
 */
const clock = fixedClock('2026-12-01T09:00:00+09:00');
const SIMULTANEOUS = 10;
let server: TestServer;
let fixture: BookingFixture;
let memberId: string;

// Ten different starts on two days, so the bookings never collide on a resource: only the
// per-member rule can refuse them.
const STARTS = [10, 11, 14, 15, 16].flatMap((hour) => ['2026-12-02', '2026-12-03'].map((day) => at(`${day}T${hour}:00`)));
const count = async (table: string, where: Record<string, unknown> = {}) => Number((await server.db.knex(table).where(where).count({ n: '*' }).first())!.n);
const guest = { name: '同時 花子', kana: 'ドウジ ハナコ', phone: '090-7777-0001', email: 'douji@example.jp' };
const bookAsGuest = (startsAt: string, who: Record<string, unknown> = guest, menuId = fixture.menuA) =>
  server.client().post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId, startsAt, guest: who });

beforeAll(async () => {
  // The harness's generous guest-booking limits: this file tests the booking rules, not the guard.
  server = await startTestServer({}, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 5, staff: 2, rooms: 2, machines: 2 });
  memberId = await memberOf(server.db, fixture.clinicId, await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD), '300001');
});

describe('one live reservation per member and menu, under concurrency', () => {
  it(`${SIMULTANEOUS} simultaneous member bookings of one menu at different times: one 201, the rest 409 ALREADY_RESERVED`, async () => {
    const member = server.client();
    expect((await member.login('user300001', PASSWORD)).status).toBeLessThan(400);
    const answers = await Promise.all(
      STARTS.map((startsAt) => member.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(SIMULTANEOUS - 1).fill(409)]);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.code))).toEqual(new Set(['ALREADY_RESERVED']));
    expect(await count('reservations', { user_id: memberId })).toBe(1);
    // Another menu is still open to the member.
    expect((await member.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuB, startsAt: at('2026-12-04T10:00') })).status).toBe(
      201,
    );
  });

  it(`${SIMULTANEOUS} simultaneous guest bookings of one menu with the same phone and name: one 201, the rest 409 ALREADY_RESERVED, one 仮会員`, async () => {
    const answers = await Promise.all(STARTS.map((startsAt) => bookAsGuest(startsAt)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(SIMULTANEOUS - 1).fill(409)]);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.code))).toEqual(new Set(['ALREADY_RESERVED']));
    expect(await count('users', { status: 'TEMPORARY' })).toBe(1);
    expect(await count('reservations')).toBe(1);
  });

  it(`${SIMULTANEOUS} first-time guests with different phones and one new e-mail at once: all 201, the e-mail kept on one 仮会員`, async () => {
    const answers = await Promise.all(
      STARTS.map((startsAt, index) =>
        bookAsGuest(startsAt, { ...guest, name: `同時 花子${index}`, phone: `090-7777-1${String(index).padStart(3, '0')}`, email: 'shared@example.jp' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(SIMULTANEOUS).fill(201));
    expect(await count('users', { status: 'TEMPORARY' })).toBe(SIMULTANEOUS);
    expect(await count('users', { email: 'shared@example.jp' })).toBe(1);
    expect(await count('reservations')).toBe(SIMULTANEOUS);
  });

  it('a guest whose booking of the menu is cancelled or over may book it again; spacing and letters of name and phone do not matter', async () => {
    const first = await bookAsGuest(STARTS[0]!);
    expect(first.status).toBe(201);
    const again = await bookAsGuest(STARTS[1]!, { ...guest, name: ' 同時　 花子 ', phone: '09077770001' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ALREADY_RESERVED', message: expect.stringMatching(/予約/) });
    expect((await server.client().put('/api/guests/reservations/cancel', { token: first.body.cancelToken })).status).toBe(200);
    expect((await bookAsGuest(STARTS[1]!)).status).toBe(201);
    // Another menu at the same time as nothing else: allowed.
    expect((await bookAsGuest(STARTS[2]!, guest, fixture.menuB)).status).toBe(201);
  });
});

describe('a guest booking is never attached to a FULL member', () => {
  it('the phone and name of a FULL member of the clinic: 409 MEMBER_LOGIN_REQUIRED, nothing written', async () => {
    // memberOf: name 会員 300001, phone 090-0000-0000, e-mail 300001@example.jp.
    const answer = await bookAsGuest(STARTS[0]!, { name: '会員 300001', kana: 'カイイン', phone: '090-0000-0000', email: 'someone-else@example.jp' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('MEMBER_LOGIN_REQUIRED');
    expect(answer.body.error.message).toMatch(/ログイン/);
    expect(await count('reservations')).toBe(0);
    expect(await count('users')).toBe(1);
  });

  it("a FULL member's e-mail with another name: 409 MEMBER_LOGIN_REQUIRED", async () => {
    const answer = await bookAsGuest(STARTS[0]!, { name: '別人 花子', kana: 'ベツジン', phone: '080-1111-2222', email: '300001@EXAMPLE.jp' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('MEMBER_LOGIN_REQUIRED');
    expect(await count('reservations')).toBe(0);
  });

  it('the member then books their own visit as a member, unhindered', async () => {
    expect((await bookAsGuest(STARTS[0]!, { name: '会員 300001', kana: 'カイイン', phone: '090-0000-0000', email: 'other@example.jp' })).status).toBe(409);
    const member = server.client();
    await member.login('user300001', PASSWORD);
    expect((await member.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: STARTS[0] })).status).toBe(201);
  });
});
