import type { Knex } from 'knex';

/**
 * The chain of `npm run bench:chain` (docs/benchmarks.md, "Chain scale"), written straight into
 * PostgreSQL with set-based SQL: every row of the big tables is one row of a generate_series
 * product, and every id is computed (OVERRIDING SYSTEM VALUE), so that tasks, menus, allocations
 * and messages are derived from a reservation's id by arithmetic, with no join. Secondary indexes
 * and constraints of the big tables are dropped for the load and rebuilt in one pass at the end,
 * foreign-key triggers are off (session_replication_role = replica), as pg_restore does.
 *
 * The shape of one clinic (the same in every clinic):
 * - 12 staff (the first the clinic's ADMIN), 6 rooms, 3 machines, 3 menu categories, 6 menus of one
 *   task each: 全身脱毛 60 min (staff + rooms 1–4), フォトフェイシャル 60 min (staff + rooms 5–6 +
 *   machines 1–2), カウンセリング / 顔脱毛 / ピーリング 60 min (staff), 15分相談 (staff, 15 min);
 *   every staff member performs every menu; open 10:00–20:00 every day.
 * - A schedule for every staff member and day, 10:00–20:00 with a break 14:00–15:00, from the first
 *   day of history to 90 days ahead.
 * - Visits on the hour (10–13, 15–19): of the 12 × 9 staff-hours of a day, about 70 are booked in the
 *   past (a hash of the slot decides), fewer further ahead (70 tomorrow down to 12 in 30 days).
 *   Staff 1–4 use their own room, staff 5–6 their room and machine, so nothing is double-booked.
 *   Past ones: 87 % VISITED, 8 % CANCELLED, 5 % NOT_VISITED; ahead: 7 % CANCELLED, the rest RESERVED.
 *   Sources: 40 % WEB_MEMBER, 10 % WEB_GUEST, 50 % STAFF; booked 1–720 hours ahead.
 * - Members: a fifth of the reservations' count (each visits about five times over the history),
 *   with Japanese names from 50 × 50 surnames and given names, a unique phone, an e-mail (9 in 10),
 *   LINE (3 in 10), every 7th introduced; check items for every second one.
 * - Messages: a confirmation per reservation, a reminder per kept one (the day before at 18:00;
 *   held back when still ahead), a cancellation notice per cancelled one; sent ones carry a short
 *   rendered body.
 */
export const STAFF_PER_CLINIC = 12;
export const ROOMS_PER_CLINIC = 6;
export const MACHINES_PER_CLINIC = 3;
export const MENUS_PER_CLINIC = 6;
export const SLOTS_PER_DAY = 108; // 12 staff × 9 hours
/** Days of bookings ahead of the build day, and of schedules ahead. */
export const FUTURE_BOOKED_DAYS = 30;
export const FUTURE_SCHEDULED_DAYS = 90;
/** Bumped whenever the generated data changes shape: a marker of another version is rebuilt. */
export const BUILD_VERSION = 1;

export const SURNAMES = [
  ['佐藤', 'サトウ'],
  ['鈴木', 'スズキ'],
  ['高橋', 'タカハシ'],
  ['田中', 'タナカ'],
  ['伊藤', 'イトウ'],
  ['渡辺', 'ワタナベ'],
  ['山本', 'ヤマモト'],
  ['中村', 'ナカムラ'],
  ['小林', 'コバヤシ'],
  ['加藤', 'カトウ'],
  ['吉田', 'ヨシダ'],
  ['山田', 'ヤマダ'],
  ['佐々木', 'ササキ'],
  ['山口', 'ヤマグチ'],
  ['松本', 'マツモト'],
  ['井上', 'イノウエ'],
  ['木村', 'キムラ'],
  ['林', 'ハヤシ'],
  ['斎藤', 'サイトウ'],
  ['清水', 'シミズ'],
  ['山崎', 'ヤマザキ'],
  ['森', 'モリ'],
  ['池田', 'イケダ'],
  ['橋本', 'ハシモト'],
  ['阿部', 'アベ'],
  ['石川', 'イシカワ'],
  ['山下', 'ヤマシタ'],
  ['中島', 'ナカジマ'],
  ['石井', 'イシイ'],
  ['小川', 'オガワ'],
  ['前田', 'マエダ'],
  ['岡田', 'オカダ'],
  ['長谷川', 'ハセガワ'],
  ['藤田', 'フジタ'],
  ['後藤', 'ゴトウ'],
  ['近藤', 'コンドウ'],
  ['村上', 'ムラカミ'],
  ['遠藤', 'エンドウ'],
  ['青木', 'アオキ'],
  ['坂本', 'サカモト'],
  ['斉藤', 'サイトウ'],
  ['福田', 'フクダ'],
  ['太田', 'オオタ'],
  ['西村', 'ニシムラ'],
  ['藤井', 'フジイ'],
  ['金子', 'カネコ'],
  ['岡本', 'オカモト'],
  ['藤原', 'フジワラ'],
  ['中野', 'ナカノ'],
  ['三浦', 'ミウラ'],
] as const;
export const GIVEN_NAMES = [
  ['陽菜', 'ヒナ'],
  ['結衣', 'ユイ'],
  ['葵', 'アオイ'],
  ['凛', 'リン'],
  ['さくら', 'サクラ'],
  ['美咲', 'ミサキ'],
  ['花子', 'ハナコ'],
  ['愛', 'アイ'],
  ['彩', 'アヤ'],
  ['優奈', 'ユウナ'],
  ['真由', 'マユ'],
  ['七海', 'ナナミ'],
  ['千尋', 'チヒロ'],
  ['麻衣', 'マイ'],
  ['沙織', 'サオリ'],
  ['直子', 'ナオコ'],
  ['恵', 'メグミ'],
  ['由美', 'ユミ'],
  ['智子', 'トモコ'],
  ['久美子', 'クミコ'],
  ['裕子', 'ユウコ'],
  ['明美', 'アケミ'],
  ['香織', 'カオリ'],
  ['舞', 'マイ'],
  ['綾', 'アヤ'],
  ['瞳', 'ヒトミ'],
  ['遥', 'ハルカ'],
  ['楓', 'カエデ'],
  ['芽依', 'メイ'],
  ['莉子', 'リコ'],
  ['翔太', 'ショウタ'],
  ['大輔', 'ダイスケ'],
  ['健太', 'ケンタ'],
  ['拓也', 'タクヤ'],
  ['直樹', 'ナオキ'],
  ['亮', 'リョウ'],
  ['誠', 'マコト'],
  ['剛', 'ツヨシ'],
  ['隆', 'タカシ'],
  ['浩', 'ヒロシ'],
  ['蓮', 'レン'],
  ['湊', 'ミナト'],
  ['悠真', 'ユウマ'],
  ['陽翔', 'ハルト'],
  ['大和', 'ヤマト'],
  ['樹', 'イツキ'],
  ['颯', 'ハヤテ'],
  ['奏', 'カナデ'],
  ['律', 'リツ'],
  ['美紀', 'ミキ'],
] as const;

export interface ChainParameters {
  readonly clinics: number;
  readonly days: number;
}

export interface BuildMarker extends ChainParameters {
  readonly version: number;
  /** The build day (Asia/Tokyo): history ends the day before, bookings and schedules run ahead of it. */
  readonly today: string;
  readonly buildSeconds: number;
  readonly maxReservationId: string;
  readonly builtAt: string;
  readonly counts: Record<string, number>;
}

/** Members per clinic: a fifth of the clinic's visits over the history, at least 200. */
export const membersPerClinic = (days: number): number => Math.max(200, Math.round((70 * days) / 5));

const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`;

/** Puts the parameters (whole numbers and a checked date, never text from outside) into a statement of LOAD. */
const inline = (sql: string, values: Record<string, string | number>): string =>
  sql.replace(/:(clinics|days|today|members|future|scheduled)\b/g, (_, name: string) => String(values[name]));

/** The statements of the load, in order (parameters :clinics, :days, :today, :members, :future, :scheduled). */
const LOAD: Array<[string, string]> = [
  [
    'clinics',
    `
    insert into clinics (id, name, phone, min_lead_minutes) overriding system value
    select c, 'チェーン' || c || '院', '03-' || lpad(c::text, 4, '0') || '-0000', 60 from generate_series(1, :clinics) c`,
  ],
  [
    'opening hours',
    `
    insert into clinic_opening_hours (clinic_id, weekday, open_time, close_time)
    select c, w, '10:00', '20:00' from generate_series(1, :clinics) c cross join generate_series(0, 6) w`,
  ],
  [
    'menu categories',
    `
    insert into menu_categories (id, clinic_id, name, display_order) overriding system value
    select (c - 1) * 3 + k, c, (array['脱毛', '美容皮膚', 'カウンセリング'])[k], k from generate_series(1, :clinics) c cross join generate_series(1, 3) k`,
  ],
  [
    'rooms',
    `
    insert into rooms (id, clinic_id, name, display_order) overriding system value
    select (c - 1) * ${ROOMS_PER_CLINIC} + k, c, '部屋' || k, k from generate_series(1, :clinics) c cross join generate_series(1, ${ROOMS_PER_CLINIC}) k`,
  ],
  [
    'machines',
    `
    insert into machines (id, clinic_id, name, display_order) overriding system value
    select (c - 1) * ${MACHINES_PER_CLINIC} + k, c, '機械' || k, k from generate_series(1, :clinics) c cross join generate_series(1, ${MACHINES_PER_CLINIC}) k`,
  ],
  [
    'menus',
    `
    insert into menus (id, clinic_id, category_id, name, kind, price, display_order) overriding system value
    select (c - 1) * ${MENUS_PER_CLINIC} + m, c, (c - 1) * 3 + (array[1, 2, 3, 1, 2, 3])[m],
           (array['全身脱毛', 'フォトフェイシャル', 'カウンセリング', '顔脱毛', 'ピーリング', '15分相談'])[m], 'NEW', 10000 * m, m
    from generate_series(1, :clinics) c cross join generate_series(1, ${MENUS_PER_CLINIC}) m`,
  ],
  [
    'menu tasks',
    `
    insert into menu_tasks (id, menu_id, position, duration_minutes, needs_staff) overriding system value
    select id, id, 0, case when id % ${MENUS_PER_CLINIC} = 0 then 15 else 60 end, true from menus`,
  ],
  [
    'menu task rooms',
    `
    insert into menu_task_rooms (task_id, room_id)
    select (c - 1) * ${MENUS_PER_CLINIC} + case when k <= 4 then 1 else 2 end, (c - 1) * ${ROOMS_PER_CLINIC} + k
    from generate_series(1, :clinics) c cross join generate_series(1, 6) k`,
  ],
  [
    'menu task machines',
    `
    insert into menu_task_machines (task_id, machine_id)
    select (c - 1) * ${MENUS_PER_CLINIC} + 2, (c - 1) * ${MACHINES_PER_CLINIC} + k from generate_series(1, :clinics) c cross join generate_series(1, 2) k`,
  ],
  [
    'staff',
    `
    insert into staffs (id, employee_number, email, name, role, clinic_id, priority) overriding system value
    select (c - 1) * ${STAFF_PER_CLINIC} + s, 'C' || c || '-' || s, 'staff' || c || '-' || s || '@example.jp',
           'スタッフ' || c || '-' || s, case when s = 1 then 'ADMIN' else 'STAFF' end, c, s
    from generate_series(1, :clinics) c cross join generate_series(1, ${STAFF_PER_CLINIC}) s`,
  ],
  [
    'staff menus',
    `
    insert into staff_menus (staff_id, menu_id) select s.id, m.id from staffs s join menus m on m.clinic_id = s.clinic_id`,
  ],
  [
    'members',
    `
    insert into users (id, user_number, name, kana, phone, email, clinic_id, status, line_user_id, introducer_user_id, created_at)
      overriding system value
    select u, case when u % 7 = 3 then null else (100000 + u)::text end,
           s.names[1 + u % 50] || ' ' || g.names[1 + (u / 50) % 50],
           s.kanas[1 + u % 50] || ' ' || g.kanas[1 + (u / 50) % 50],
           '0' || (7 + u % 3) || '0-' || substr(p, 1, 4) || '-' || substr(p, 5, 4),
           case when u % 10 <> 9 then 'member' || u || '@example.jp' end,
           1 + (u - 1) / :members, case when u % 7 = 3 then 'TEMPORARY' else 'FULL' end,
           case when u % 10 < 3 then 'U' || lpad(to_hex(u), 32, '0') end,
           case when u % 7 = 0 and (u - 1) % :members > 0 then u - 1 end,
           (:today::date - :days) - ((u * 13) % 700) * interval '1 day'
    from generate_series(1, :clinics * :members) u
    cross join (select ${sqlArray(SURNAMES.map((n) => n[0]))} as names, ${sqlArray(SURNAMES.map((n) => n[1]))} as kanas) s
    cross join (select ${sqlArray(GIVEN_NAMES.map((n) => n[0]))} as names, ${sqlArray(GIVEN_NAMES.map((n) => n[1]))} as kanas) g
    cross join lateral (select lpad(((u::bigint * 48271) % 100000000)::text, 8, '0') as p) phone`,
  ],
  [
    'schedules',
    `
    insert into schedules (id, clinic_id, staff_id, date, starts_at, ends_at, category_id) overriding system value
    select (st.id - 1) * (:days + :scheduled) + d + 1, st.clinic_id, st.id, day,
           (day + time '10:00') at time zone 'Asia/Tokyo', (day + time '20:00') at time zone 'Asia/Tokyo',
           case when st.priority % 2 = 0 then (st.clinic_id - 1) * 3 + 1 end
    from staffs st cross join generate_series(0, :days + :scheduled - 1) d
    cross join lateral (select :today::date - :days + d as day) x
    where st.clinic_id is not null`,
  ],
  [
    'schedule breaks',
    `
    insert into schedule_breaks (id, schedule_id, starts_at, ends_at) overriding system value
    select id, id, (date + time '14:00') at time zone 'Asia/Tokyo', (date + time '15:00') at time zone 'Asia/Tokyo' from schedules`,
  ],
  // Reservation id = ((clinic − 1) × days in all + day) × 108 + (staff − 1) × 9 + hour index + 1.
  [
    'reservations',
    `
    insert into reservations (id, clinic_id, user_id, status, source, starts_at, ends_at, created_at, created_by_type,
                              cancelled_at, cancelled_by_type, updated_at) overriding system value
    select i.id, c, (c - 1)::bigint * :members + 1 + (hashint8(i.id * 17 + 3) & 2147483647) % :members,
           st.status, (array['WEB_MEMBER', 'WEB_MEMBER', 'WEB_MEMBER', 'WEB_MEMBER', 'WEB_GUEST', 'STAFF', 'STAFF', 'STAFF', 'STAFF', 'STAFF'])[1 + (h.h2 / 100) % 10],
           t.start, t.start + interval '1 hour', t.created, case when (h.h2 / 100) % 10 >= 5 then 'staff' else 'user' end,
           case when st.status = 'CANCELLED' then t.cancelled end,
           case when st.status = 'CANCELLED' then 'user' end,
           case when st.status = 'CANCELLED' then t.cancelled else t.created end
    from generate_series(1, :clinics) c
    cross join generate_series(0, :days + :future - 1) d
    cross join generate_series(0, ${SLOTS_PER_DAY - 1}) slot
    cross join lateral (select ((c - 1)::bigint * (:days + :future) + d) * ${SLOTS_PER_DAY} + slot + 1 as id) i
    cross join lateral (select hashint8(i.id) & 2147483647 as h1, hashint8(i.id * 31 + 7) & 2147483647 as h2) h
    cross join lateral (
      select ((:today::date - :days + d) + time '10:00' + (slot % 9 + case when slot % 9 >= 4 then 1 else 0 end) * interval '1 hour') at time zone 'Asia/Tokyo' as start
    ) s0
    cross join lateral (select s0.start, least(s0.start - (1 + (h.h2 / 1000) % 720) * interval '1 hour', now() - interval '1 minute') as created) t0
    cross join lateral (select t0.start, t0.created, least(t0.created + (t0.start - t0.created) / 2, now() - interval '1 second') as cancelled) t
    cross join lateral (
      select case when t.start < now() then (case when h.h2 % 100 < 87 then 'VISITED' when h.h2 % 100 < 95 then 'CANCELLED' else 'NOT_VISITED' end)
                  else (case when h.h2 % 100 < 7 then 'CANCELLED' else 'RESERVED' end) end as status
    ) st
    where h.h1 % ${SLOTS_PER_DAY} < case when d < :days then 70 else greatest(12, 70 - (d - :days) * 2) end`,
  ],
  // Staff s of the clinic = ((id − 1) % 108) / 9 + 1; menu 1 for staff 1–4, 2 for 5–6, else 3–5.
  [
    'reservation tasks',
    `
    insert into reservation_tasks (id, reservation_id, position, menu_id, menu_task_id, starts_at, ends_at, staff_id, room_id, machine_id)
      overriding system value
    select r.id, r.id, 0, m.menu, m.menu, r.starts_at, r.ends_at, (r.clinic_id - 1) * ${STAFF_PER_CLINIC} + x.s,
           case when x.s <= 6 then (r.clinic_id - 1) * ${ROOMS_PER_CLINIC} + x.s end,
           case when x.s in (5, 6) then (r.clinic_id - 1) * ${MACHINES_PER_CLINIC} + x.s - 4 end
    from reservations r
    cross join lateral (select ((r.id - 1) % ${SLOTS_PER_DAY}) / 9 + 1 as s) x
    cross join lateral (select (r.clinic_id - 1) * ${MENUS_PER_CLINIC} + case when x.s <= 4 then 1 when x.s <= 6 then 2
                               else 3 + ((hashint8(r.id * 31 + 7) & 2147483647) / 10000) % 3 end as menu) m`,
  ],
  [
    'reservation menus',
    `
    insert into reservation_menus (reservation_id, position, menu_id) select reservation_id, 0, menu_id from reservation_tasks`,
  ],
  [
    'allocations',
    `
    insert into allocations (id, clinic_id, resource_type, resource_id, during, live, reservation_task_id) overriding system value
    select r.id * 3 + k, r.clinic_id, held.type, held.rid, tstzrange(r.starts_at, r.ends_at, '[)'), r.status in ('RESERVED', 'VISITED'), r.id
    from reservations r
    cross join lateral (select ((r.id - 1) % ${SLOTS_PER_DAY}) / 9 + 1 as s) x
    cross join lateral (values (0, 'STAFF', (r.clinic_id - 1) * ${STAFF_PER_CLINIC} + x.s),
                               (1, 'ROOM', case when x.s <= 6 then (r.clinic_id - 1) * ${ROOMS_PER_CLINIC} + x.s end),
                               (2, 'MACHINE', case when x.s in (5, 6) then (r.clinic_id - 1) * ${MACHINES_PER_CLINIC} + x.s - 4 end)) as held (k, type, rid)
    where held.rid is not null`,
  ],
  // The busy quarter-hours of each resource and day (migration 0090), which its triggers (off for the load) did not write. A
  // chain built before 0090 needs no rebuild: the migration's backfill computes them when the next run migrates it.
  ['busy quarter-hours', `select busy_quarters_rebuild()`],
  [
    'messages',
    `
    insert into messages (id, clinic_id, user_id, reservation_id, kind, channel, recipient, status, scheduled_at, sent_at, attempts,
                          subject, body, payload, created_at, updated_at, queued)
    select lpad(to_hex(r.id * 4 + m.k), 32, '0')::uuid, r.clinic_id, r.user_id, r.id, m.kind,
           case when r.user_id % 10 < 3 then 'LINE' else 'MAIL' end,
           case when r.user_id % 10 < 3 then 'U' || lpad(to_hex(r.user_id), 32, '0') else 'member' || r.user_id || '@example.jp' end,
           case when m.at < now() then 'SENT' else 'SCHEDULED' end, m.at, case when m.at < now() then m.at + interval '3 seconds' end,
           case when m.at < now() then 1 else 0 end,
           case when m.at < now() then m.subject end,
           case when m.at < now() then 'チェーン' || r.clinic_id || '院です。' || to_char(r.starts_at at time zone 'Asia/Tokyo', 'MM月DD日 HH24:MI') ||
             'からのご予約について' || m.subject || 'をお送りします。ご来院の際は診察券をお持ちください。変更・キャンセルは前日までにマイページからお願いいたします。' end,
           '{}'::jsonb, case when m.k = 2 then m.at else r.created_at end, m.at, m.at < now() or m.kind <> 'REMINDER'
    from reservations r
    cross join lateral (
      select 0 as k, 'CONFIRMATION' as kind, r.created_at as at, 'ご予約の確認' as subject
      union all
      select 1, 'REMINDER', ((r.starts_at at time zone 'Asia/Tokyo')::date - 1 + time '18:00') at time zone 'Asia/Tokyo', '明日のご予約'
       where r.status <> 'CANCELLED' and r.created_at < ((r.starts_at at time zone 'Asia/Tokyo')::date - 1 + time '18:00') at time zone 'Asia/Tokyo'
      union all
      select 2, 'CANCELLATION', r.cancelled_at, 'キャンセルの受付' where r.status = 'CANCELLED'
    ) m`,
  ],
  [
    'check conditions',
    `
    insert into check_conditions (id, name, kind, display_order, category_id) overriding system value
    values (1, '同意書', 'ALWAYS', 0, null), (2, '問診票', 'FIRST_VISIT', 1, null), (3, '脱毛の注意事項', 'CATEGORY', 2, 1)`,
  ],
  [
    'check items',
    `
    insert into check_items (id, user_id, condition_id, checked, checked_at) overriding system value
    select u * 2 + k - 1, u, k, u % 3 <> 0, case when u % 3 <> 0 then (:today::date - :days) + (u % :days) * interval '1 day' end
    from generate_series(2, :clinics * :members, 2) u cross join generate_series(1, 2) k`,
  ],
  // What the database keeps for the reports (migrations 0073, 0074, 0077, 0100: report_rollups_rebuild() computes all of it),
  // which its triggers (off for the load) did not write; after the check items, which report_month_members reads. A chain
  // built before 0077 or 0100 needs no rebuild: the migrations' backfills write their tables when the next run migrates it,
  // so BUILD_VERSION stays.
  ['report rollups', `select report_rollups_rebuild()`],
];

/** The big tables whose secondary indexes and unique/exclusion constraints are rebuilt after the load. */
const BIG = ['users', 'schedules', 'schedule_breaks', 'reservations', 'reservation_tasks', 'reservation_menus', 'allocations', 'messages', 'check_items'];
/** Tables with identity ids written above: their sequences continue after the largest id. */
const IDENTITY = [
  'clinics',
  'menu_categories',
  'rooms',
  'machines',
  'menus',
  'menu_tasks',
  'staffs',
  'users',
  'schedules',
  'schedule_breaks',
  'reservations',
  'reservation_tasks',
  'allocations',
  'check_conditions',
  'check_items',
];

export interface BuildOptions {
  readonly parameters: ChainParameters;
  readonly today: string;
  /** The head-office ADMIN's password hash (employee number `chainadmin`, no clinic). */
  readonly adminPasswordHash: string;
  readonly log: (line: string) => void;
}

/** Writes the chain into the (freshly migrated, empty) schema `knex` points at; answers the table counts. */
export const buildChain = async (knex: Knex, options: BuildOptions): Promise<Record<string, number>> => {
  const { clinics, days } = options.parameters;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.today)) throw new Error(`not a date: ${options.today}`);
  const values = { clinics, days, today: `'${options.today}'`, members: membersPerClinic(days), future: FUTURE_BOOKED_DAYS, scheduled: FUTURE_SCHEDULED_DAYS };
  await knex.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx.raw("set local maintenance_work_mem = '512MB'");
    await trx.raw("set local work_mem = '256MB'");
    await trx.raw('set local synchronous_commit = off');
    const tables = `array[${BIG.map((t) => `to_regclass('${t}')`).join(', ')}]::oid[]`;
    const constraints: Array<{ tbl: string; conname: string; def: string }> = (
      await trx.raw(
        `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = any(${tables}) and contype in ('u', 'x')`,
      )
    ).rows;
    const indexes: Array<{ name: string; def: string }> = (
      await trx.raw(`
        select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
        where i.indrelid = any(${tables}) and not i.indisprimary and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)
    ).rows;
    for (const c of constraints) await trx.raw('alter table ?? drop constraint ??', [c.tbl, c.conname]);
    for (const i of indexes) await trx.raw(`drop index ${i.name}`);
    for (const [name, sql] of LOAD) {
      const started = performance.now();
      const result = (await trx.raw(inline(sql, values))) as { rowCount?: number };
      options.log(`${name}: ${result.rowCount ?? '?'} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    for (const table of IDENTITY) {
      await trx.raw(`select setval(pg_get_serial_sequence(?, 'id'), greatest(1, (select max(id) from ??)))`, [table, table]);
    }
    await trx.raw(
      `insert into staffs (employee_number, email, name, role, clinic_id, priority, password_hash)
       values ('chainadmin', 'chainadmin@example.jp', '本部管理者', 'ADMIN', null, 0, ?)`,
      [options.adminPasswordHash],
    );
    const started = performance.now();
    for (const i of indexes) {
      const one = performance.now();
      await trx.raw(i.def);
      options.log(`index ${i.name}: ${((performance.now() - one) / 1000).toFixed(1)} s`);
    }
    for (const c of constraints) {
      const one = performance.now();
      await trx.raw(`alter table ?? add constraint ?? ${c.def.replace(/\?/g, '\\?')}`, [c.tbl, c.conname]);
      options.log(`constraint ${c.conname}: ${((performance.now() - one) / 1000).toFixed(1)} s`);
    }
    options.log(`indexes and constraints rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });
  const vacuumStarted = performance.now();
  for (const table of [
    ...new Set([
      ...IDENTITY,
      ...BIG,
      'reservation_menus',
      'menu_task_rooms',
      'menu_task_machines',
      'staff_menus',
      'clinic_opening_hours',
      'report_month_counts',
      'report_month_visitors',
      'report_month_members',
    ]),
  ]) {
    await knex.raw('vacuum (analyze) ??', [table]);
  }
  options.log(`vacuum analyze: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
  const counts: Record<string, number> = {};
  for (const table of ['reservations', 'reservation_tasks', 'allocations', 'users', 'schedules', 'messages', 'check_items']) {
    counts[table] = Number((await knex.raw(`select count(*) as n from ??`, [table])).rows[0].n);
  }
  counts.sentMessages = Number((await knex.raw(`select count(*) as n from messages where status = 'SENT'`)).rows[0].n);
  return counts;
};
