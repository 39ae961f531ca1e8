import { KnexAvailabilitySource, ScheduleCopies, warmSearchCopies, type Database } from '@clinic/adapters/persistence';
import type { EngineSchedule } from '@clinic/core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { generator } from '../support/random';

/**
 * The searches' copies of the schedules (`ScheduleCopies`, migration 0113): after every kind of
 * write to `schedules` and `schedule_breaks` with plain SQL (as another server, an import or a
 * restore would make it, no notice to the server), a search that holds a copy answers the same
 * schedules as a read without copies; an unchanged clinic's search uses its copy; and with the
 * version row gone (a truncate) nothing is kept. On PGlite and PostgreSQL.
 */
const ZONE = 'Asia/Tokyo';
const DAY = DateTime.fromISO('2031-03-03', { zone: ZONE });
const at = (day: number, hour: number, minute = 0) => DAY.plus({ days: day }).set({ hour, minute }).toISO()!;

/** Schedules in a comparable order, with their breaks sorted. */
const normal = (schedules: readonly EngineSchedule[]) =>
  schedules
    .map((s) => ({ ...s, breaks: [...s.breaks].map(([a, b]) => [a, b]).sort((x, y) => x[0]! - y[0]!) }))
    .sort((a, b) => a.staffId.localeCompare(b.staffId) || a.startMs - b.startMs);

describe.each(databaseTargets())('schedule copies on $name', (target) => {
  let db: Database;
  let clinicId: string;
  let otherClinicId: string;
  let menuId: string;
  let staff: string[];
  const fromMs = DAY.toMillis();
  const toMs = DAY.plus({ days: 7 }).toMillis();

  beforeAll(async () => {
    db = await target.open();
    const k = db.knex;
    const clinics = await k('clinics')
      .insert([
        { name: 'コピー院', phone: '03-0000-0001' },
        { name: '隣の院', phone: '03-0000-0002' },
      ])
      .returning('id');
    clinicId = String(clinics[0].id);
    otherClinicId = String(clinics[1].id);
    await k('clinic_opening_hours').insert([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ clinic_id: clinicId, weekday, open_time: '09:00', close_time: '20:00' })));
    staff = (
      await k('staffs')
        .insert(
          [1, 2, 3].map((n) => ({
            employee_number: `COPY${n}`,
            email: `copy${n}@example.jp`,
            name: `スタッフ${n}`,
            role: 'STAFF',
            clinic_id: clinicId,
            priority: n,
          })),
        )
        .returning('id')
    ).map((row: { id: string }) => String(row.id));
    const [category] = await k('menu_categories').insert({ clinic_id: clinicId, name: '施術' }).returning('id');
    const [menu] = await k('menus').insert({ clinic_id: clinicId, category_id: category.id, name: '30分', kind: 'NEW' }).returning('id');
    menuId = String(menu.id);
    await k('menu_tasks').insert({ menu_id: menuId, position: 0, duration_minutes: 30, needs_staff: true });
    await k('staff_menus').insert(staff.slice(0, 2).map((staff_id) => ({ staff_id, menu_id: menuId })));
  });
  afterAll(() => closeTestDatabase(db));

  /** No schedule left, and a source with copies of its own beside one without. */
  const startOver = async () => {
    await db.knex('schedule_breaks').delete();
    await db.knex('schedules').delete();
    const copies = new ScheduleCopies();
    return { copies, kept: new KnexAvailabilitySource(db.knex, copies), fresh: new KnexAvailabilitySource(db.knex) };
  };

  const schedulesOf = async (source: KnexAvailabilitySource) => normal((await source.loadForSearch(clinicId, menuId, fromMs, toMs))!.schedules);

  it('answers what a read without copies answers after random writes, and uses its copy while nothing changed', async () => {
    const copies = new ScheduleCopies();
    const kept = new KnexAvailabilitySource(db.knex, copies);
    const fresh = new KnexAvailabilitySource(db.knex);
    const k = db.knex;
    const random = generator(20310303);
    const writes: Record<string, number> = {};
    for (let step = 0; step < 120; step++) {
      const ids = (await k('schedules').where({ clinic_id: clinicId }).select('id')).map((row: { id: string }) => String(row.id));
      const operation = ids.length === 0 ? 0 : random(9);
      const schedule = ids[random(Math.max(1, ids.length))] ?? '0';
      const day = random(9) - 1;
      const hour = 9 + random(8);
      // Each kind of write, as one statement of plain SQL; some touch the other clinic only, or nothing.
      const kind = ['insert', 'insert', 'break', 'move', 'break-move', 'break-delete', 'delete', 'other-clinic', 'no-row'][operation]!;
      writes[kind] = (writes[kind] ?? 0) + 1;
      try {
        if (kind === 'insert') {
          const staffId = staff[random(staff.length)]!;
          await k('schedules').insert({
            clinic_id: clinicId,
            staff_id: staffId,
            date: DAY.plus({ days: day }).toISODate(),
            starts_at: at(day, hour),
            ends_at: at(day, hour + 2),
          });
        } else if (kind === 'break') {
          const row = await k('schedules').where({ id: schedule }).first();
          await k('schedule_breaks').insert({
            schedule_id: schedule,
            starts_at: row.starts_at,
            ends_at: DateTime.fromJSDate(new Date(row.starts_at)).plus({ minutes: 15 }).toISO(),
          });
        } else if (kind === 'move') {
          await k.raw(`update schedules set starts_at = starts_at + interval '15 minutes', ends_at = ends_at + interval '30 minutes' where id = ?`, [schedule]);
        } else if (kind === 'break-move') {
          await k.raw(`update schedule_breaks set ends_at = ends_at + interval '15 minutes' where schedule_id = ?`, [schedule]);
        } else if (kind === 'break-delete') {
          await k('schedule_breaks').where({ schedule_id: schedule }).delete();
        } else if (kind === 'delete') {
          await k('schedule_breaks').where({ schedule_id: schedule }).delete();
          await k('schedules').where({ id: schedule }).delete();
        } else if (kind === 'other-clinic') {
          await k.raw('update schedules set ends_at = ends_at where clinic_id = ?', [otherClinicId]);
        } else {
          await k.raw('update schedule_breaks set ends_at = ends_at where false');
        }
      } catch (error) {
        // Two schedules of one staff member may not overlap (the exclusion constraint): nothing written.
        if (!/overlap|schedules_no_overlap|exclusion|23P01/i.test(String((error as { code?: string }).code) + String(error))) throw error;
      }
      expect(await schedulesOf(kept), `after step ${step} (${kind})`).toEqual(await schedulesOf(fresh));
    }
    // Every kind of write was made, and most searches after one were answered from the copy.
    expect(Object.keys(writes).sort()).toEqual(['break', 'break-delete', 'break-move', 'delete', 'insert', 'move', 'no-row', 'other-clinic']);
    const hits = copies.hits;
    expect(await schedulesOf(kept)).toEqual(await schedulesOf(fresh));
    expect(await schedulesOf(kept)).toEqual(await schedulesOf(fresh));
    expect(copies.hits).toBe(hits + 2);
    expect(copies.size).toBe(1);
  });

  it("warms a copy of every clinic's window before any search (the server's start), which the first search then uses", async () => {
    const copies = new ScheduleCopies();
    const source = new KnexAvailabilitySource(db.knex, copies);
    expect(await warmSearchCopies(db, new KnexAvailabilitySource(db.knex, new ScheduleCopies()), fromMs, toMs, 1)).toBe(1);
    expect(await warmSearchCopies(db, source, fromMs, toMs)).toBe(2);
    expect(copies.size).toBe(2);
    expect(copies.hits).toBe(0);
    expect(await schedulesOf(source)).toEqual(await schedulesOf(new KnexAvailabilitySource(db.knex)));
    expect(copies.hits).toBe(1);
  });

  it("follows a staff member's move to another clinic and back, and a deletion, with no schedule written", async () => {
    const { kept, fresh } = await startOver();
    const k = db.knex;
    await k('schedules').insert(
      staff.slice(0, 2).map((staffId) => ({ clinic_id: clinicId, staff_id: staffId, date: DAY.toISODate(), starts_at: at(0, 10), ends_at: at(0, 18) })),
    );
    const both = await schedulesOf(fresh);
    expect(both).toHaveLength(2);
    expect(await schedulesOf(kept)).toEqual(both);
    // Away to the other clinic: its schedules here are no longer its clinic's staff's.
    await k('staffs').where({ id: staff[0] }).update({ clinic_id: otherClinicId });
    expect(await schedulesOf(kept)).toEqual(await schedulesOf(fresh));
    // And back, with nothing written to the schedules in between.
    await k('staffs').where({ id: staff[0] }).update({ clinic_id: clinicId });
    expect(await schedulesOf(kept)).toEqual(both);
    // Deleted and brought back.
    await k('staffs').where({ id: staff[1] }).update({ deleted_at: k.fn.now() });
    expect(await schedulesOf(kept)).toEqual(await schedulesOf(fresh));
    await k('staffs').where({ id: staff[1] }).update({ deleted_at: null });
    expect(await schedulesOf(kept)).toEqual(both);
  });

  it('keeps nothing while the version is missing (after a truncate), and is exact again after the next write', async () => {
    const { copies, kept, fresh } = await startOver();
    const k = db.knex;
    await k('schedules').insert({ clinic_id: clinicId, staff_id: staff[0], date: DAY.plus({ days: 6 }).toISODate(), starts_at: at(6, 10), ends_at: at(6, 18) });
    expect(await schedulesOf(kept)).toEqual(await schedulesOf(fresh));
    expect(copies.size).toBe(1);

    // A truncate of the schedules changes the version too.
    await k.raw('truncate schedule_breaks, schedules');
    expect(await schedulesOf(kept)).toEqual([]);

    // The version's row itself gone: every search reads the schedules, and keeps no copy.
    await k.raw('truncate schedule_versions');
    const before = copies.hits;
    await k('schedules').insert({ clinic_id: clinicId, staff_id: staff[1], date: DAY.toISODate(), starts_at: at(0, 9), ends_at: at(0, 12) });
    // (The insert wrote the row again: remove it once more to see a search without one.)
    await k.raw('truncate schedule_versions');
    const third = new KnexAvailabilitySource(db.knex, new ScheduleCopies());
    expect(await schedulesOf(third)).toEqual(await schedulesOf(fresh));
    expect(await schedulesOf(third)).toEqual(await schedulesOf(fresh));
    expect(await schedulesOf(kept)).toHaveLength(1);
    expect(copies.hits).toBe(before);
    await k('schedules')
      .where({ clinic_id: clinicId })
      .update({ ends_at: at(0, 13) });
    expect(await schedulesOf(kept)).toEqual(await schedulesOf(fresh));
    expect((await schedulesOf(kept))[0]!.endMs).toBe(DateTime.fromISO(at(0, 13)).toMillis());
  });
});
