import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { startTestServer, type TestServer } from '../support/http-harness';

const clock = fixedClock('2026-12-01T09:00:00+09:00');
const SIMULTANEOUS = 200;
let server: TestServer;
let fixture: BookingFixture;

beforeAll(async () => {
  // PostgreSQL when TEST_DATABASE_URL is set (always in CI): many connections really race there.
  server = await startTestServer({}, { clock });
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 2, staff: 1, rooms: 1, machines: 1 });
});
afterAll(() => server.close());

describe('no double booking, ever', () => {
  it(`${SIMULTANEOUS} simultaneous bookings of one slot: exactly one 201, the rest 409, no 5xx`, async () => {
    const attempts = Array.from({ length: SIMULTANEOUS }, (_, i) =>
      server.client().post('/api/guests/reservations', {
        clinicId: fixture.clinicId,
        menuId: fixture.menuA,
        startsAt: at('2026-12-02T11:00'),
        guest: { name: `同時 予約${i}`, kana: 'ドウジ ヨヤク', phone: `090-${String(1000 + i).padStart(4, '0')}-0000`, email: `race${i}@example.jp` },
      }),
    );
    const answers = await Promise.all(attempts);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(SIMULTANEOUS - 1);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.code))).toEqual(new Set(['RESERVATION_CONFLICT']));

    // The database agrees: one reservation, one 仮会員, and no two live holds of a resource overlap.
    expect(Number((await server.db.knex('reservations').count({ n: '*' }).first())!.n)).toBe(1);
    expect(Number((await server.db.knex('users').count({ n: '*' }).first())!.n)).toBe(1);
    const overlaps = await server.db.knex.raw(`
      select count(*) as n from allocations a join allocations b
        on a.id < b.id and a.resource_type = b.resource_type and a.resource_id = b.resource_id and a.during && b.during
      where a.live and b.live`);
    expect(Number(overlaps.rows[0].n)).toBe(0);
  });

  it('back-to-back bookings of the same resources are both accepted', async () => {
    const book = (startsAt: string, i: number) =>
      server.client().post('/api/guests/reservations', {
        clinicId: fixture.clinicId,
        menuId: fixture.menuA,
        startsAt,
        guest: { name: `連続 予約${i}`, kana: 'レンゾク', phone: `080-${1000 + i}-0000`, email: `seq${i}@example.jp` },
      });
    const [a, b] = await Promise.all([book(at('2026-12-02T15:00'), 1), book(at('2026-12-02T16:00'), 2)]);
    expect([a.status, b.status]).toEqual([201, 201]);
  });
});
