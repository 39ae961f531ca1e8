import { clinicZone, instantOn, parseTimeOfDay, weekdayOf, type ClockPort } from '@clinic/core';
import type { Database } from '../database';

/** How far ahead the demo staff have schedules: the staff search window (today … today + 89). */
const DAYS = 90;
/** How far back they worked: the year of history of loadDemoReservations, so the uptime reports have their schedules. */
const PAST_DAYS = 365;
const CHUNK = 500;

/** Shifts people work, varied by person: start, end, and a one-hour break (times of day). */
const SHIFTS = [
  { start: '10:00', end: '19:00', breakStart: '13:00' },
  { start: '11:00', end: '20:00', breakStart: '14:00' },
  { start: '09:30', end: '18:30', breakStart: '12:30' },
] as const;

const minutes = (time: string): number => parseTimeOfDay(time.slice(0, 5))!;

/**
 * The demo chain's staff skills and schedules: every demo staff member with a clinic performs
 * every menu of their clinic, and works on their clinic's open days for the past year and the
 * next 90 days — a shift fitted into the opening hours with a one-hour break, a weekly day off and
 * a few more days off each, the same on every machine. Reads what loadDemoSetup created; writes in batches.
 */
export const loadDemoSchedules = async (database: Database, clock: ClockPort): Promise<void> => {
  const { knex } = database;
  if ((await knex('schedules').first('id')) !== undefined) return;

  const staff: { id: string; clinic_id: string }[] = await knex('staffs')
    .select('id', 'clinic_id')
    .whereNull('deleted_at')
    .whereNotNull('clinic_id')
    .orderBy('id');
  const menus: { id: string; clinic_id: string }[] = await knex('menus').select('id', 'clinic_id').orderBy('id');
  const hours: { clinic_id: string; weekday: number; open_time: string; close_time: string }[] = await knex('clinic_opening_hours').select('*');

  const skills = staff.flatMap((person) =>
    menus.filter((menu) => String(menu.clinic_id) === String(person.clinic_id)).map((menu) => ({ staff_id: person.id, menu_id: menu.id })),
  );
  for (let i = 0; i < skills.length; i += CHUNK) {
    await knex('staff_menus')
      .insert(skills.slice(i, i + CHUNK))
      .onConflict(['staff_id', 'menu_id'])
      .ignore();
  }

  const today = clock.now().setZone(clinicZone).startOf('day');
  const holidays = new Set(
    (
      await knex('clinic_holidays')
        .select('clinic_id', 'date')
        .whereBetween('date', [today.minus({ days: PAST_DAYS }).toISODate()!, today.plus({ days: DAYS - 1 }).toISODate()!])
    ).map(
      (row: { clinic_id: string; date: string | Date }) =>
        `${row.clinic_id}:${typeof row.date === 'string' ? row.date.slice(0, 10) : row.date.toISOString().slice(0, 10)}`,
    ),
  );

  const schedules: { clinic_id: string; staff_id: string; date: string; starts_at: string; ends_at: string }[] = [];
  const breaks = new Map<string, { start: string; end: string }>();
  staff.forEach((person, index) => {
    const shift = SHIFTS[index % SHIFTS.length]!;
    const weeklyDayOff = (index * 3 + 2) % 7;
    for (let day = -PAST_DAYS; day < DAYS; day++) {
      const date = today.plus({ days: day });
      const iso = date.toISODate()!;
      const open = hours.find((entry) => String(entry.clinic_id) === String(person.clinic_id) && entry.weekday === weekdayOf(date));
      // Closed days, holidays, the weekly day off and a few more days off (deterministic per person).
      if (!open || holidays.has(`${person.clinic_id}:${iso}`) || weekdayOf(date) === weeklyDayOff || Math.abs(day * 7 + index * 5) % 19 === 0) continue;
      const start = Math.max(minutes(shift.start), minutes(open.open_time));
      const end = Math.min(minutes(shift.end), minutes(open.close_time));
      const breakStart = minutes(shift.breakStart);
      if (end - start < 4 * 60 || breakStart < start || breakStart + 60 > end) continue;
      schedules.push({ clinic_id: person.clinic_id, staff_id: person.id, date: iso, starts_at: instantOn(iso, start), ends_at: instantOn(iso, end) });
      breaks.set(`${person.id}:${iso}`, { start: instantOn(iso, breakStart), end: instantOn(iso, breakStart + 60) });
    }
  });

  for (let i = 0; i < schedules.length; i += CHUNK) {
    const rows: { id: string; staff_id: string; date: string | Date }[] = await knex('schedules')
      .insert(schedules.slice(i, i + CHUNK))
      .returning(['id', 'staff_id', 'date']);
    await knex('schedule_breaks').insert(
      rows.map((row) => {
        const pause = breaks.get(`${row.staff_id}:${typeof row.date === 'string' ? row.date.slice(0, 10) : row.date.toISOString().slice(0, 10)}`)!;
        return { schedule_id: row.id, starts_at: pause.start, ends_at: pause.end };
      }),
    );
  }
};
