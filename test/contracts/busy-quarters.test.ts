import { KnexReservationRepository, type Database } from '@clinic/adapters/persistence';
import { DomainRuleViolation, spanOf, type Actor, type ReservationStatus, type ReservationTask } from '@clinic/core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { aNewReservation } from '../support/mothers';
import { seedReportFixture, type ReportFixture } from '../support/report-fixture';
import { expectedMasks, keptMasks } from '../support/busy-quarter-truth';
import { waitFor } from '../support/wait';
import { generator } from '../support/random';

/**
 * `busy_quarters` (migration 0090) equals the live holds it is kept from: after random bookings,
 * cancels, visits, moves and deletes through the reservation repository's own statements, and
 * blocks written, moved and deleted with plain SQL, at times on a five-minute grid (so two holds
 * often touch one quarter-hour), some across midnight; on PGlite and PostgreSQL. On PostgreSQL
 * also with real concurrency: a second hold touching the quarter-hour of an uncommitted first
 * waits for it and keeps both bits, and many clients at once booking, cancelling and moving on
 * the same few resource-days leave the masks exact.
 */
const ZONE = 'Asia/Tokyo';
const STAFF: Actor = { type: 'staff', id: '1' };

describe.each(databaseTargets())('busy quarter-hours on $name', (target) => {
  let db: Database;
  let fixture: ReportFixture;
  let repository: KnexReservationRepository;
  let staffOf: Record<string, string[]>;
  let roomOf: Record<string, string[]>;
  let members: string[];
  let menuOf: Record<string, string>;

  beforeAll(async () => {
    db = await target.open();
    fixture = await seedReportFixture(db);
    const k = db.knex;
    const ids = async (table: string, clinicId: string) =>
      (await k(table).where({ clinic_id: clinicId }).orderBy('id').select('id')).map((row) => String(row.id));
    const clinics = [fixture.clinicA, fixture.clinicB];
    for (const clinicId of clinics) {
      if ((await ids('rooms', clinicId)).length === 0) await k('rooms').insert([1, 2].map((n) => ({ clinic_id: clinicId, name: `部屋${n}` })));
    }
    staffOf = Object.fromEntries(await Promise.all(clinics.map(async (id) => [id, await ids('staffs', id)] as const)));
    roomOf = Object.fromEntries(await Promise.all(clinics.map(async (id) => [id, await ids('rooms', id)] as const)));
    menuOf = Object.fromEntries(await Promise.all(clinics.map(async (id) => [id, (await ids('menus', id))[0]!] as const)));
    members = (await k('users').orderBy('id').select('id')).map((row) => String(row.id));
    repository = new KnexReservationRepository(k);
  });
  afterAll(() => closeTestDatabase(db));

  /** One random operation; `random` decides. Refusals of the exclusion constraint are expected. */
  const operation = async (random: (n: number) => number, reservations: string[], blocks: string[], days: number, repo = repository) => {
    const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;
    const clinicId = pick([fixture.clinicA, fixture.clinicB]);
    /** A time on a five-minute grid on one of `days` days from 2026-12-01, sometimes across midnight. */
    const span = (): [number, number] => {
      const day = DateTime.fromObject({ year: 2026, month: 12, day: 1 }, { zone: ZONE }).plus({ days: random(days) });
      const start = random(10) === 0 ? day.set({ hour: 23, minute: 5 * random(12) }) : day.set({ hour: 9 + random(4), minute: 5 * random(12) });
      return [start.toMillis(), start.toMillis() + 5 * 60_000 * (1 + random(8))];
    };
    const kind = random(10);
    if (kind <= 3 || reservations.length === 0) {
      const [startMs, endMs] = span();
      const task: ReservationTask = {
        startMs,
        endMs,
        staffId: random(4) === 0 ? null : pick(staffOf[clinicId]!),
        roomId: random(2) === 0 ? pick(roomOf[clinicId]!) : null,
        machineId: null,
        menuId: menuOf[clinicId]!,
        label: '施術',
      };
      const tasks = [task];
      const created = await repo.create(aNewReservation(clinicId, pick(members), tasks), STAFF, 'RESOURCE_COLLISION');
      reservations.push(created.id);
    } else if (kind <= 5) {
      const statuses: ReservationStatus[] = ['CANCELLED', 'VISITED', 'RESERVED', 'NOT_VISITED'];
      await repo.changeStatus(pick(reservations), pick(statuses), STAFF, undefined, undefined, { lookForWaiting: false });
    } else if (kind === 6) {
      const id = pick(reservations);
      const row = await db.knex('reservation_tasks').where({ reservation_id: id }).first('staff_id', 'room_id');
      const [startMs, endMs] = span();
      const tasks: ReservationTask[] = [
        {
          startMs,
          endMs,
          staffId: row?.staff_id ? String(row.staff_id) : null,
          roomId: row?.room_id ? String(row.room_id) : null,
          machineId: null,
          menuId: null,
          label: '',
        },
      ];
      await repo.replaceTasks(id, { tasks, ...spanOf(tasks), clearConfirmation: true }, 'RESOURCE_COLLISION');
    } else if (kind === 7) {
      await repo.delete(reservations.splice(random(reservations.length), 1)[0]!);
    } else if (kind === 8 || blocks.length === 0) {
      // A block, written as the block repository does: the row and its hold.
      const staffId = pick(staffOf[clinicId]!);
      const [startMs, endMs] = span();
      const [from, to] = [new Date(startMs).toISOString(), new Date(endMs + (random(5) === 0 ? 86_400_000 : 0)).toISOString()];
      await db.knex.transaction(async (trx) => {
        const [block] = await trx('blocks')
          .insert({ clinic_id: clinicId, resource_type: 'STAFF', staff_id: staffId, starts_at: from, ends_at: to })
          .returning('id');
        await trx('allocations').insert({
          clinic_id: clinicId,
          resource_type: 'STAFF',
          resource_id: staffId,
          during: trx.raw("tstzrange(?, ?, '[)')", [from, to]),
          block_id: block.id,
        });
        blocks.push(String(block.id));
      });
    } else if (random(2) === 0) {
      const [startMs, endMs] = span();
      await db
        .knex('allocations')
        .where({ block_id: pick(blocks) })
        .update({ during: db.knex.raw("tstzrange(?, ?, '[)')", [new Date(startMs).toISOString(), new Date(endMs).toISOString()]) });
    } else {
      await db
        .knex('blocks')
        .where({ id: blocks.splice(random(blocks.length), 1)[0]! })
        .delete();
    }
  };

  const refusal = (error: unknown) =>
    (error instanceof DomainRuleViolation && error.error.code === 'RESOURCE_COLLISION') ||
    // A block's plain SQL meets the exclusion constraint directly.
    (typeof error === 'object' &&
      error !== null &&
      ['23P01', '40P01'].includes(String((error as { code?: string }).code ?? (error as { nativeError?: { code?: string } }).nativeError?.code)));

  it('the migration computes the masks of the holds already there, and every write keeps them exact', async () => {
    const seed = 0x0b05e90;
    const random = generator(seed);
    // The fixture's own holds, written before any of this test's: the backfill and the triggers since.
    expect(await keptMasks(db)).toEqual(await expectedMasks(db));
    const reservations: string[] = [];
    const blocks: string[] = [];
    let refused = 0;
    for (let step = 0; step < 150; step++) {
      try {
        await operation(random, reservations, blocks, 3);
      } catch (error) {
        if (!refusal(error)) throw error;
        refused++;
      }
      if (step % 25 === 24) expect(await keptMasks(db), `seed ${seed}, step ${step}`).toEqual(await expectedMasks(db));
    }
    expect(refused).toBeLessThan(100);
    expect((await keptMasks(db)).length).toBeGreaterThan(5);
    // And from scratch, as a bulk load with triggers off would need it.
    await db.knex.raw('select busy_quarters_rebuild()');
    expect(await keptMasks(db)).toEqual(await expectedMasks(db));
  });

  it('a hold that must never end is refused (a mask cannot hold it)', async () => {
    const staffId = staffOf[fixture.clinicA]![0]!;
    const write = db.knex.transaction(async (trx) => {
      const [block] = await trx('blocks')
        .insert({ clinic_id: fixture.clinicA, resource_type: 'STAFF', staff_id: staffId, starts_at: '2027-03-01T00:00:00Z', ends_at: '2027-03-02T00:00:00Z' })
        .returning('id');
      await trx('allocations').insert({
        clinic_id: fixture.clinicA,
        resource_type: 'STAFF',
        resource_id: staffId,
        during: trx.raw("tstzrange('2027-03-01T00:00:00Z', null, '[)')"),
        block_id: block.id,
      });
    });
    await expect(write).rejects.toThrow(/must end/);
  });

  if (target.name !== 'PostgreSQL') return;

  it('a second hold touching the quarter-hour of an uncommitted first waits for it and keeps both bits', async () => {
    const k = db.knex;
    const staffId = staffOf[fixture.clinicB]![0]!;
    const at = (hour: number, minute: number) => DateTime.fromObject({ year: 2027, month: 1, day: 5, hour, minute }, { zone: ZONE }).toISO()!;
    const hold = async (trx: typeof k, from: string, to: string) => {
      const [block] = await trx('blocks')
        .insert({ clinic_id: fixture.clinicB, resource_type: 'STAFF', staff_id: staffId, starts_at: from, ends_at: to })
        .returning('id');
      await trx('allocations').insert({
        clinic_id: fixture.clinicB,
        resource_type: 'STAFF',
        resource_id: staffId,
        during: trx.raw("tstzrange(?, ?, '[)')", [from, to]),
        block_id: block.id,
      });
      return String(block.id);
    };
    const one = await k.transaction();
    const two = await k.transaction();
    try {
      const first = await hold(one, at(10, 0), at(10, 10));
      const pid = (await two.raw('select pg_backend_pid() as pid')).rows[0].pid;
      let done = false;
      const second = hold(two, at(10, 10), at(10, 20)).finally(() => (done = true));
      // 10:10–10:20 touches quarter-hour 40 (10:00–10:15) as 10:00–10:10 does: the same resource-day, so it waits.
      await waitFor(
        async () => (await k.raw(`select 1 from pg_stat_activity where pid = ? and wait_event_type = 'Lock'`, [pid])).rows.length > 0,
        'the second hold to wait',
      );
      expect(done).toBe(false);
      await one.commit();
      await second;
      await two.commit();
      const mask = await k('busy_quarters').where({ resource_type: 'STAFF', resource_id: staffId }).whereRaw("day = date '2027-01-05'").first('q1');
      // Quarter-hours 40 (10:00) and 41 (10:15): bits 8 and 9 of q1.
      expect(mask.q1).toBe((1 << 8) | (1 << 9));
      // Releasing the first leaves quarter-hour 40 busy: the second still touches it.
      await k('blocks').where({ id: first }).delete();
      expect((await k('busy_quarters').where({ resource_type: 'STAFF', resource_id: staffId }).whereRaw("day = date '2027-01-05'").first('q1')).q1).toBe(
        (1 << 8) | (1 << 9),
      );
    } finally {
      if (!one.isCompleted()) await one.rollback();
      if (!two.isCompleted()) await two.rollback();
    }
    expect(await keptMasks(db)).toEqual(await expectedMasks(db));
  });

  it('a hold in another schema of the database, on the same resource id and day, does not wait for an uncommitted one here', async () => {
    // Advisory locks belong to the database: before migration 0111 both schemas took the same lock
    // (busy_quarters:STAFF:<id>:<day>) and the second waited for the first (test files, deployments).
    const other = await target.open();
    try {
      const otherFixture = await seedReportFixture(other);
      const staffId = String((await other.knex('staffs').where({ clinic_id: otherFixture.clinicB }).orderBy('id').first('id')).id);
      expect(staffOf[fixture.clinicB]).toContain(staffId);
      const at = (minute: number) => DateTime.fromObject({ year: 2027, month: 1, day: 6, hour: 11, minute }, { zone: ZONE }).toISO()!;
      const hold = async (trx: Database['knex'], clinicId: string) => {
        const [block] = await trx('blocks')
          .insert({ clinic_id: clinicId, resource_type: 'STAFF', staff_id: staffId, starts_at: at(0), ends_at: at(10) })
          .returning('id');
        await trx('allocations').insert({
          clinic_id: clinicId,
          resource_type: 'STAFF',
          resource_id: staffId,
          during: trx.raw("tstzrange(?, ?, '[)')", [at(0), at(10)]),
          block_id: block.id,
        });
      };
      const here = await db.knex.transaction();
      try {
        await hold(here, fixture.clinicB);
        const there = await other.knex.transaction();
        try {
          // A bound for a wait that should not happen (55P03 instead of a hung test), not a speed target.
          await there.raw("set local lock_timeout = '30s'");
          await hold(there, otherFixture.clinicB);
          await there.commit();
        } finally {
          if (!there.isCompleted()) await there.rollback();
        }
        expect(await keptMasks(other)).toEqual(await expectedMasks(other));
      } finally {
        await here.rollback();
      }
    } finally {
      await closeTestDatabase(other);
    }
  });

  it('stays exact when many clients book, cancel, move and delete on the same few resource-days at once', async () => {
    const clients = 8;
    const reservations: string[] = [];
    const blocks: string[] = [];
    let done = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const random = generator(0x5ca1ab1e + client * 7919);
        for (let step = 0; step < 40; step++) {
          try {
            await operation(random, reservations, blocks, 2);
            done++;
          } catch (error) {
            if (!refusal(error)) throw error;
            refused++;
          }
        }
      }),
    );
    expect(done).toBeGreaterThan(100);
    expect(done + refused).toBe(clients * 40);
    expect(await keptMasks(db)).toEqual(await expectedMasks(db));
  });
});
