import { CLINIC_ZONE, type ClockPort } from '@clinic/core';
import { DateTime } from 'luxon';
import type { Database } from '../database';

const QUARTER = 15 * 60_000;
const PAST_DAYS = 365;
const FUTURE_DAYS = 60;
const CHUNK = 500;

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

interface MenuTask {
  minutes: number;
  needsStaff: boolean;
  rooms: string[];
  machines: string[];
  label: string;
}

interface Planned {
  clinicId: string;
  userId: string;
  menuId: string;
  source: 'WEB_MEMBER' | 'WEB_GUEST' | 'STAFF';
  status: 'RESERVED' | 'VISITED' | 'CANCELLED' | 'NOT_VISITED';
  startMs: number;
  endMs: number;
  createdMs: number;
  tasks: Array<{ startMs: number; endMs: number; staffId: string | null; roomId: string | null; machineId: string | null; label: string }>;
}

/**
 * A year of history and the next 60 days of bookings for the demo chain, in every status and
 * from every source, so the calendar, 新着 and the reports have something real to show. Built in
 * memory with the same rules the product keeps (staff who perform the menu and are at work,
 * eligible rooms and machines, nothing held twice), then written in batches.
 */
export const loadDemoReservations = async (database: Database, clock: ClockPort): Promise<void> => {
  const { knex } = database;
  if ((await knex('reservations').first('id')) !== undefined) return;
  const random = mulberry32(1122);
  const now = clock.now().setZone(CLINIC_ZONE);
  const today = now.startOf('day');

  const clinics: Array<{ id: string }> = await knex('clinics').select('id').orderBy('id');
  const plans: Planned[] = [];
  for (const clinic of clinics) {
    const clinicId = String(clinic.id);
    const hours: Array<{ weekday: number; open_time: string; close_time: string }> = await knex('clinic_opening_hours').where('clinic_id', clinicId);
    const menus: Array<{ id: string; kind: string }> = await knex('menus').where({ clinic_id: clinicId, enabled: true }).select('id', 'kind').orderBy('id');
    const members: Array<{ id: string; status: string }> = await knex('users').where('clinic_id', clinicId).select('id', 'status').orderBy('id');
    if (menus.length === 0 || members.length === 0 || hours.length === 0) continue;
    const tasksOf = new Map<string, MenuTask[]>();
    const performers = new Map<string, string[]>();
    for (const menu of menus) {
      const tasks: Array<{ id: string; duration_minutes: number; needs_staff: boolean; label: string }> = await knex('menu_tasks').where('menu_id', menu.id).orderBy('position');
      const rooms: Array<{ task_id: string; room_id: string }> = await knex('menu_task_rooms').whereIn('task_id', tasks.map((t) => t.id));
      const machines: Array<{ task_id: string; machine_id: string }> = await knex('menu_task_machines').whereIn('task_id', tasks.map((t) => t.id));
      tasksOf.set(String(menu.id), tasks.map((t) => ({
        minutes: t.duration_minutes,
        needsStaff: t.needs_staff,
        label: t.label,
        rooms: rooms.filter((r) => String(r.task_id) === String(t.id)).map((r) => String(r.room_id)),
        machines: machines.filter((m) => String(m.task_id) === String(t.id)).map((m) => String(m.machine_id)),
      })));
      performers.set(String(menu.id), (await knex('staff_menus').join('staffs', 'staffs.id', 'staff_menus.staff_id').where('menu_id', menu.id).whereNull('staffs.deleted_at').orderBy('staffs.priority').select('staff_id')).map((r: { staff_id: string }) => String(r.staff_id)));
    }
    // Future working time comes from the schedules; the past assumes 10:00–19:00 with a break at 13:00.
    const schedules: Array<{ staff_id: string; start_ms: number; end_ms: number; breaks: Array<[number, number]> }> = (
      await knex('schedules')
        .where('clinic_id', clinicId)
        .select('id', 'staff_id', knex.raw('(extract(epoch from starts_at) * 1000)::float8 as start_ms'), knex.raw('(extract(epoch from ends_at) * 1000)::float8 as end_ms'))
    ).map((row: { id: string; staff_id: string; start_ms: number; end_ms: number }) => ({ staff_id: String(row.staff_id), start_ms: Number(row.start_ms), end_ms: Number(row.end_ms), id: String(row.id), breaks: [] as Array<[number, number]> }));
    const breakRows: Array<{ schedule_id: string; start_ms: number; end_ms: number }> = await knex('schedule_breaks')
      .whereIn('schedule_id', knex('schedules').select('id').where('clinic_id', clinicId))
      .select('schedule_id', knex.raw('(extract(epoch from starts_at) * 1000)::float8 as start_ms'), knex.raw('(extract(epoch from ends_at) * 1000)::float8 as end_ms'));
    const byId = new Map(schedules.map((s) => [(s as unknown as { id: string }).id, s]));
    for (const b of breakRows) byId.get(String(b.schedule_id))?.breaks.push([Number(b.start_ms), Number(b.end_ms)]);

    for (let offset = -PAST_DAYS; offset < FUTURE_DAYS; offset++) {
      const date = today.plus({ days: offset });
      const open = hours.find((h) => h.weekday === date.weekday % 7);
      if (!open) continue;
      const dayStart = date.toMillis();
      const openMs = dayStart + (Number(open.open_time.slice(0, 2)) * 60 + Number(open.open_time.slice(3, 5))) * 60_000;
      const closeMs = dayStart + (Number(open.close_time.slice(0, 2)) * 60 + Number(open.close_time.slice(3, 5))) * 60_000;
      const working = (staffId: string, from: number, to: number): boolean => {
        if (offset < 0) {
          const breakStart = dayStart + 13 * 3_600_000;
          return from >= dayStart + 10 * 3_600_000 && to <= dayStart + 19 * 3_600_000 && !(from < breakStart + 3_600_000 && breakStart < to);
        }
        return schedules.some((s) => s.staff_id === staffId && from >= s.start_ms && to <= s.end_ms && !s.breaks.some(([a, b]) => from < b && a < to));
      };
      const held = new Map<string, Array<[number, number]>>();
      const free = (key: string, from: number, to: number) => !(held.get(key) ?? []).some(([a, b]) => from < b && a < to);
      const hold = (key: string, from: number, to: number) => held.set(key, [...(held.get(key) ?? []), [from, to]]);
      const wanted = offset < 0 ? 3 + Math.floor(random() * 3) : 6 + Math.floor(random() * 6);
      for (let attempt = 0, made = 0; attempt < wanted * 6 && made < wanted; attempt++) {
        const menu = menus[Math.floor(random() * menus.length)]!;
        const tasks = tasksOf.get(String(menu.id))!;
        const total = tasks.reduce((sum, t) => sum + t.minutes, 0) * 60_000;
        const startMs = openMs + Math.floor(random() * Math.max(1, (closeMs - total - openMs) / QUARTER + 1)) * QUARTER;
        if (startMs + total > closeMs) continue;
        let cursor = startMs;
        const chosen: Planned['tasks'] = [];
        let ok = true;
        for (const task of tasks) {
          const from = cursor;
          const to = (cursor += task.minutes * 60_000);
          const staffId = task.needsStaff ? (performers.get(String(menu.id)) ?? []).find((id) => working(id, from, to) && free(`S${id}`, from, to)) ?? null : null;
          const roomId = task.rooms.length ? task.rooms.find((id) => free(`R${id}`, from, to)) ?? null : null;
          const machineId = task.machines.length ? task.machines.find((id) => free(`M${id}`, from, to)) ?? null : null;
          if ((task.needsStaff && !staffId) || (task.rooms.length && !roomId) || (task.machines.length && !machineId)) {
            ok = false;
            break;
          }
          chosen.push({ startMs: from, endMs: to, staffId, roomId, machineId, label: task.label });
        }
        if (!ok) continue;
        const roll = random();
        const past = startMs < now.toMillis();
        const status = past ? (roll < 0.82 ? 'VISITED' : roll < 0.93 ? 'CANCELLED' : 'NOT_VISITED') : roll < 0.9 ? 'RESERVED' : 'CANCELLED';
        const live = status === 'RESERVED' || status === 'VISITED';
        if (live) {
          for (const task of chosen) {
            if (task.staffId) hold(`S${task.staffId}`, task.startMs, task.endMs);
            if (task.roomId) hold(`R${task.roomId}`, task.startMs, task.endMs);
            if (task.machineId) hold(`M${task.machineId}`, task.startMs, task.endMs);
          }
        }
        const sourceRoll = random();
        const temporary = members.filter((m) => m.status === 'TEMPORARY');
        const guest = sourceRoll < 0.15 && temporary.length > 0;
        const member = guest ? temporary[Math.floor(random() * temporary.length)]! : members[Math.floor(random() * members.length)]!;
        const leadDays = 1 + Math.floor(random() * 20);
        plans.push({
          clinicId,
          userId: String(member.id),
          menuId: String(menu.id),
          source: guest ? 'WEB_GUEST' : sourceRoll < 0.6 ? 'WEB_MEMBER' : 'STAFF',
          status,
          startMs,
          endMs: cursor,
          createdMs: Math.min(startMs - leadDays * 86_400_000 - Math.floor(random() * 600) * 60_000, now.toMillis() - 60_000),
          tasks: chosen,
        });
        made++;
      }
    }
  }
  await write(knex, plans);

  // Every registered demo member holds a five-session course of their clinic's first contract menu.
  const courses: Array<{ user_id: string; menu_id: string }> = await knex('users as u')
    .join(knex('menus').where('kind', 'CONTRACT').where('enabled', true).groupBy('clinic_id').select('clinic_id', knex.raw('min(id) as menu_id')).as('m'), 'm.clinic_id', 'u.clinic_id')
    .where('u.status', 'FULL')
    .select('u.id as user_id', 'm.menu_id');
  if (courses.length > 0) {
    await knex('contracts').insert(courses.map((c) => ({ user_id: c.user_id, menu_id: c.menu_id, sessions_total: 5, sessions_used: 1, expires_on: today.plus({ years: 1 }).toISODate() })));
  }
};

const iso = (ms: number) => DateTime.fromMillis(ms, { zone: CLINIC_ZONE }).toISO()!;

const write = async (knex: Database['knex'], plans: Planned[]): Promise<void> => {
  for (let i = 0; i < plans.length; i += CHUNK) {
    const chunk = plans.slice(i, i + CHUNK);
    await knex.transaction(async (trx) => {
      const ids: Array<{ id: string }> = await trx('reservations')
        .insert(
          chunk.map((p) => ({
            clinic_id: p.clinicId,
            user_id: p.userId,
            status: p.status,
            source: p.source,
            starts_at: iso(p.startMs),
            ends_at: iso(p.endMs),
            created_at: iso(p.createdMs),
            created_by_type: p.source === 'STAFF' ? 'staff' : p.source === 'WEB_GUEST' ? 'guest' : 'user',
            cancelled_at: p.status === 'CANCELLED' || p.status === 'NOT_VISITED' ? iso(Math.min(p.startMs, p.createdMs + 86_400_000)) : null,
            cancelled_by_type: p.status === 'CANCELLED' ? 'user' : p.status === 'NOT_VISITED' ? 'staff' : null,
          })),
        )
        .returning('id');
      await trx('reservation_menus').insert(chunk.map((p, k) => ({ reservation_id: ids[k]!.id, position: 0, menu_id: p.menuId })));
      const taskRows = chunk.flatMap((p, k) =>
        p.tasks.map((t, position) => ({ reservation_id: ids[k]!.id, position, menu_id: p.menuId, label: t.label, starts_at: iso(t.startMs), ends_at: iso(t.endMs), staff_id: t.staffId, room_id: t.roomId, machine_id: t.machineId })),
      );
      const taskIds: Array<{ id: string }> = await trx('reservation_tasks').insert(taskRows).returning('id');
      const live = new Set(chunk.flatMap((p, k) => (p.status === 'RESERVED' || p.status === 'VISITED' ? [String(ids[k]!.id)] : [])));
      const clinicOf = new Map(chunk.map((p, k) => [String(ids[k]!.id), p.clinicId]));
      const allocations = taskRows.flatMap((t, k) =>
        (
          [
            ['STAFF', t.staff_id],
            ['ROOM', t.room_id],
            ['MACHINE', t.machine_id],
          ] as const
        )
          .filter(([, id]) => id !== null)
          .map(([type, id]) => ({
            clinic_id: clinicOf.get(String(t.reservation_id)),
            resource_type: type,
            resource_id: id,
            during: trx.raw("tstzrange(?, ?, '[)')", [t.starts_at, t.ends_at]),
            live: live.has(String(t.reservation_id)),
            reservation_task_id: taskIds[k]!.id,
          })),
      );
      for (let j = 0; j < allocations.length; j += CHUNK) await trx('allocations').insert(allocations.slice(j, j + CHUNK));
    });
  }
};
