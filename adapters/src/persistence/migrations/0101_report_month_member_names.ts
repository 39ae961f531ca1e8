import type { Knex } from 'knex';

/**
 * The member's name and member number on `report_month_members` (migration 0100), for the list of
 * `users-checklist-unchekcked` over the whole chain: one row per visitor with an unticked item
 * (about 300,000 in a month of the full chain), whose names were joined from `users` (a scan of
 * every member, 1.28 million on the full chain). Now the list reads the kept rows alone.
 *
 * Kept exact like the rest of the row: `report_month_members_refresh(member)` writes them (read
 * from `users` after the member's advisory lock, on a new snapshot), and a change of a member's
 * name or number calls it (trigger `users_to_report_members`). Of a rename and a visit of one
 * member at the same moment, the second to take the member's lock sees the first's commit; the
 * rename holds the member's row lock (FOR NO KEY UPDATE) while it waits, which a booking's
 * foreign-key check (FOR KEY SHARE) does not wait for.
 *
 * The backfill writes the table again from scratch with them (migration 0100's statement joined with
 * `users`), and `report_rollups_rebuild()` writes them with the rest.
 */

/** The first instant of the month after `month` (a date), in Asia/Tokyo. */
const monthEnd = (month: string) => `(((${month}) + interval '1 month')::timestamp at time zone 'Asia/Tokyo')`;

/** Migration 0100's refresh of the member's rows, `withNames` also writing the member's name and number. */
const refresh = (withNames: boolean) => `
    create or replace function report_month_members_refresh(p_user_id bigint) returns void
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
                         where i.user_id = p_user_id and i.checked and i.checked_at < ${monthEnd('mo.month')}), '{}') as checked_conditions${
                           withNames ? ',\n               u.name as user_name, u.user_number' : ''
                         }
        from months mo${withNames ? '\n        join users u on u.id = p_user_id' : ''}
      ),
      gone as (
        delete from report_month_members k
        where k.user_id = p_user_id and not exists (select 1 from truth t where t.month = k.month)
      )
      insert into report_month_members as k (month, user_id, first_visit, menu_ids, item_conditions, checked_conditions${withNames ? ', user_name, user_number' : ''})
      select t.month, p_user_id, t.first_visit, t.menu_ids, t.item_conditions, t.checked_conditions${withNames ? ', t.user_name, t.user_number' : ''} from truth t
      on conflict (month, user_id) do update
        set first_visit = excluded.first_visit, menu_ids = excluded.menu_ids,
            item_conditions = excluded.item_conditions, checked_conditions = excluded.checked_conditions${
              withNames ? ',\n            user_name = excluded.user_name, user_number = excluded.user_number' : ''
            }
        where (k.first_visit, k.menu_ids, k.item_conditions, k.checked_conditions${withNames ? ', k.user_name, k.user_number' : ''})
              is distinct from (excluded.first_visit, excluded.menu_ids, excluded.item_conditions, excluded.checked_conditions${
                withNames ? ', excluded.user_name, excluded.user_number' : ''
              });
    end
    $$`;

/** Migration 0100's statement that writes every member's rows from scratch, `withNames` with the member's name and number. */
const insertMembers = (withNames: boolean) => `
      insert into report_month_members (month, user_id, first_visit, menu_ids, item_conditions, checked_conditions${withNames ? ', user_name, user_number' : ''})
      select g.month, g.user_id, g.first_visit,
             case when g.rows = 1 then g.menu_ids
                  else coalesce((select array_agg(distinct m.menu_id order by m.menu_id) from report_month_visitors v2 cross join unnest(v2.menu_ids) as m(menu_id)
                                 where v2.user_id = g.user_id and v2.month = g.month), '{}') end,
             coalesce(it.ids, '{}'),
             coalesce(array(select x.id from unnest(it.checked_ids, it.checked_ats) as x(id, at) where x.at < ${monthEnd('g.month')} order by x.id), '{}')${
               withNames ? ',\n             u.name, u.user_number' : ''
             }
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
      ) it on it.user_id = g.user_id${withNames ? '\n      join users u on u.id = g.user_id' : ''}
      order by g.month, g.user_id`;

/** Migration 0100's rebuild, `withNames` with the member's name and number. */
const rebuild = (withNames: boolean) => `
    create or replace function report_rollups_rebuild() returns void
    language plpgsql volatile as $$
    begin
      perform report_rollups_rebuild_visits();
      delete from report_month_members;
      ${insertMembers(withNames)};
    end
    $$`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`alter table report_month_members add column user_name text, add column user_number text`);
  await knex.raw(refresh(true));
  await knex.raw(rebuild(true));
  await knex.raw(`
    create function users_to_report_members() returns trigger
    language plpgsql as $$
    begin
      perform report_month_members_refresh(new.id);
      return null;
    end
    $$`);
  await knex.raw(`
    create trigger users_to_report_members after update of name, user_number on users
    for each row when (old.name is distinct from new.name or old.user_number is distinct from new.user_number)
    execute function users_to_report_members()`);
  // Written again from scratch with the names (set-based, in month order, into a fresh file: an
  // UPDATE of every row would leave the table twice its size until vacuumed), then required.
  await knex.raw('truncate report_month_members');
  await knex.raw(insertMembers(true));
  await knex.raw(`alter table report_month_members alter column user_name set not null`);
  await knex.raw('analyze report_month_members');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop trigger users_to_report_members on users');
  await knex.raw('drop function users_to_report_members()');
  await knex.raw(rebuild(false));
  await knex.raw(refresh(false));
  await knex.raw(`alter table report_month_members drop column user_name, drop column user_number`);
};
