import { fixedClock } from '@clinic/core';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

/**
 * The guest booking guard (docs/security.md) with its default thresholds: 3 attempts an hour from
 * one client address without a challenge, then a solved proof-of-work challenge for each further
 * one, 20 an hour from one address at all, 5 a day per phone and per e-mail. Counters live in
 * PostgreSQL (rate-limiter-flexible), so they hold under concurrency and across servers.
 * TRUST_PROXY is on so that each test speaks from its own client address (X-Forwarded-For).
 * The challenge is made cheap (cost 1) so that solving it here takes milliseconds.
 */
const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let fixture: BookingFixture;
let addressSeq = 0;
let guestSeq = 0;

/** Empty values: loadConfig's defaults, i.e. what production runs with. */
const DEFAULT_LIMITS = { GUEST_FREE_PER_ADDRESS_HOUR: '', GUEST_MAX_PER_ADDRESS_HOUR: '', GUEST_MAX_PER_PHONE_DAY: '', GUEST_MAX_PER_EMAIL_DAY: '' };

const newAddress = () => `203.0.113.${++addressSeq}`;
const newGuest = () => {
  guestSeq += 1;
  return { name: `試験 花子${guestSeq}`, kana: 'シケン ハナコ', phone: `080-2000-${String(1000 + guestSeq)}`, email: `guard${guestSeq}@example.jp` };
};
/** A different start each time (the staff break is 13:00–14:00), so that bookings never collide. */
const HOURS = [10, 11, 12, 14, 15, 16, 17, 18];
let slotSeq = 0;
const nextStart = () => {
  const n = slotSeq++;
  const day = 2 + Math.floor(n / HOURS.length);
  return at(`2026-12-${String(day).padStart(2, '0')}T${HOURS[n % HOURS.length]}:00`);
};
const book = (client: TestClient, extra: Record<string, unknown> = {}, guest: Record<string, unknown> = newGuest()) =>
  client.post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: nextStart(), guest, ...extra });
/** What the browser does: fetch a challenge, solve it, send `{ challenge, solution }` as JSON. */
const solved = async (client: TestClient): Promise<string> => {
  const answer = await client.get('/api/guests/challenge');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const challenge = answer.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return JSON.stringify({ challenge, solution });
};
const count = async (table: string) => Number((await server.db.knex(table).count({ n: '*' }).first())!.n);

beforeAll(async () => {
  server = await startTestServer({ ...DEFAULT_LIMITS, TRUST_PROXY: 'on', GUEST_CHALLENGE_COST: '1', GUEST_CHALLENGE_MAX_COUNTER: '40' }, { clock });
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 20, staff: 3, rooms: 3, machines: 3 });
});
afterAll(() => server.close());
beforeEach(async () => {
  // The server's message worker may still be sending the last test's confirmations: if this delete
  // and the worker deadlock, PostgreSQL ends this one (40P01) and it is simply run again.
  for (;;) {
    try {
      await server.db.knex('reservations').delete();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01') throw error;
    }
  }
});

describe('a person booking normally never sees the guard', () => {
  it('three bookings in an hour from one address: all 201, no challenge', async () => {
    const client = server.client({ ip: newAddress() });
    for (let i = 0; i < 3; i += 1) expect((await book(client)).status).toBe(201);
  });
});

describe('past 3 attempts an hour from one address, a solved challenge is needed', () => {
  it('the 4th attempt is 428 CHALLENGE_REQUIRED in Japanese and writes nothing; with a solved challenge it is 201', async () => {
    const client = server.client({ ip: newAddress() });
    for (let i = 0; i < 3; i += 1) expect((await book(client)).status).toBe(201);
    const before = await count('reservations');
    const refused = await book(client);
    expect(refused.status).toBe(428);
    expect(refused.body.error.code).toBe('CHALLENGE_REQUIRED');
    expect(refused.body.error.message).toMatch(/確認/);
    expect(await count('reservations')).toBe(before);

    expect((await book(client, { challenge: await solved(client) })).status).toBe(201);
    // Another address is not concerned.
    expect((await book(server.client({ ip: newAddress() }))).status).toBe(201);
  });

  it('the same Idempotency-Key resent with the solution books once: the 428 is not replayed', async () => {
    const client = server.client({ ip: newAddress() });
    for (let i = 0; i < 3; i += 1) await book(client);
    const body = { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: nextStart(), guest: newGuest() };
    const headers = { 'Idempotency-Key': `guard-${addressSeq}` };
    expect((await client.request('POST', '/api/guests/reservations', { json: body, headers })).status).toBe(428);
    const booked = await client.request('POST', '/api/guests/reservations', { json: { ...body, challenge: await solved(client) }, headers });
    expect(booked.status).toBe(201);
    const again = await client.request('POST', '/api/guests/reservations', { json: { ...body, challenge: await solved(client) }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(booked.body.id);
  });

  it('a solution is single-use: replayed, tampered with, expired or forged it is refused', async () => {
    const client = server.client({ ip: newAddress() });
    for (let i = 0; i < 3; i += 1) await book(client);
    const payload = await solved(client);
    expect((await book(client, { challenge: payload })).status).toBe(201);
    expect((await book(client, { challenge: payload })).body.error.code).toBe('CHALLENGE_REQUIRED');

    const tampered = JSON.parse(await solved(client)) as { challenge: Challenge; solution: { derivedKey: string } };
    tampered.solution.derivedKey = tampered.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await book(client, { challenge: JSON.stringify(tampered) })).body.error.code).toBe('CHALLENGE_REQUIRED');
    expect((await book(client, { challenge: 'not a solution' })).body.error.code).toBe('CHALLENGE_REQUIRED');

    // Signed with the servers' own keys but expired a second ago; and one signed with another key.
    const secret = async (name: string) => String((await server.db.knex('app_secrets').where({ name }).first('value')).value);
    const make = async (signature: string, expiresAt: Date) => {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1,
        counter: 5,
        deriveKey,
        expiresAt,
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: await secret('guest-challenge-key'),
      });
      return JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) });
    };
    expect((await book(client, { challenge: await make(await secret('guest-challenge-signature'), new Date(Date.now() - 1000)) })).body.error.code).toBe(
      'CHALLENGE_REQUIRED',
    );
    expect((await book(client, { challenge: await make('someone-elses-secret', new Date(Date.now() + 60_000)) })).body.error.code).toBe('CHALLENGE_REQUIRED');
    // Still valid from the same keys when not expired: the refusals above were for the right reasons.
    expect((await book(client, { challenge: await make(await secret('guest-challenge-signature'), new Date(Date.now() + 60_000)) })).status).toBe(201);
  });

  it('30 simultaneous bookings from one address without a challenge: exactly 3 pass the guard, 17 want a challenge, 10 are over the limit', async () => {
    const client = server.client({ ip: newAddress() });
    const answers = await Promise.all(Array.from({ length: 30 }, () => book(client)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 428)).toHaveLength(17);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(await count('reservations')).toBeLessThanOrEqual(3);
  });
});

describe('hard limits: 429 RATE_LIMITED, challenge or not', () => {
  it('the 21st attempt in an hour from one address', async () => {
    const client = server.client({ ip: newAddress() });
    for (let i = 1; i <= 20; i += 1) {
      // Past the third, each attempt carries a solved challenge; a time the clinic is closed keeps
      // the clinic's calendar free: the attempt still counts.
      const answer = await client.post('/api/guests/reservations', {
        clinicId: fixture.clinicId,
        menuId: fixture.menuA,
        startsAt: at('2026-12-02T03:00'),
        guest: newGuest(),
        ...(i > 3 ? { challenge: await solved(client) } : {}),
      });
      expect([answer.status, answer.body.error.code]).toEqual([400, 'CLINIC_CLOSED']);
    }
    const limited = await book(client, { challenge: await solved(client) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });

  it('the 6th attempt in a day for one phone number, or one e-mail, from any address', async () => {
    const phone = '070-3333-4444';
    for (let i = 0; i < 5; i += 1) expect((await book(server.client({ ip: newAddress() }), {}, { ...newGuest(), phone })).status).toBe(201);
    const byPhone = await book(server.client({ ip: newAddress() }), {}, { ...newGuest(), phone: '07033334444' });
    expect([byPhone.status, byPhone.body.error.code]).toEqual([429, 'RATE_LIMITED']);

    const email = 'many@example.jp';
    for (let i = 0; i < 5; i += 1) expect((await book(server.client({ ip: newAddress() }), {}, { ...newGuest(), email })).status).toBe(201);
    const byEmail = await book(server.client({ ip: newAddress() }), {}, { ...newGuest(), email: 'MANY@example.jp' });
    expect([byEmail.status, byEmail.body.error.code]).toEqual([429, 'RATE_LIMITED']);
  });
});

describe('limits that cannot be turned against a victim (issue 26)', () => {
  it("five refused attempts with a victim's phone and e-mail from one address leave the victim able to book from another", async () => {
    const victim = { ...newGuest(), phone: '070-4444-5555', email: 'victim@example.jp' };
    // A start at night: the booking itself refuses it, after the guard admitted the attempt.
    const taken = at('2026-12-03T03:00');
    // The attacker tries the night start five times (solving the challenges past the free ones), spelling the phone as they like.
    const attacker = server.client({ ip: newAddress() });
    const spellings = ['070-4444-5555', '+81 70 4444 5555', '07044445555', '０７０４４４４５５５５', '+81-70-4444-5555'];
    for (const [index, phone] of spellings.entries()) {
      const challenge = index >= 3 ? await solved(attacker) : undefined;
      const refused = await book(attacker, { startsAt: taken, ...(challenge ? { challenge } : {}) }, { ...victim, phone });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(['CHALLENGE_REQUIRED', 'RATE_LIMITED']).not.toContain(refused.body.error.code);
    }
    // The refusals counted against the attacker's address: the next attempt from there needs a challenge.
    expect((await book(attacker, {}, newGuest())).status).toBe(428);
    // The victim, from another address, books.
    expect((await book(server.client({ ip: newAddress() }), {}, victim)).status).toBe(201);
  });

  it("staff clear a person's guest limit from the member panel, audited", async () => {
    const phone = '070-6666-7777';
    for (let i = 0; i < 5; i += 1) expect((await book(server.client({ ip: newAddress() }), {}, { ...newGuest(), phone })).status).toBe(201);
    expect((await book(server.client({ ip: newAddress() }), {}, { ...newGuest(), phone })).status).toBe(429);
    const member = await server.db.knex('users').where('phone', phone).orderBy('id').first('id');
    const staff = server.client({ ip: newAddress() });
    expect((await staff.login('staffS0001', PASSWORD)).status).toBeLessThan(400);
    expect((await staff.request('DELETE', `/api/staffs/users/${member.id}/guest-limit`)).status).toBe(204);
    expect((await staff.request('DELETE', '/api/staffs/users/999999/guest-limit')).status).toBe(404);
    expect(
      await server.db
        .knex('audit_log')
        .where({ action: 'user.guest_limit.clear', entity_id: String(member.id) })
        .first('actor_type'),
    ).toMatchObject({
      actor_type: 'staff',
    });
    expect((await book(server.client({ ip: newAddress() }), {}, { ...newGuest(), phone: '+81 70 6666 7777' })).status).toBe(201);
  });
});

describe('a guest joining the waitlist passes the same guard (the registration mails the address given)', () => {
  const join = (client: TestClient, extra: Record<string, unknown> = {}) =>
    client.post('/api/guests/waitlist', {
      clinicId: fixture.clinicId,
      menuId: fixture.menuA,
      from: '2026-12-05',
      to: '2026-12-05',
      guest: newGuest(),
      ...extra,
    });
  const entries = () => count('waitlist_entries');

  it('bookings and joins from one address count together: past 3, a join is 428 and writes nothing; solved, it is 201', async () => {
    const client = server.client({ ip: newAddress() });
    expect((await book(client)).status).toBe(201);
    expect((await join(client)).status).toBe(201);
    expect((await join(client)).status).toBe(201);
    const before = await entries();
    const refused = await join(client);
    expect(refused.status).toBe(428);
    expect(refused.body.error.code).toBe('CHALLENGE_REQUIRED');
    expect(await entries()).toBe(before);
    const admitted = await join(client, { challenge: await solved(client) });
    expect(admitted.status).toBe(201);
    expect(await entries()).toBe(before + 1);
  });
});
