import type { Knex } from 'knex';

/**
 * The month's visitors of the whole chain with their checklist, kept for the chain's checklist
 * reports (docs/reports.md, "How it stays fast"; docs/benchmarks.md, "The checklist reports at
 * full size"): `report_month_members` has one row per member and month (Asia/Tokyo) in which the
 * member visited anywhere in the chain, with
 *
 * - `first_visit`: one of those visits is the member's first visit (any of the member's rows of
 *   the month in `report_month_visitors` has it);
 * - `menu_ids`: the distinct menus of those visits, ascending (categories are read at report time);
 * - `item_conditions`: the conditions the member has a check item for (any state), ascending;
 * - `checked_conditions`: those whose item was ticked before the month ended (`checked` and
 *   `checked_at` before the first instant of the next month in Asia/Tokyo), ascending.
 *
 * The chain's month then reads one narrow row per visitor and no check item: before, it grouped the
 * month's rows of `report_month_visitors` per member and joined every member's check items by hash
 * (1.28 million on the full chain, where the members grow with the history).
 *
 * Kept exact in the writing transaction, under the member's advisory lock of migration 0073
 * (`hashtext('first-visit:' || id)`), by `report_month_members_refresh(member)`, which computes the
 * member's rows again from the member's rows of `report_month_visitors` (index
 * `report_month_visitors_user`) and check items (`check_items_unique`) and writes only the rows that
 * differ. It is called at the end of `report_month_visitors_refresh` (every change of a member's
 * visits or of a visit's menus, migration 0077) and by a trigger on `check_items` (an item
 * created, ticked or unticked, its time changed, deleted). The statement after the lock runs on a
 * new snapshot (READ COMMITTED), so of two transactions changing one member's visits or items,
 * the second sees the first's. The conditions themselves (names, kinds, categories) and the menus'
 * categories are read when the report runs, so changing them needs nothing rewritten; a deleted
 * condition deletes its items, which fires the trigger.
 *
 * `report_rollups_rebuild()` computes this table too, after what it computed before (which is kept
 * as `report_rollups_rebuild_visits()`); this migration's backfill is the same statement.
 */

/** The first instant of the month after `month` (a date), in Asia/Tokyo. */
const monthEnd = (month: string) => `(((${month}) + interval '1 month')::timestamp at time zone 'Asia/Tokyo')`;

/**
 * Every member's rows, from scratch (set-based: one pass over report_month_visitors and one over
 * check_items), written in month order so that a month's rows lie together on disk (a chain's
 * month then reads a quarter of the pages it would read in hash order; later months are written
 * as they happen).
 */
const INSERT_MEMBERS = `
      insert into report_month_members (month, user_id, first_visit, menu_ids, item_conditions, checked_conditions)
      select g.month, g.user_id, g.first_visit,
             case when g.rows = 1 then g.menu_ids
                  else coalesce((select array_agg(distinct m.menu_id order by m.menu_id) from report_month_visitors v2 cross join unnest(v2.menu_ids) as m(menu_id)
                                 where v2.user_id = g.user_id and v2.month = g.month), '{}') end,
             coalesce(it.ids, '{}'),
             coalesce(array(select x.id from unnest(it.checked_ids, it.checked_ats) as x(id, at) where x.at < ${monthEnd('g.month')} order by x.id), '{}')
      from (
        select v.month, v.user_id, count(*) as rows, bool_or(v.first_visit) as first_visit, min(v.menu_ids) as menu_ids
        from report_month_visitors v
        group by v.month, v.user_id
      ) g
      left join (
        select i.user_id, array_agg(i.condition_id order by i.condition_id) as ids,
               array_agg(i.condition_id order by i.condition_id) filter (where i.checked and i.checked_at is not null) as checked_ids,
               array_agg(i.checked_at order by i.condition_id) filter (where i.checked and i.checked_at is not null) as checked_ats
        from check_items i
        group by i.user_id
      ) it on it.user_id = g.user_id
      order by g.month, g.user_id`;

/** Migration 0077's refresh of the member's rows of report_month_visitors (the same statement), then the member's rows of report_month_members. */
const VISITORS_REFRESH = (withMembers: boolean) => `
    create or replace function report_month_visitors_refresh(p_user_id bigint) returns void
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtext('first-visit:' || p_user_id::text));
      with truth as (
        select date_trunc('month', r.starts_at at time zone 'Asia/Tokyo')::date as month, r.clinic_id, p_user_id as user_id,
               count(distinct r.id)::int as visits, coalesce(bool_or(r.first_visit), false) as first_visit,
               coalesce(array_agg(distinct m.menu_id) filter (where m.menu_id is not null), '{}') as menu_ids
        from reservations r
        left join lateral unnest(r.menu_ids) as m(menu_id) on true
        where r.status = 'VISITED' and r.user_id = p_user_id
        group by 1, 2
      ),
      gone as (
        delete from report_month_visitors v
        where v.user_id = p_user_id and not exists (select 1 from truth t where t.month = v.month and t.clinic_id = v.clinic_id)
      )
      insert into report_month_visitors as v (month, clinic_id, user_id, visits, first_visit, menu_ids)
      select t.month, t.clinic_id, t.user_id, t.visits, t.first_visit, t.menu_ids from truth t
      on conflict (month, clinic_id, user_id) do update
        set visits = excluded.visits, first_visit = excluded.first_visit, menu_ids = excluded.menu_ids
        where (v.visits, v.first_visit, v.menu_ids) is distinct from (excluded.visits, excluded.first_visit, excluded.menu_ids);${
          withMembers ? '\n      perform report_month_members_refresh(p_user_id);' : ''
        }
    end
    $$`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table report_month_members (
      month date not null,
      user_id bigint not null,
      first_visit boolean not null,
      menu_ids bigint[] not null,
      item_conditions bigint[] not null,
      checked_conditions bigint[] not null,
      primary key (month, user_id)
    )`);
  await knex.raw(`create index report_month_members_user on report_month_members (user_id, month)`);

  await knex.raw(`
    create function report_month_members_refresh(p_user_id bigint) returns void
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtext('first-visit:' || p_user_id::text));
      with months as (
        select v.month, bool_or(v.first_visit) as first_visit,
               coalesce(array_agg(distinct m.menu_id order by m.menu_id) filter (where m.menu_id is not null), '{}') as menu_ids
        from report_month_visitors v
        left join lateral unnest(v.menu_ids) as m(menu_id) on true
        where v.user_id = p_user_id
        group by v.month
      ),
      truth as (
        select mo.month, mo.first_visit, mo.menu_ids,
               coalesce((select array_agg(i.condition_id order by i.condition_id) from check_items i where i.user_id = p_user_id), '{}') as item_conditions,
               coalesce((select array_agg(i.condition_id order by i.condition_id) from check_items i
                         where i.user_id = p_user_id and i.checked and i.checked_at < ${monthEnd('mo.month')}), '{}') as checked_conditions
        from months mo
      ),
      gone as (
        delete from report_month_members k
        where k.user_id = p_user_id and not exists (select 1 from truth t where t.month = k.month)
      )
      insert into report_month_members as k (month, user_id, first_visit, menu_ids, item_conditions, checked_conditions)
      select t.month, p_user_id, t.first_visit, t.menu_ids, t.item_conditions, t.checked_conditions from truth t
      on conflict (month, user_id) do update
        set first_visit = excluded.first_visit, menu_ids = excluded.menu_ids,
            item_conditions = excluded.item_conditions, checked_conditions = excluded.checked_conditions
        where (k.first_visit, k.menu_ids, k.item_conditions, k.checked_conditions)
              is distinct from (excluded.first_visit, excluded.menu_ids, excluded.item_conditions, excluded.checked_conditions);
    end
    $$`);
  await knex.raw(VISITORS_REFRESH(true));
  await knex.raw(`
    create function check_items_to_report_members() returns trigger
    language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform report_month_members_refresh(old.user_id);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.user_id <> old.user_id) then
        perform report_month_members_refresh(new.user_id);
      end if;
      return null;
    end
    $$`);
  await knex.raw(`
    create trigger check_items_to_report_members_change after update of user_id, condition_id, checked, checked_at on check_items
    for each row when ((old.user_id, old.condition_id, old.checked, old.checked_at) is distinct from (new.user_id, new.condition_id, new.checked, new.checked_at))
    execute function check_items_to_report_members()`);
  await knex.raw(`
    create trigger check_items_to_report_members after insert or delete on check_items
    for each row execute function check_items_to_report_members()`);

  // What report_rollups_rebuild() computed until now, then this table from it.
  await knex.raw(`alter function report_rollups_rebuild() rename to report_rollups_rebuild_visits`);
  await knex.raw(`
    create function report_rollups_rebuild() returns void
    language plpgsql volatile as $$
    begin
      perform report_rollups_rebuild_visits();
      delete from report_month_members;
      ${INSERT_MEMBERS};
    end
    $$`);
  await knex.raw(INSERT_MEMBERS);
  await knex.raw('analyze report_month_members');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop function report_rollups_rebuild()');
  await knex.raw(`alter function report_rollups_rebuild_visits() rename to report_rollups_rebuild`);
  await knex.raw('drop trigger check_items_to_report_members on check_items');
  await knex.raw('drop trigger check_items_to_report_members_change on check_items');
  await knex.raw('drop function check_items_to_report_members()');
  await knex.raw(VISITORS_REFRESH(false));
  await knex.raw('drop function report_month_members_refresh(bigint)');
  await knex.raw('drop table report_month_members');
};
