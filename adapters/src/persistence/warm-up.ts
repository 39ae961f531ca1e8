import type { AvailabilitySourcePort } from '@clinic/core';
import type { Knex } from 'knex';
import type { Database } from './database';
import { KnexAvailabilitySource } from './repositories/knex-availability-source';
import { KnexReservationRepository } from './repositories/knex-reservation-repository';

/** Ends a warm-up's transaction: everything it wrote is rolled back. */
class WarmedUp extends Error {}

interface Sample {
  readonly clinic_id: string;
  readonly menu_id: string;
  readonly staff_id: string;
  readonly user_id: string;
}

/** Any clinic with a menu and a staff member, and any member: what a booking statement needs to run. */
const SAMPLE_SQL = `
select m.clinic_id::text as clinic_id, m.id::text as menu_id, s.id::text as staff_id, u.id::text as user_id
from menus m
join staffs s on s.clinic_id = m.clinic_id and s.deleted_at is null
cross join lateral (select id from users order by id limit 1) u
order by m.clinic_id, m.id, s.id
limit 1`;

/** 2000-01-03 10:00 in Japan: a day no real booking holds (each connection takes its own day after it). */
const WARM_DAY_MS = Date.UTC(2000, 0, 3, 1, 0);
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Opens `connections` of the pool and, on each, runs what a booking and a calendar read run, in a
 * transaction that is rolled back: nothing stays (a reservation sequence number or so is used up).
 * A PostgreSQL backend's first booking compiles its triggers' PL/pgSQL and plans their statements,
 * its foreign-key checks and the booking's own statement: 60–120 ms against 4–10 ms for every
 * booking after it on a loaded 2-core machine (docs/benchmarks.md, "The pool's connections, warm").
 * Without this, the first booking on each of the pool's connections pays that, at the moment a
 * burst of bookings needs all of them. The pool keeps these connections (`min` is its size).
 *
 * Answers how many connections were warmed: 0 on PGlite (one connection in the process) or when
 * the database has no clinic with a menu, staff and a member yet (nothing to book, nothing slow).
 */
export const warmUpConnections = async (database: Database, connections: number): Promise<number> => {
  if (database.kind !== 'postgres' || connections < 1) return 0;
  const { knex } = database;
  const sample = ((await knex.raw(SAMPLE_SQL)) as { rows: Sample[] }).rows[0];
  if (!sample) return 0;
  // All of them held at once, so that each warm-up runs on a connection of its own. Each books
  // its own day (no two wait on one resource's day); the member's report lock is taken by one at
  // a time, each releasing it as it rolls back.
  const held: unknown[] = [];
  try {
    for (let i = 0; i < connections; i++) held.push(await knex.client.acquireConnection());
    await Promise.all(held.map((connection, i) => warmOne(knex, connection, sample, WARM_DAY_MS + i * DAY_MS, database.changeChannel)));
  } finally {
    for (const connection of held) await knex.client.releaseConnection(connection);
  }
  return held.length;
};

const warmOne = async (knex: Knex, connection: unknown, sample: Sample, startMs: number, changeChannel: string): Promise<void> => {
  try {
    await knex.transaction(
      async (trx) => {
        const reservations = new KnexReservationRepository(trx, changeChannel);
        await new KnexAvailabilitySource(trx).load(sample.clinic_id, sample.menu_id, startMs, startMs + DAY_MS);
        await reservations.create(
          {
            clinicId: sample.clinic_id,
            userId: sample.user_id,
            menuIds: [sample.menu_id],
            source: 'STAFF',
            startMs,
            endMs: startMs + HOUR_MS,
            tasks: [{ startMs, endMs: startMs + HOUR_MS, staffId: sample.staff_id, roomId: null, machineId: null, menuId: sample.menu_id, label: '' }],
            memo: '',
            campaign: null,
            cancelTokenHash: null,
          },
          { type: 'staff', id: sample.staff_id },
          'RESERVATION_CONFLICT',
          { recorded: true },
        );
        await reservations.listForClinic(sample.clinic_id, startMs, startMs + DAY_MS);
        throw new WarmedUp();
      },
      { connection },
    );
  } catch (error) {
    if (!(error instanceof WarmedUp)) throw error;
  }
};

/**
 * Reads every clinic's schedules of the members' and guests' search window (`fromMs`–`toMs`:
 * today and the next 29 days, the one window their booking pages ask for) into the searches'
 * copies (`ScheduleCopies`), one clinic after another, before the server takes requests. Without
 * it each clinic's first search after a start reads them itself: on a chain of 250 clinics the
 * first hundred searches of a fresh server took 14.9 / 23.0 ms (p50 / p95) against 5.0 / 10.2 once
 * the copies were kept (docs/benchmarks.md, "The 30-day search's schedules, kept"). A copy read
 * here is checked against the schedules' version at every search like any other. At most `limit`
 * clinics, the first by id. Answers how many clinics were read.
 */
export const warmSearchCopies = async (database: Database, source: AvailabilitySourcePort, fromMs: number, toMs: number, limit = 500): Promise<number> => {
  // No more clinics than the copies keep (ScheduleCopies: 500 by default).
  const clinics = (await database.knex('clinics').select('id').orderBy('id').limit(limit)) as { id: string | number }[];
  for (const { id } of clinics) await source.loadForSearch(String(id), null, fromMs, toMs);
  return clinics.length;
};
