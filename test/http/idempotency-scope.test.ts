import { ACCOUNTS } from '@clinic/server';
import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

/**
 * Issue 16, item 9: an Idempotency-Key replayed another client's answer, a guest's cancel token
 * included. A key is now scoped to its caller: the logged-in member or staff member, or for guests
 * the client (address and browser).
 */

const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let fixture: BookingFixture;

const guestBooking = (startsAt: string) => ({
  clinicId: fixture.clinicId,
  menuId: fixture.menuA,
  startsAt,
  guest: { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'yamada.guest@example.jp' },
});
const post = (client: TestClient, path: string, json: unknown, key: string) => client.request('POST', path, { json, headers: { 'Idempotency-Key': key } });

beforeAll(async () => {
  // X-Forwarded-For is trusted so that two clients can come from addresses of their own.
  server = await startTestServer({ TRUST_PROXY: 'on' }, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10, staff: 2, rooms: 2, machines: 1 });
});

describe('Idempotency-Key is scoped to its caller', () => {
  it('replays a guest answer to the same client only, never its cancel token to another', async () => {
    const guest = server.client({ ip: '203.0.113.10' });
    const first = await post(guest, '/api/guests/reservations', guestBooking(at('2026-12-03T10:00')), 'shared-key-1');
    expect(first.status).toBe(201);
    const again = await post(guest, '/api/guests/reservations', guestBooking(at('2026-12-03T10:00')), 'shared-key-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.cancelToken).toBe(first.body.cancelToken);

    const attacker = server.client({ ip: '198.51.100.66' });
    const stolen = await post(attacker, '/api/guests/reservations', guestBooking(at('2026-12-03T10:00')), 'shared-key-1');
    expect(stolen.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.stringify(stolen.body)).not.toContain(first.body.cancelToken);
  });

  it('keeps members apart: the same key and body from another member is their own booking', async () => {
    const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
    await memberOf(server.db, fixture.clinicId, hash, '400001');
    await memberOf(server.db, fixture.clinicId, hash, '400002');
    const [alice, bob] = [server.client(), server.client()];
    await alice.login('user400001', PASSWORD);
    await bob.login('user400002', PASSWORD);
    const body = { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-04T10:00') };
    const mine = await post(alice, '/api/users/reservations', body, 'member-key');
    expect(mine.status).toBe(201);
    const theirs = await post(bob, '/api/users/reservations', { ...body, startsAt: at('2026-12-04T15:00') }, 'member-key');
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });
});
