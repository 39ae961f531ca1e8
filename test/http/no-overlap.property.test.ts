import { fixedClock } from '@clinic/core';
import { RESERVATIONS } from '@clinic/server';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { startTestServer, type TestServer } from '../support/http-harness';

const clock = fixedClock('2026-12-01T09:00:00+09:00');
const DAY = DateTime.fromISO('2026-12-02T10:00', { zone: 'Asia/Tokyo' }).toMillis();
const Q = 900_000;
let server: TestServer;
let fixture: BookingFixture;
let userId: string;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-02', days: 1, staff: 2, rooms: 2, machines: 1 });
  userId = await memberOf(server.db, fixture.clinicId, 'x', '400001');
});
afterAll(() => server.close());

type Op =
  | { kind: 'book'; staff: number; room: number | null; machine: boolean; start: number; length: number }
  | { kind: 'move'; pick: number; start: number; staff: number | null }
  | { kind: 'cancel'; pick: number }
  | { kind: 'reopen'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('book' as const),
    staff: fc.integer({ min: 0, max: 1 }),
    room: fc.option(fc.integer({ min: 0, max: 1 })),
    machine: fc.boolean(),
    start: fc.integer({ min: 0, max: 10 }),
    length: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), start: fc.integer({ min: 0, max: 10 }), staff: fc.option(fc.integer({ min: 0, max: 1 })) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reopen' as const), pick: fc.nat() }),
);

describe('the double-booking guarantee under any sequence of changes', () => {
  it('never leaves two live holds of one resource overlapping, whatever is booked, moved, cancelled and reopened', async () => {
    const book = server.app.container.get(RESERVATIONS.book);
    const manage = server.app.container.get(RESERVATIONS.manage);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        await server.db.knex('reservations').delete();
        const ids: string[] = [];
        for (const step of ops) {
          if (step.kind === 'book') {
            const startMs = DAY + step.start * Q;
            const result = await book
              .byStaffExplicit('1', {
                clinicId: fixture.clinicId,
                userId,
                menuIds: [fixture.menuA],
                tasks: [
                  {
                    startMs,
                    endMs: startMs + step.length * Q,
                    staffId: fixture.staffIds[step.staff]!,
                    roomId: step.room === null ? null : fixture.roomIds[step.room]!,
                    machineId: step.machine ? fixture.machineIds[0]! : null,
                  },
                ],
              })
              .catch((error: { error?: { code: string } }) => ({ ok: false as const, error: error.error ?? { code: 'THROWN' } }));
            if (result.ok) ids.push(result.value.id);
            else expect(['RESOURCE_COLLISION']).toContain(result.error.code);
          } else if (ids.length > 0) {
            const id = ids[step.pick % ids.length]!;
            const attempt =
              step.kind === 'move'
                ? manage.moveByStaff('1', id, DAY + step.start * Q, step.staff === null ? null : { type: 'STAFF', id: fixture.staffIds[step.staff]! })
                : manage.setStatusByStaff('1', id, step.kind === 'cancel' ? 'CANCELLED' : 'RESERVED');
            const result = await attempt.catch((error: { error?: { code: string } }) => ({ ok: false as const, error: error.error ?? { code: 'THROWN' } }));
            if (!result.ok) expect(['RESOURCE_COLLISION', 'MOVE_NOT_ALLOWED', 'UPDATE_FAILED']).toContain(result.error.code);
          }
        }
        const overlaps = await server.db.knex.raw(`
          select count(*) as n from allocations a join allocations b
            on a.id < b.id and a.resource_type = b.resource_type and a.resource_id = b.resource_id and a.during && b.during
          where a.live and b.live`);
        expect(Number(overlaps.rows[0].n)).toBe(0);
        // Every live reservation holds exactly the resources its tasks name.
        const mismatched = await server.db.knex.raw(`
          select count(*) as n from reservation_tasks t join reservations r on r.id = t.reservation_id
          where (select count(*) from allocations a where a.reservation_task_id = t.id and a.live)
             <> (case when r.status in ('RESERVED', 'VISITED') then num_nonnulls(t.staff_id, t.room_id, t.machine_id) else 0 end)`);
        expect(Number(mismatched.rows[0].n)).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});
