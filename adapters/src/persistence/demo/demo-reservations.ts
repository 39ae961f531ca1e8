import { clinicZone, type ClockPort } from '@clinic/core';
import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import type { Database } from '../database';
import { loadDemoChecklists } from './demo-checklists';

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

/** A person whose first visit falls in last month or this month; a card number once they registered. */
interface Newcomer {
  number: string;
  clinicId: string;
  name: string;
  kana: string;
  birthday: string;
  gender: 'FEMALE' | 'MALE';
  introducerId: string | null;
  createdMs: number;
}

/** The small clinic, less busy in the recent months than 渋谷 and 新宿. */
const QUIET_CLINIC = '横浜';

/** Planned reservations of a newcomer name them as NEWCOMER + card number until they are written. */
const NEWCOMER = 'newcomer:';
const NEWCOMER_FIRST_NUMBER = 100101;
const NEWCOMER_FAMILY = [
  ['松本', 'マツモト'],
  ['井上', 'イノウエ'],
  ['木村', 'キムラ'],
  ['林', 'ハヤシ'],
  ['清水', 'シミズ'],
  ['山口', 'ヤマグチ'],
  ['森', 'モリ'],
  ['池田', 'イケダ'],
  ['橋本', 'ハシモト'],
  ['阿部', 'アベ'],
] as const;
const NEWCOMER_GIVEN = [
  ['花音', 'カノン'],
  ['芽依', 'メイ'],
  ['莉子', 'リコ'],
  ['美月', 'ミツキ'],
  ['千尋', 'チヒロ'],
  ['遥', 'ハルカ'],
  ['蓮', 'レン'],
  ['悠真', 'ユウマ'],
  ['奈々', 'ナナ'],
  ['友美', 'トモミ'],
] as const;

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
 * memory with the same rules the product keeps (staff who perform the menu and are at work by
 * their schedules, eligible rooms and machines, nothing held twice), then written in batches.
 * Last month and this month are busy (60–75 % of the scheduled staff time booked at 渋谷 and
 * 新宿, 35–45 % at the small 横浜), and every clinic has newcomers then: people whose first visit
 * falls in those months, booked on the web or at the desk, some introduced by a member, about
 * half back for a second visit. Then the checklists of the visitors (loadDemoChecklists).
 */
export const loadDemoReservations = async (database: Database, clock: ClockPort): Promise<void> => {
  const { knex } = database;
  if ((await knex('reservations').first('id')) !== undefined) return;
  const random = mulberry32(1122);
  const now = clock.now().setZone(clinicZone);
  const today = now.startOf('day');

  const clinics: Array<{ id: string; name: string }> = await knex('clinics').select('id', 'name').orderBy('id');
  const plans: Planned[] = [];
  const newcomers: Newcomer[] = [];
  /** Last month and this month, which the monthly reports show first. */
  const recentStart = today.minus({ months: 1 }).startOf('month').toMillis();
  // A second generator for the busy recent days and the newcomers, so the rest of the year stays as it was.
  const busy = mulberry32(2610);
  for (const clinic of clinics) {
    const clinicId = String(clinic.id);
    const hours: Array<{ weekday: number; open_time: string; close_time: string }> = await knex('clinic_opening_hours').where('clinic_id', clinicId);
    const menus: Array<{ id: string; kind: string }> = await knex('menus').where({ clinic_id: clinicId, enabled: true }).select('id', 'kind').orderBy('id');
    const members: Array<{ id: string; status: string }> = await knex('users').where('clinic_id', clinicId).select('id', 'status').orderBy('id');
    if (menus.length === 0 || members.length === 0 || hours.length === 0) continue;
    const tasksOf = new Map<string, MenuTask[]>();
    const performers = new Map<string, string[]>();
    for (const menu of menus) {
      const tasks: Array<{ id: string; duration_minutes: number; needs_staff: boolean; label: string }> = await knex('menu_tasks')
        .where('menu_id', menu.id)
        .orderBy('position');
      const rooms: Array<{ task_id: string; room_id: string }> = await knex('menu_task_rooms').whereIn(
        'task_id',
        tasks.map((t) => t.id),
      );
      const machines: Array<{ task_id: string; machine_id: string }> = await knex('menu_task_machines').whereIn(
        'task_id',
        tasks.map((t) => t.id),
      );
      tasksOf.set(
        String(menu.id),
        tasks.map((t) => ({
          minutes: t.duration_minutes,
          needsStaff: t.needs_staff,
          label: t.label,
          rooms: rooms.filter((r) => String(r.task_id) === String(t.id)).map((r) => String(r.room_id)),
          machines: machines.filter((m) => String(m.task_id) === String(t.id)).map((m) => String(m.machine_id)),
        })),
      );
      performers.set(
        String(menu.id),
        (
          await knex('staff_menus')
            .join('staffs', 'staffs.id', 'staff_menus.staff_id')
            .where('menu_id', menu.id)
            .whereNull('staffs.deleted_at')
            .orderBy('staffs.priority')
            .select('staff_id')
        ).map((r: { staff_id: string }) => String(r.staff_id)),
      );
    }
    // Future working time comes from the schedules; the past assumes 10:00–19:00 with a break at 13:00.
    const schedules: Array<{ staff_id: string; start_ms: number; end_ms: number; breaks: Array<[number, number]> }> = (
      await knex('schedules')
        .where('clinic_id', clinicId)
        .select(
          'id',
          'staff_id',
          knex.raw('(extract(epoch from starts_at) * 1000)::float8 as start_ms'),
          knex.raw('(extract(epoch from ends_at) * 1000)::float8 as end_ms'),
        )
    ).map((row: { id: string; staff_id: string; start_ms: number; end_ms: number }) => ({
      staff_id: String(row.staff_id),
      start_ms: Number(row.start_ms),
      end_ms: Number(row.end_ms),
      id: String(row.id),
      breaks: [] as Array<[number, number]>,
    }));
    const breakRows: Array<{ schedule_id: string; start_ms: number; end_ms: number }> = await knex('schedule_breaks')
      .whereIn('schedule_id', knex('schedules').select('id').where('clinic_id', clinicId))
      .select(
        'schedule_id',
        knex.raw('(extract(epoch from starts_at) * 1000)::float8 as start_ms'),
        knex.raw('(extract(epoch from ends_at) * 1000)::float8 as end_ms'),
      );
    const byId = new Map(schedules.map((s) => [(s as unknown as { id: string }).id, s]));
    for (const b of breakRows) byId.get(String(b.schedule_id))?.breaks.push([Number(b.start_ms), Number(b.end_ms)]);

    // Introducers for the newcomers: the clinic's registered members.
    const introducers = members.filter((m) => m.status === 'FULL');
    const firstVisitMenus = menus.filter((m) => m.kind === 'NEW' || m.kind === 'INSURANCE');
    const contractMenus = menus.filter((m) => m.kind === 'CONTRACT');
    /** Newcomers' second visits, by day offset. */
    const followUps = new Map<number, string[]>();
    for (let offset = -PAST_DAYS; offset < FUTURE_DAYS; offset++) {
      const date = today.plus({ days: offset });
      const open = hours.find((h) => h.weekday === date.weekday % 7);
      if (!open) continue;
      const dayStart = date.toMillis();
      const openMs = dayStart + (Number(open.open_time.slice(0, 2)) * 60 + Number(open.open_time.slice(3, 5))) * 60_000;
      const closeMs = dayStart + (Number(open.close_time.slice(0, 2)) * 60 + Number(open.close_time.slice(3, 5))) * 60_000;
      // Staff are at work when their schedule (past and future alike) says so, outside its breaks.
      const daySchedules = schedules.filter((s) => s.start_ms >= dayStart && s.start_ms < dayStart + 86_400_000);
      const working = (staffId: string, from: number, to: number): boolean =>
        daySchedules.some((s) => s.staff_id === staffId && from >= s.start_ms && to <= s.end_ms && !s.breaks.some(([a, b]) => from < b && a < to));
      const held = new Map<string, Array<[number, number]>>();
      const free = (key: string, from: number, to: number) => !(held.get(key) ?? []).some(([a, b]) => from < b && a < to);
      const hold = (key: string, from: number, to: number) => held.set(key, [...(held.get(key) ?? []), [from, to]]);
      let bookedMs = 0;
      /** Fits the menu at a random quarter of the day with free staff, rooms and machines; null when it does not fit. */
      const place = (menuId: string, pick: () => number): { startMs: number; endMs: number; tasks: Planned['tasks'] } | null => {
        const tasks = tasksOf.get(menuId)!;
        const total = tasks.reduce((sum, t) => sum + t.minutes, 0) * 60_000;
        const startMs = openMs + Math.floor(pick() * Math.max(1, (closeMs - total - openMs) / QUARTER + 1)) * QUARTER;
        if (startMs + total > closeMs) return null;
        let cursor = startMs;
        const chosen: Planned['tasks'] = [];
        for (const task of tasks) {
          const from = cursor;
          const to = (cursor += task.minutes * 60_000);
          const staffId = task.needsStaff ? ((performers.get(menuId) ?? []).find((id) => working(id, from, to) && free(`S${id}`, from, to)) ?? null) : null;
          const roomId = task.rooms.length ? (task.rooms.find((id) => free(`R${id}`, from, to)) ?? null) : null;
          const machineId = task.machines.length ? (task.machines.find((id) => free(`M${id}`, from, to)) ?? null) : null;
          if ((task.needsStaff && !staffId) || (task.rooms.length && !roomId) || (task.machines.length && !machineId)) return null;
          chosen.push({ startMs: from, endMs: to, staffId, roomId, machineId, label: task.label });
        }
        return { startMs, endMs: cursor, tasks: chosen };
      };
      const holdAll = (chosen: Planned['tasks']) => {
        for (const task of chosen) {
          if (task.staffId) {
            hold(`S${task.staffId}`, task.startMs, task.endMs);
            bookedMs += task.endMs - task.startMs;
          }
          if (task.roomId) hold(`R${task.roomId}`, task.startMs, task.endMs);
          if (task.machineId) hold(`M${task.machineId}`, task.startMs, task.endMs);
        }
      };

      // Last month and this month are busy: bookings until 60–75 % of the day's scheduled staff time is taken (35–45 % at 横浜).
      const recent = offset < 0 && dayStart >= recentStart;
      const scheduledMs = daySchedules.reduce((sum, s) => sum + s.end_ms - s.start_ms - s.breaks.reduce((b, [from, to]) => b + to - from, 0), 0);
      const busyTarget = recent ? scheduledMs * (clinic.name === QUIET_CLINIC ? 0.35 + 0.1 * busy() : 0.6 + 0.15 * busy()) : 0;

      // Newcomers first: their first visit, booked on the web or at the desk, some introduced by a member.
      if (recent && firstVisitMenus.length > 0) {
        const roll = busy();
        const count = roll < 0.45 ? 1 : roll < 0.6 ? 2 : 0;
        for (let n = 0; n < count; n++) {
          for (let attempt = 0; attempt < 12; attempt++) {
            const menu = firstVisitMenus[Math.floor(busy() * firstVisitMenus.length)]!;
            const fit = place(String(menu.id), busy);
            if (!fit) continue;
            holdAll(fit.tasks);
            const number = String(NEWCOMER_FIRST_NUMBER + newcomers.length);
            const [family, familyKana] = NEWCOMER_FAMILY[Math.floor(busy() * NEWCOMER_FAMILY.length)]!;
            const [given, givenKana] = NEWCOMER_GIVEN[Math.floor(busy() * NEWCOMER_GIVEN.length)]!;
            const sourceRoll = busy();
            const source = sourceRoll < 0.45 ? 'WEB_GUEST' : sourceRoll < 0.6 ? 'WEB_MEMBER' : 'STAFF';
            const introducer = introducers.length > 0 && busy() < 0.3 ? String(introducers[Math.floor(busy() * introducers.length)]!.id) : null;
            const createdMs = fit.startMs - (1 + Math.floor(busy() * 10)) * 86_400_000 - Math.floor(busy() * 600) * 60_000;
            newcomers.push({
              number,
              clinicId,
              name: `${family} ${given}`,
              kana: `${familyKana} ${givenKana}`,
              birthday: `${1975 + Math.floor(busy() * 30)}-${String(1 + Math.floor(busy() * 12)).padStart(2, '0')}-${String(1 + Math.floor(busy() * 28)).padStart(2, '0')}`,
              gender: busy() < 0.85 ? 'FEMALE' : 'MALE',
              introducerId: introducer,
              createdMs,
            });
            plans.push({
              clinicId,
              userId: `${NEWCOMER}${number}`,
              menuId: String(menu.id),
              source,
              status: 'VISITED',
              startMs: fit.startMs,
              endMs: fit.endMs,
              createdMs,
              tasks: fit.tasks,
            });
            // About half come back two to four weeks later for a course session.
            if (busy() < 0.5) {
              const later = offset + 14 + Math.floor(busy() * 15);
              if (later < 0) followUps.set(later, [...(followUps.get(later) ?? []), number]);
            }
            break;
          }
        }
      }
      for (const number of followUps.get(offset) ?? []) {
        for (let attempt = 0; attempt < 12 && contractMenus.length > 0; attempt++) {
          const menu = contractMenus[Math.floor(busy() * contractMenus.length)]!;
          const fit = place(String(menu.id), busy);
          if (!fit) continue;
          holdAll(fit.tasks);
          const source = busy() < 0.6 ? 'WEB_MEMBER' : 'STAFF';
          plans.push({
            clinicId,
            userId: `${NEWCOMER}${number}`,
            menuId: String(menu.id),
            source,
            status: 'VISITED',
            startMs: fit.startMs,
            endMs: fit.endMs,
            createdMs: fit.startMs - (3 + Math.floor(busy() * 10)) * 86_400_000,
            tasks: fit.tasks,
          });
          break;
        }
      }

      const wanted = offset < 0 ? 3 + Math.floor(random() * 3) : 6 + Math.floor(random() * 6);
      const limit = recent ? 200 : wanted * 6;
      for (let attempt = 0, made = 0; attempt < limit && (recent ? bookedMs < busyTarget : made < wanted); attempt++) {
        const menu = menus[Math.floor(random() * menus.length)]!;
        const fit = place(String(menu.id), random);
        if (!fit) continue;
        const roll = random();
        const past = fit.startMs < now.toMillis();
        const status = past ? (roll < 0.82 ? 'VISITED' : roll < 0.93 ? 'CANCELLED' : 'NOT_VISITED') : roll < 0.9 ? 'RESERVED' : 'CANCELLED';
        if (status === 'RESERVED' || status === 'VISITED') holdAll(fit.tasks);
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
          startMs: fit.startMs,
          endMs: fit.endMs,
          createdMs: Math.min(fit.startMs - leadDays * 86_400_000 - Math.floor(random() * 600) * 60_000, now.toMillis() - 60_000),
          tasks: fit.tasks,
        });
        made++;
      }
    }
  }
  await registerNewcomers(knex, newcomers, plans);
  await write(knex, plans);

  // Every registered demo member holds a five-session course of their clinic's first contract menu.
  const courses: Array<{ user_id: string; menu_id: string }> = await knex('users as u')
    .join(
      knex('menus').where('kind', 'CONTRACT').where('enabled', true).groupBy('clinic_id').select('clinic_id', knex.raw('min(id) as menu_id')).as('m'),
      'm.clinic_id',
      'u.clinic_id',
    )
    .where('u.status', 'FULL')
    .select('u.id as user_id', 'm.menu_id');
  if (courses.length > 0) {
    await knex('contracts').insert(
      courses.map((c) => ({ user_id: c.user_id, menu_id: c.menu_id, sessions_total: 5, sessions_used: 1, expires_on: today.plus({ years: 1 }).toISODate() })),
    );
  }

  // What was checked at those visits (問診票, 同意書…): the checklist reports.
  await loadDemoChecklists(database, clock);

  // Some past member visits came from キャンセル待ち: the waitlist conversion report.
  await loadDemoWaitlistHistory(knex, now.toMillis());

  // The bookings' messages, so that 送信履歴 and the languages of the texts show in the demo.
  await loadDemoMessages(knex);
};

/** The demo clinics keep the default reminder rule: the day before at 18:00 (Asia/Tokyo). */
const DAY_BEFORE_AT_18 = `(((r.starts_at at time zone 'Asia/Tokyo')::date - 1) + time '18:00') at time zone 'Asia/Tokyo'`;

/**
 * The messages the demo's bookings would have written (docs/messages.md): the confirmation of each
 * upcoming booking made in the last three days (and of every upcoming booking of the members who
 * read English or Chinese, so those languages show in 送信履歴 and the mail outbox) and the notice of each upcoming visit cancelled in
 * them, due now, and the reminder of every upcoming visit at the day before 18:00. They are written
 * held back (`queued` false, no job yet) like any message due later, so the worker's first sweep at
 * start queues those due now and they are rendered and sent as real messages (the development mail
 * outbox without SMTP), each in its recipient's language; the reminders go out at their time.
 */
const loadDemoMessages = async (knex: Database['knex']): Promise<void> => {
  await knex.raw(`
    insert into messages (clinic_id, user_id, reservation_id, kind, channel, recipient, scheduled_at, queued)
    select r.clinic_id, r.user_id, r.id, k.kind, 'MAIL', u.email,
      case when k.kind = 'REMINDER' then ${DAY_BEFORE_AT_18} else now() end, false
    from reservations r
    join users u on u.id = r.user_id
    cross join (values ('CONFIRMATION'), ('REMINDER'), ('CANCELLATION')) as k(kind)
    where r.starts_at > now() and coalesce(u.email, '') <> ''
      and case k.kind
        when 'CONFIRMATION' then r.status = 'RESERVED' and (r.created_at > now() - interval '3 days' or u.language <> 'ja')
        when 'REMINDER' then r.status = 'RESERVED' and ${DAY_BEFORE_AT_18} > now()
        else r.status = 'CANCELLED' and r.cancelled_at > now() - interval '3 days'
      end`);
};

/**
 * A year of キャンセル待ち at every clinic: about one past member visit in twelve was booked from
 * an accepted offer, and beside each accepted offer, one that expired unanswered before it (a
 * second entry for the same time). Only history: nothing waits or is held now.
 */
const loadDemoWaitlistHistory = async (knex: Database['knex'], nowMs: number): Promise<void> => {
  const visits: Array<{
    id: string;
    clinic_id: string;
    user_id: string;
    menu_id: string;
    starts_at: Date;
    ends_at: Date;
    created_at: Date;
    tasks: ReservationTaskJson[];
  }> = await knex('reservations as r')
    .join('reservation_menus as rm', (join) => join.on('rm.reservation_id', 'r.id').andOn('rm.position', knex.raw('0')))
    .where('r.status', 'VISITED')
    .where('r.source', 'WEB_MEMBER')
    .where('r.starts_at', '<', iso(nowMs))
    .whereRaw('r.id % 12 = 0')
    .select('r.id', 'r.clinic_id', 'r.user_id', 'rm.menu_id', 'r.starts_at', 'r.ends_at', 'r.created_at')
    .select(
      knex.raw(`(select coalesce(jsonb_agg(jsonb_build_object('startMs', (extract(epoch from t.starts_at) * 1000)::bigint, 'endMs', (extract(epoch from t.ends_at) * 1000)::bigint,
        'staffId', t.staff_id::text, 'roomId', t.room_id::text, 'machineId', t.machine_id::text, 'menuId', t.menu_id::text, 'label', t.label) order by t.position), '[]') from reservation_tasks t where t.reservation_id = r.id) as tasks`),
    );
  for (let i = 0; i < visits.length; i += CHUNK) {
    await knex.transaction(async (trx) => {
      for (const visit of visits.slice(i, i + CHUNK)) {
        const offeredMs = new Date(visit.created_at).getTime();
        const day = DateTime.fromJSDate(new Date(visit.starts_at), { zone: clinicZone }).toISODate()!;
        const entry = (registered: number, status: string, reservationId: string | null) => ({
          clinic_id: visit.clinic_id,
          menu_id: visit.menu_id,
          user_id: visit.user_id,
          from_day: day,
          to_day: day,
          times: '[]',
          status,
          reservation_id: reservationId,
          created_at: iso(offeredMs - registered * 86_400_000),
          updated_at: iso(offeredMs),
        });
        const [missed, booked] = (await trx('waitlist_entries')
          .insert([entry(4, 'EXPIRED', null), entry(2, 'BOOKED', visit.id)])
          .returning('id')) as Array<{ id: string }>;
        const offer = (entryId: string, fromMs: number, status: string) => ({
          entry_id: entryId,
          clinic_id: visit.clinic_id,
          starts_at: visit.starts_at,
          ends_at: visit.ends_at,
          tasks: JSON.stringify(visit.tasks),
          status,
          hold_from: iso(fromMs),
          expires_at: iso(fromMs + 30 * 60_000),
          created_at: iso(fromMs),
          ended_at: iso(status === 'EXPIRED' ? fromMs + 30 * 60_000 : offeredMs),
        });
        await trx('waitlist_offers').insert([offer(missed!.id, offeredMs - 45 * 60_000, 'EXPIRED'), offer(booked!.id, offeredMs - 10 * 60_000, 'ACCEPTED')]);
      }
    });
  }
};

type ReservationTaskJson = {
  startMs: number;
  endMs: number;
  staffId: string | null;
  roomId: string | null;
  machineId: string | null;
  menuId: string | null;
  label: string;
};

/**
 * Registers the newcomers as members (they signed up at or after their first visit), with the
 * demo password, and points their planned reservations at them.
 */
const registerNewcomers = async (knex: Database['knex'], newcomers: Newcomer[], plans: Planned[]): Promise<void> => {
  if (newcomers.length === 0) return;
  const template: { password_hash: string | null } | undefined = await knex('users')
    .where('status', 'FULL')
    .whereNotNull('password_hash')
    .orderBy('id')
    .first('password_hash');
  const ids = new Map<string, string>();
  for (let i = 0; i < newcomers.length; i += CHUNK) {
    const rows: Array<{ id: string; user_number: string }> = await knex('users')
      .insert(
        newcomers.slice(i, i + CHUNK).map((n, k) => ({
          user_number: n.number,
          name: n.name,
          kana: n.kana,
          phone: `080-${String(2000 + ((Number(n.number) * 37) % 8000))}-${String(1000 + i + k)}`,
          email: `newcomer${n.number}@demo.clinic.example`,
          birthday: n.birthday,
          gender: n.gender,
          clinic_id: n.clinicId,
          status: 'FULL',
          password_hash: template?.password_hash ?? null,
          introducer_user_id: n.introducerId,
          created_at: iso(n.createdMs),
          updated_at: iso(n.createdMs),
        })),
      )
      .returning(['id', 'user_number']);
    for (const row of rows) ids.set(row.user_number, String(row.id));
  }
  for (const plan of plans) {
    if (plan.userId.startsWith(NEWCOMER)) plan.userId = ids.get(plan.userId.slice(NEWCOMER.length))!;
  }
};

const iso = (ms: number) => DateTime.fromMillis(ms, { zone: clinicZone }).toISO()!;

/**
 * The triggers that keep the derived tables (migrations 0073, 0077 and 0090) row by row or
 * statement by statement; a bulk load turns them off and computes the tables once, set-based, as
 * the chain benchmark's builder does.
 */
const DERIVED_TRIGGERS = [
  ['reservations', 'reservations_report_rollups'],
  ['reservations', 'reservations_visit_menus'],
  ['reservation_menus', 'reservation_menus_to_reservation'],
  ['allocations', 'allocations_busy_quarters_insert'],
] as const;

/**
 * Writes the plans in one transaction. What the triggers keep (each visit's menus and 新規 flag,
 * the monthly counts and visitors, the members' last visits, the busy quarter-hours) is computed
 * once at the end from what was written (`report_rollups_rebuild()`, `busy_quarters_rebuild()`),
 * not row by row: on PGlite the rollups' triggers took 19.7 of the 24.7 s of this write (8,177
 * reservations), which every start with the demo chain paid (docs/benchmarks.md, "The test
 * suite", 2026-11-29), and on PostgreSQL the busy quarter-hours' lock per resource-day would exhaust
 * the lock table in one transaction. `alter table … disable trigger` is transactional and locks
 * the tables until the commit: if the load fails, the triggers were never off, and no other
 * session writes the tables while they are. The rollups' and the quarter-hours' tests that the
 * kept values equal a computation from scratch run on the result too (test/http/demo-setup.test.ts).
 */
const write = async (knex: Database['knex'], plans: Planned[]): Promise<void> => {
  await knex.transaction(async (trx) => {
    for (const [table, trigger] of DERIVED_TRIGGERS) await trx.raw(`alter table ${table} disable trigger ${trigger}`);
    for (let i = 0; i < plans.length; i += CHUNK) await writeChunk(trx, plans.slice(i, i + CHUNK));
    // Before the triggers are on again: the rebuild's own update of menu_ids would fire them.
    await trx.raw('select report_rollups_rebuild()');
    await trx.raw('select busy_quarters_rebuild()');
    for (const [table, trigger] of DERIVED_TRIGGERS) await trx.raw(`alter table ${table} enable trigger ${trigger}`);
  });
};

const writeChunk = async (trx: Knex.Transaction, chunk: Planned[]): Promise<void> => {
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
    p.tasks.map((t, position) => ({
      reservation_id: ids[k]!.id,
      position,
      menu_id: p.menuId,
      label: t.label,
      starts_at: iso(t.startMs),
      ends_at: iso(t.endMs),
      staff_id: t.staffId,
      room_id: t.roomId,
      machine_id: t.machineId,
    })),
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
        during: `[${t.starts_at},${t.ends_at})`,
        live: live.has(String(t.reservation_id)),
        reservation_task_id: taskIds[k]!.id,
      })),
  );
  for (let j = 0; j < allocations.length; j += CHUNK) await trx('allocations').insert(allocations.slice(j, j + CHUNK));
};
