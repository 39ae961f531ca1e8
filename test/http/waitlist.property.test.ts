import { fixedClock } from '@clinic/core';
import { RESERVATIONS, WAITLIST } from '@clinic/server';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { startTestServer, type TestServer } from '../support/http-harness';

/**
 * The waitlist's guarantees under any sequence of bookings, joins, cancels, no-shows, accepts,
 * declines and expiries (docs/waitlist.md): never an overlap, never an offer without its one
 * entry (or an entry OFFERED twice), never a free start left unoffered while a fitting entry waits.
 */
const NOW = '2026-12-01T10:00:00+09:00';
const clock = fixedClock(NOW);
const DAY = '2026-12-02';
const hourOf = (hour: number) => DateTime.fromISO(`${DAY}T${String(hour).padStart(2, '0')}:00`, { zone: 'Asia/Tokyo' }).toMillis();
let server: TestServer;
let fixture: BookingFixture;
let members: string[];

beforeAll(async () => {
  server = await startTestServer({ MESSAGE_WORKER: 'off' }, { clock });
  // One staff member, one room, one machine: every booking competes for the same hour.
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 3, staff: 1, rooms: 1, machines: 1 });
  members = [];
  for (const number of ['600001', '600002', '600003', '600004', '600005']) members.push(await memberOf(server.db, fixture.clinicId, 'x', number));
});
afterAll(() => server.close());

type Op =
  | { kind: 'book'; who: number; hour: number }
  | { kind: 'join'; who: number; from: number | null }
  | { kind: 'cancel' | 'noShow'; pick: number }
  | { kind: 'accept' | 'decline' | 'leave'; who: number }
  | { kind: 'expire' };

const who = fc.integer({ min: 0, max: 4 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('book' as const), who, hour: fc.integer({ min: 10, max: 17 }) }),
  fc.record({ kind: fc.constant('join' as const), who, from: fc.option(fc.integer({ min: 10, max: 17 })) }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'noShow' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constantFrom('accept' as const, 'decline' as const, 'leave' as const), who }),
  fc.record({ kind: fc.constant('expire' as const) }),
);

const EXPECTED = new Set([
  'RESERVATION_CONFLICT',
  'ALREADY_RESERVED',
  'WAITLIST_ALREADY_JOINED',
  'OFFER_NOT_AVAILABLE',
  'OFFER_EXPIRED',
  'WAITLIST_NOT_FOUND',
  'UPDATE_FAILED',
  'INVALID_TIMESLOT',
  'CLINIC_CLOSED',
]);

describe('the waitlist under any sequence of changes', () => {
  it('keeps no overlap, one entry per offer, and no fitting start unoffered', async () => {
    const book = server.app.container.get(RESERVATIONS.book);
    const manage = server.app.container.get(RESERVATIONS.manage);
    const search = server.app.container.get(RESERVATIONS.search);
    const waitlist = server.app.container.get(WAITLIST.useCase);
    const knex = server.db.knex;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 16 }), async (ops) => {
        clock.set(NOW);
        await knex('waitlist_entries').delete();
        await knex('reservations').delete();
        const booked: string[] = [];
        const check = (result: { ok: boolean; error?: { code: string } }) => {
          if (!result.ok) expect(EXPECTED, result.error!.code).toContain(result.error!.code);
        };
        for (const step of ops) {
          if (step.kind === 'book') {
            const result = await book
              .byMember(members[step.who]!, { clinicId: fixture.clinicId, menuId: fixture.menuA, startMs: hourOf(step.hour) })
              .catch((error: { error: { code: string } }) => ({ ok: false as const, error: error.error }));
            check(result);
            if (result.ok) booked.push(result.value.id);
          } else if (step.kind === 'join') {
            const times = step.from === null ? [] : [{ start: `${step.from}:00`, end: `${step.from + 1}:00` }];
            check(await waitlist.joinByMember(members[step.who]!, { clinicId: fixture.clinicId, menuId: fixture.menuA, from: DAY, to: DAY, times }));
          } else if (step.kind === 'cancel' || step.kind === 'noShow') {
            if (booked.length === 0) continue;
            const result = await manage
              .setStatusByStaff('1', booked[step.pick % booked.length]!, step.kind === 'cancel' ? 'CANCELLED' : 'NOT_VISITED')
              .catch((error: { error: { code: string } }) => ({ ok: false as const, error: error.error }));
            check(result);
          } else if (step.kind === 'expire') {
            clock.set(clock.now().plus({ minutes: 31 }).toISO()!);
            await waitlist.expireDue();
          } else if (step.kind === 'accept' || step.kind === 'decline' || step.kind === 'leave') {
            const [entry] = await waitlist.listForMember(members[step.who]!);
            if (!entry) continue;
            const userId = members[step.who]!;
            const result =
              step.kind === 'accept'
                ? await waitlist.acceptByMember(userId, entry.id).catch((error: { error: { code: string } }) => ({ ok: false as const, error: error.error }))
                : step.kind === 'decline'
                  ? await waitlist.declineByMember(userId, entry.id)
                  : await waitlist.cancelByMember(userId, entry.id);
            check(result);
            if (result.ok && step.kind === 'accept') booked.push((result.value as { id: string }).id);
          }
        }
        const overlaps = await knex.raw(`
          select count(*) as n from allocations a join allocations b
            on a.id < b.id and a.resource_type = b.resource_type and a.resource_id = b.resource_id and a.during && b.during
          where a.live and b.live`);
        expect(Number(overlaps.rows[0].n)).toBe(0);
        // Each open offer belongs to one OFFERED entry, and each OFFERED entry has exactly one open offer.
        const orphans = await knex.raw(`
          select count(*) as n from waitlist_entries e
          where (e.status = 'OFFERED') <> ((select count(*) from waitlist_offers o where o.entry_id = e.id and o.status = 'OFFERED') = 1)`);
        expect(Number(orphans.rows[0].n)).toBe(0);
        const deadHolds = await knex.raw(`select count(*) as n from allocations a join waitlist_offers o on o.id = a.offer_id where o.status <> 'OFFERED'`);
        expect(Number(deadHolds.rows[0].n)).toBe(0);
        // No WAITING entry has a start that fits it (unless it already holds a visit of the menu).
        for (const entry of await waitlist.listForClinic(fixture.clinicId, DAY)) {
          if (entry.status !== 'WAITING') continue;
          const holds = await knex('reservations as r')
            .join('reservation_menus as m', 'm.reservation_id', 'r.id')
            .where({ 'r.user_id': entry.userId, 'r.status': 'RESERVED', 'm.menu_id': entry.menuId })
            .first('r.id');
          if (holds) continue;
          const slots = await search.execute({
            audience: 'member',
            clinicId: fixture.clinicId,
            menuId: entry.menuId,
            from: DAY,
            to: DAY,
            userId: entry.userId!,
          });
          expect(slots.ok).toBe(true);
          const fitting = slots.ok
            ? slots.value.filter((slot) => {
                const start = DateTime.fromMillis(slot.startMs, { zone: 'Asia/Tokyo' });
                const minutes = start.hour * 60 + start.minute;
                return (
                  entry.times.length === 0 ||
                  entry.times.some(
                    (range) =>
                      minutes >= Number(range.start.slice(0, 2)) * 60 + Number(range.start.slice(3)) &&
                      minutes < Number(range.end.slice(0, 2)) * 60 + Number(range.end.slice(3)),
                  )
                );
              })
            : [];
          expect(
            fitting.map((slot) => new Date(slot.startMs).toISOString()),
            `entry ${entry.id} waits while a start fits`,
          ).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
