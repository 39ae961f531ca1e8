import type { Knex } from 'knex';

/**
 * What the reports need from other rows, kept on hand by the database (docs/reports.md, "How it
 * stays fast"), so that a month's report reads the month's reservations once and probes nothing
 * per row. Kept exact by triggers in the writing statement's own transaction, whatever writes
 * (a booking's statement, a status change, a move, a delete, a fixture's plain insert):
 *
 * - `reservations.menu_ids`: the reservation's menus in `position` order (reservation_menus stays
 *   the truth; the trigger on it writes the array after each insert, update or delete).
 * - `reservations.first_visit`: for a VISITED reservation, whether no VISITED reservation of the
 *   same member starts earlier anywhere in the chain (新規); null for any other status. A change
 *   that makes or unmakes a visit, moves it or gives it to another member recomputes the flags of
 *   that member's visits (`reservations_first_visits`) under a transaction-scoped advisory lock per
 *   member, so two transactions changing one member's visits at once take turns, and the second
 *   (a new snapshot per statement: READ COMMITTED) sees the first's visits.
 * - `report_month_counts`: visits and no-shows per clinic and month of the start (Asia/Tokyo), the
 *   twelve months of `no-show-rate`; each change adds or takes away one under the row's lock.
 *
 * `report_rollups_rebuild()` computes all three from scratch, set-based: this migration's
 * backfill, and a bulk load that ran with triggers off (the chain benchmark's builder).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`alter table reservations add column menu_ids bigint[] not null default '{}', add column first_visit boolean`);
  await knex.raw(`
    create table report_month_counts (
      clinic_id bigint not null references clinics (id) on delete cascade,
      month date not null,
      visits integer not null default 0,
      no_shows integer not null default 0,
      primary key (clinic_id, month)
    )`);
  await knex.raw(`create index report_month_counts_month on report_month_counts (month)`);

  await knex.raw(`
    create function report_month_count(p_clinic_id bigint, p_at timestamptz, p_status text, p_delta integer) returns void
    language sql volatile as $$
      insert into report_month_counts as c (clinic_id, month, visits, no_shows)
      values (p_clinic_id, date_trunc('month', p_at at time zone 'Asia/Tokyo')::date,
              case when p_status = 'VISITED' then p_delta else 0 end, case when p_status = 'NOT_VISITED' then p_delta else 0 end)
      on conflict (clinic_id, month) do update set visits = c.visits + excluded.visits, no_shows = c.no_shows + excluded.no_shows
    $$`);
  await knex.raw(`
    create function reservations_first_visits(p_user_id bigint) returns void
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtext('first-visit:' || p_user_id::text));
      update reservations r set first_visit = (r.starts_at = f.first)
      from (select min(v.starts_at) as first from reservations v where v.user_id = p_user_id and v.status = 'VISITED') f
      where r.user_id = p_user_id and r.status = 'VISITED' and r.first_visit is distinct from (r.starts_at = f.first);
    end
    $$`);
  await knex.raw(`
    create function reservations_report_rollups() returns trigger
    language plpgsql as $$
    declare
      moved boolean := tg_op = 'UPDATE' and (old.status, old.starts_at, old.user_id, old.clinic_id) is distinct from (new.status, new.starts_at, new.user_id, new.clinic_id);
    begin
      if tg_op = 'UPDATE' and not moved then
        return null;
      end if;
      if tg_op <> 'INSERT' and old.status in ('VISITED', 'NOT_VISITED') then
        perform report_month_count(old.clinic_id, old.starts_at, old.status, -1);
      end if;
      if tg_op <> 'DELETE' and new.status in ('VISITED', 'NOT_VISITED') then
        perform report_month_count(new.clinic_id, new.starts_at, new.status, 1);
      end if;
      if tg_op <> 'INSERT' and old.status = 'VISITED' then
        perform reservations_first_visits(old.user_id);
      end if;
      if tg_op <> 'DELETE' and new.status = 'VISITED' and (tg_op = 'INSERT' or old.status <> 'VISITED' or old.user_id <> new.user_id) then
        perform reservations_first_visits(new.user_id);
      end if;
      return null;
    end
    $$`);
  await knex.raw(`
    create function reservations_first_visit_only_visited() returns trigger
    language plpgsql as $$
    begin
      new.first_visit := null;
      return new;
    end
    $$`);
  await knex.raw(`
    create function reservation_menu_ids(p_reservation_id bigint) returns void
    language sql volatile as $$
      update reservations r set menu_ids = m.ids
      from (select coalesce(array_agg(rm.menu_id order by rm.position), '{}') as ids from reservation_menus rm where rm.reservation_id = p_reservation_id) m
      where r.id = p_reservation_id and r.menu_ids is distinct from m.ids
    $$`);
  await knex.raw(`
    create function reservation_menus_to_reservation() returns trigger
    language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform reservation_menu_ids(old.reservation_id);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.reservation_id <> old.reservation_id) then
        perform reservation_menu_ids(new.reservation_id);
      end if;
      return null;
    end
    $$`);
  await knex.raw(`
    create function report_rollups_rebuild() returns void
    language plpgsql volatile as $$
    begin
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
    end
    $$`);
  await knex.raw('select report_rollups_rebuild()');

  await knex.raw(`
    create trigger reservations_report_rollups after insert or delete or update of status, starts_at, user_id, clinic_id on reservations
    for each row execute function reservations_report_rollups()`);
  await knex.raw(`
    create trigger reservations_first_visit_only_visited before insert or update of status, first_visit on reservations
    for each row when (new.status <> 'VISITED' and new.first_visit is not null) execute function reservations_first_visit_only_visited()`);
  await knex.raw(`
    create trigger reservation_menus_to_reservation after insert or delete or update on reservation_menus
    for each row execute function reservation_menus_to_reservation()`);
  await knex.raw('analyze reservations');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop trigger reservation_menus_to_reservation on reservation_menus');
  await knex.raw('drop trigger reservations_first_visit_only_visited on reservations');
  await knex.raw('drop trigger reservations_report_rollups on reservations');
  await knex.raw('drop function report_rollups_rebuild()');
  await knex.raw('drop function reservation_menus_to_reservation()');
  await knex.raw('drop function reservation_menu_ids(bigint)');
  await knex.raw('drop function reservations_first_visit_only_visited()');
  await knex.raw('drop function reservations_report_rollups()');
  await knex.raw('drop function reservations_first_visits(bigint)');
  await knex.raw('drop function report_month_count(bigint, timestamptz, text, integer)');
  await knex.raw('drop table report_month_counts');
  await knex.raw('alter table reservations drop column first_visit, drop column menu_ids');
};
