import type { Knex } from 'knex';

/**
 * The month's visitors, kept for the checklist reports (docs/reports.md, "How it stays fast";
 * migrations 0073 and 0074 keep the other values): `report_month_visitors` has one row per
 * member, clinic and month (Asia/Tokyo) in which the member visited (a VISITED reservation
 * starting in the month at the clinic), with
 *
 * - `visits`: how many;
 * - `first_visit`: one of them is the member's first visit anywhere in the chain (its
 *   `reservations.first_visit`);
 * - `menu_ids`: the distinct menus of those visits, ascending (their categories are read at
 *   report time from `menus`, so a menu moved to another category moves its past visits too).
 *
 * A chain's month then reads ~190,000 narrow rows instead of grouping ~470,000 visits (and
 * unnesting their menus) out of ~540,000 reservations; one clinic's "first visit in the month"
 * is one probe of the member's rows of the month instead of their earlier visits.
 *
 * Kept exact in the writing transaction: whenever a member's visits change (a visit made or
 * unmade, moved, given to another clinic or member, deleted: `reservations_first_visits`, which
 * the trigger of migration 0073 already calls for each of those, under the member's advisory
 * lock) or a visit's menus change (`reservations.menu_ids` written by the trigger on
 * reservation_menus), that member's rows are computed again from the member's visits (one read of
 * `reservations_user_start`) and only the rows that differ are written. The member's advisory lock
 * (`hashtext('first-visit:' || id)`) orders two transactions changing one member's visits, and
 * the statement after it runs on a new snapshot (READ COMMITTED), so the second sees the first's.
 *
 * `report_rollups_rebuild()` computes the table from scratch too (this migration's backfill, and
 * a bulk load that ran with triggers off: the chain benchmark's builder).
 */

/** One row per clinic and month of `where`'s VISITED reservations, grouped with `groupBy` (the member's id among them when several members are read). */
const visitorRows = (where: string, userId: string, groupBy: string) => `
  select date_trunc('month', r.starts_at at time zone 'Asia/Tokyo')::date as month, r.clinic_id, ${userId} as user_id,
         count(distinct r.id)::int as visits, coalesce(bool_or(r.first_visit), false) as first_visit,
         coalesce(array_agg(distinct m.menu_id) filter (where m.menu_id is not null), '{}') as menu_ids
  from reservations r
  left join lateral unnest(r.menu_ids) as m(menu_id) on true
  where r.status = 'VISITED' and ${where}
  group by ${groupBy}`;

const REBUILD_0074 = `
      update reservations r set menu_ids = x.ids, first_visit = x.first_visit
      from (
        select r2.id, coalesce(m.ids, '{}') as ids, case when r2.status = 'VISITED' then r2.starts_at = f.first end as first_visit
        from reservations r2
        left join (select reservation_id, array_agg(menu_id order by position) as ids from reservation_menus group by reservation_id) m on m.reservation_id = r2.id
        left join (select user_id, min(starts_at) as first from reservations where status = 'VISITED' group by user_id) f on f.user_id = r2.user_id
      ) x
      where x.id = r.id and (r.menu_ids is distinct from x.ids or r.first_visit is distinct from x.first_visit);
      delete from report_month_counts;
      insert into report_month_counts (clinic_id, month, visits, no_shows)
      select clinic_id, date_trunc('month', starts_at at time zone 'Asia/Tokyo')::date,
             count(*) filter (where status = 'VISITED'), count(*) filter (where status = 'NOT_VISITED')
      from reservations where status in ('VISITED', 'NOT_VISITED')
      group by 1, 2;
      update schedules s set break_minutes = coalesce(k.minutes, 0)
      from schedules s2
      left join (select b.schedule_id, coalesce(sum(extract(epoch from (b.ends_at - b.starts_at)) / 60), 0) as minutes from schedule_breaks b group by b.schedule_id) k on k.schedule_id = s2.id
      where s2.id = s.id and s.break_minutes is distinct from coalesce(k.minutes, 0);`;

const INSERT_VISITORS = `
      insert into report_month_visitors (month, clinic_id, user_id, visits, first_visit, menu_ids)
      ${visitorRows('true', 'r.user_id', '1, 2, 3')}`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table report_month_visitors (
      month date not null,
      clinic_id bigint not null,
      user_id bigint not null,
      visits integer not null,
      first_visit boolean not null,
      menu_ids bigint[] not null,
      primary key (month, clinic_id, user_id)
    )`);
  await knex.raw(`create index report_month_visitors_user on report_month_visitors (user_id, month)`);

  await knex.raw(`
    create function report_month_visitors_refresh(p_user_id bigint) returns void
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtext('first-visit:' || p_user_id::text));
      with truth as (${visitorRows('r.user_id = p_user_id', 'p_user_id', '1, 2')}),
      gone as (
        delete from report_month_visitors v
        where v.user_id = p_user_id and not exists (select 1 from truth t where t.month = v.month and t.clinic_id = v.clinic_id)
      )
      insert into report_month_visitors as v (month, clinic_id, user_id, visits, first_visit, menu_ids)
      select t.month, t.clinic_id, t.user_id, t.visits, t.first_visit, t.menu_ids from truth t
      on conflict (month, clinic_id, user_id) do update
        set visits = excluded.visits, first_visit = excluded.first_visit, menu_ids = excluded.menu_ids
        where (v.visits, v.first_visit, v.menu_ids) is distinct from (excluded.visits, excluded.first_visit, excluded.menu_ids);
    end
    $$`);
  // Migration 0073's function, which every change of a member's visits calls, now also refreshes the member's rows.
  await knex.raw(`
    create or replace function reservations_first_visits(p_user_id bigint) returns void
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtext('first-visit:' || p_user_id::text));
      update reservations r set first_visit = (r.starts_at = f.first)
      from (select min(v.starts_at) as first from reservations v where v.user_id = p_user_id and v.status = 'VISITED') f
      where r.user_id = p_user_id and r.status = 'VISITED' and r.first_visit is distinct from (r.starts_at = f.first);
      perform report_month_visitors_refresh(p_user_id);
    end
    $$`);
  await knex.raw(`
    create function reservations_visit_menus() returns trigger
    language plpgsql as $$
    begin
      perform report_month_visitors_refresh(new.user_id);
      return null;
    end
    $$`);
  await knex.raw(`
    create or replace function report_rollups_rebuild() returns void
    language plpgsql volatile as $$
    begin
      ${REBUILD_0074}
      delete from report_month_visitors;
      ${INSERT_VISITORS};
    end
    $$`);
  await knex.raw(INSERT_VISITORS);
  await knex.raw(`
    create trigger reservations_visit_menus after update of menu_ids on reservations
    for each row when (new.status = 'VISITED' and old.menu_ids is distinct from new.menu_ids) execute function reservations_visit_menus()`);
  await knex.raw('analyze report_month_visitors');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop trigger reservations_visit_menus on reservations');
  await knex.raw('drop function reservations_visit_menus()');
  await knex.raw(`
    create or replace function reservations_first_visits(p_user_id bigint) returns void
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtext('first-visit:' || p_user_id::text));
      update reservations r set first_visit = (r.starts_at = f.first)
      from (select min(v.starts_at) as first from reservations v where v.user_id = p_user_id and v.status = 'VISITED') f
      where r.user_id = p_user_id and r.status = 'VISITED' and r.first_visit is distinct from (r.starts_at = f.first);
    end
    $$`);
  await knex.raw(`
    create or replace function report_rollups_rebuild() returns void
    language plpgsql volatile as $$
    begin
      ${REBUILD_0074}
    end
    $$`);
  await knex.raw('drop function report_month_visitors_refresh(bigint)');
  await knex.raw('drop table report_month_visitors');
};
