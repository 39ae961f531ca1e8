import { KnexReportQueries, migrateToLatest, openDatabase, type Database } from '@clinic/adapters/persistence';
import { GetReportUseCase, REPORT_KEYS, type ReportKey } from '@clinic/core';
import { DateTime } from 'luxon';
import { summarize, type Summary } from './stats';

/**
 * The reports on a generated chain of five years: 10 clinics, 20 staff each with a schedule every
 * day, 100,000 members, 1,000,000 reservations (one menu, one staff task each) in every status
 * and from every channel, and check items. Written with INSERT … SELECT generate_series in a
 * schema of its own, dropped afterwards. Each report is asked for one month, for one clinic and
 * for the whole chain, through the use case and the PostgreSQL adapter (no HTTP).
 */
export const CHAIN = { clinics: 10, staffPerClinic: 20, members: 100_000, reservations: 1_000_000, days: 5 * 365 + 1 } as const;

export interface ReportBenchRow {
  readonly key: ReportKey;
  readonly clinic: Summary;
  readonly chain: Summary;
  readonly clinicRows: number;
  readonly chainRows: number;
}

export interface ReportBench {
  readonly database: string;
  readonly seededSeconds: number;
  readonly counts: Record<string, number>;
  readonly rows: ReportBenchRow[];
}

export const seedChain = async (db: Database, today: DateTime, log: (step: string, ms: number) => void = () => {}): Promise<void> => {
  const k = db.knex;
  const { clinics, staffPerClinic, members, reservations, days } = CHAIN;
  const first = today.minus({ days: days - 30 }).toISODate()!; // five years back, the last 30 days ahead
  const bindings = { clinics, staffPerClinic, members, reservations, days, first };
  await k.transaction(async (trx) => {
    let step = 0;
    const run = async (sql: string) => {
      const started = performance.now();
      await trx.raw(sql, bindings);
      log(`step ${++step}`, performance.now() - started);
    };
    // Bulk load: no foreign-key triggers, and the big tables' secondary indexes and constraints
    // dropped now and rebuilt in one pass at the end (as pg_restore does).
    await trx.raw('set local session_replication_role = replica');
    const tables = `array[to_regclass('reservations'), to_regclass('reservation_tasks'), to_regclass('reservation_menus'), to_regclass('schedules'), to_regclass('schedule_breaks')]::oid[]`;
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
    await load(run);
    const started = performance.now();
    for (const i of indexes) await trx.raw(i.def);
    for (const c of constraints) await trx.raw(`alter table ?? add constraint ?? ${c.def.replace(/\?/g, '\\?')}`, [c.tbl, c.conname]);
    log('indexes', performance.now() - started);
  });
  for (const table of [
    'clinics',
    'menu_categories',
    'menus',
    'staffs',
    'users',
    'schedules',
    'schedule_breaks',
    'reservations',
    'reservation_menus',
    'reservation_tasks',
    'check_conditions',
    'check_items',
  ]) {
    await k.raw('vacuum analyze ??', [table]);
  }
};

const load = async (run: (sql: string) => Promise<void>): Promise<void> => {
  await run(`insert into clinics (name) select 'ベンチ' || g || '院' from generate_series(1, :clinics) g`);
  await run(`
    insert into menu_categories (clinic_id, name, display_order)
    select c.id, cat.name, cat.ord from clinics c cross join (values ('脱毛', 0), ('美容皮膚', 1)) as cat(name, ord)`);
  await run(`
    insert into menus (clinic_id, category_id, name, kind, display_order)
    select mc.clinic_id, mc.id, mc.name || 'メニュー' || g, 'NEW', g from menu_categories mc cross join generate_series(1, 2) g`);
  await run(`
    insert into staffs (employee_number, email, name, role, clinic_id, priority)
    select 'B' || c.id || '-' || g, 'bench' || c.id || '-' || g || '@example.jp', 'スタッフ' || c.id || '-' || g, 'STAFF', c.id, g
    from clinics c cross join generate_series(1, :staffPerClinic) g`);
  await run(`
    insert into users (user_number, name, kana, clinic_id, status, introducer_user_id)
    select 'U' || g, '会員' || g, 'カイイン', (select min(id) from clinics) + g % :clinics, case when g % 10 = 0 then 'TEMPORARY' else 'FULL' end, null
    from generate_series(1, :members) g`);
  await run(`update users set introducer_user_id = id - 1 where id % 7 = 0 and id > (select min(id) from users)`);
  // A schedule every day for every staff member: 09:00–19:00 with a break 13:00–14:00; half of them for a category.
  await run(`
    insert into schedules (clinic_id, staff_id, date, starts_at, ends_at, category_id)
    select s.clinic_id, s.id, d::date,
           (d::date + time '09:00') at time zone 'Asia/Tokyo', (d::date + time '19:00') at time zone 'Asia/Tokyo',
           case when s.priority % 2 = 0 then (select mc.id from menu_categories mc where mc.clinic_id = s.clinic_id order by mc.display_order limit 1) end
    from staffs s cross join generate_series(:first::date, :first::date + (:days - 1), interval '1 day') d`);
  await run(`
    insert into schedule_breaks (schedule_id, starts_at, ends_at)
    select id, (date + time '13:00') at time zone 'Asia/Tokyo', (date + time '14:00') at time zone 'Asia/Tokyo' from schedules`);
  // Reservation g: day g % days, hour 9–18, its clinic's staff and menus in turn; past ones visited
  // (80 %), cancelled (10 %), not visited (5 %) or still reserved (5 %); three channels.
  await run(`
    with c as (select array_agg(id order by id) as ids from clinics),
         u as (select min(id) as first from users)
    insert into reservations (clinic_id, user_id, status, source, starts_at, ends_at, created_at, created_by_type)
    select c.ids[1 + g % :clinics], u.first + (g::bigint * 7919) % :members,
           case when start > now() then 'RESERVED' when g % 20 < 16 then 'VISITED' when g % 20 < 18 then 'CANCELLED' when g % 20 < 19 then 'NOT_VISITED' else 'RESERVED' end,
           (array['WEB_MEMBER', 'WEB_GUEST', 'STAFF'])[1 + g % 3],
           start, start + interval '1 hour', start - (1 + g % 240) * interval '1 hour', 'system'
    from generate_series(0, :reservations - 1) g cross join c cross join u
    cross join lateral (select ((:first::date + (g % :days)) + make_time(9 + (g / :days) % 10, 0, 0)) at time zone 'Asia/Tokyo' as start) t`);
  await run(`
    with m as (select clinic_id, array_agg(id order by id) as ids from menus group by clinic_id)
    insert into reservation_menus (reservation_id, position, menu_id)
    select r.id, 0, m.ids[(1 + r.id % 4)::int] from reservations r join m on m.clinic_id = r.clinic_id`);
  await run(`
    with s as (select clinic_id, array_agg(id order by id) as ids from staffs group by clinic_id)
    insert into reservation_tasks (reservation_id, position, menu_id, starts_at, ends_at, staff_id)
    select r.id, 0, rm.menu_id, r.starts_at, r.ends_at, s.ids[(1 + (r.id / :clinics) % :staffPerClinic)::int]
    from reservations r join reservation_menus rm on rm.reservation_id = r.id join s on s.clinic_id = r.clinic_id`);
  await run(`
    insert into check_conditions (name, kind, display_order, category_id)
    values ('同意書', 'ALWAYS', 0, null), ('問診票', 'FIRST_VISIT', 1, null),
           ('脱毛の注意事項', 'CATEGORY', 2, (select min(id) from menu_categories))`);
  await run(`
    insert into check_items (user_id, condition_id, checked, checked_at)
    select u.id, cc.id, u.id % 3 <> 0, case when u.id % 3 <> 0 then now() - (u.id % 1500) * interval '1 day' end
    from users u cross join check_conditions cc where u.id % 2 = 0 and cc.kind <> 'CATEGORY'`);
};

const time = async (fn: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

export const benchReports = async (url: string, runs = 20): Promise<ReportBench> => {
  if (!url.startsWith('postgres')) throw new Error('the reports benchmark needs PostgreSQL (BENCH_DATABASE_URL)');
  const schema = `bench_reports_${Date.now().toString(36)}`;
  const db = await openDatabase(url, { schema, poolMax: 4 });
  try {
    await migrateToLatest(db);
    const today = DateTime.now().setZone('Asia/Tokyo').startOf('day');
    const started = performance.now();
    await seedChain(db, today);
    const seededSeconds = (performance.now() - started) / 1000;
    const counts: Record<string, number> = {};
    for (const table of ['reservations', 'reservation_tasks', 'schedules', 'users', 'check_items']) {
      counts[table] = Number((await db.knex(table).count({ n: '*' }))[0]!.n);
    }
    const clinicId = String((await db.knex('clinics').min({ id: 'id' }))[0]!.id);
    const reports = new GetReportUseCase(new KnexReportQueries(db.knex), { findById: async (id) => ({ id }) as never });
    const staff = { role: 'ADMIN' as const, clinicId: null };
    // The twelve months before this one, in turn, so no single month stays cached alone.
    const months = Array.from({ length: 12 }, (_, i) => today.minus({ months: i + 1 }).toFormat('yyyy-MM'));
    const rows: ReportBenchRow[] = [];
    for (const key of REPORT_KEYS) {
      const measure = async (scope: string | null) => {
        const times: number[] = [];
        let size = 0;
        await reports.execute({ staff, type: key, month: months[0]!, clinicId: scope }); // warm-up
        for (let i = 0; i < runs; i++) {
          let answer: Awaited<ReturnType<typeof reports.execute>> | undefined;
          times.push(await time(async () => (answer = await reports.execute({ staff, type: key, month: months[i % months.length]!, clinicId: scope }))));
          if (answer?.ok) size = answer.value.rows.length;
          else throw new Error(`${key}: ${JSON.stringify(answer)}`);
        }
        return { summary: summarize(times), size };
      };
      const clinic = await measure(clinicId);
      const chain = await measure(null);
      rows.push({ key, clinic: clinic.summary, chain: chain.summary, clinicRows: clinic.size, chainRows: chain.size });
    }
    return { database: db.description.replace(/ \(schema .*\)/, ''), seededSeconds, counts, rows };
  } finally {
    await db.knex.raw('drop schema if exists ?? cascade', [schema]);
    await db.close();
  }
};
