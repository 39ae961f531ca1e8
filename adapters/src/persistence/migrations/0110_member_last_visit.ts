import type { Knex } from 'knex';

/**
 * A member's last visit, kept on the member (`users.last_visit_at`: the start of the member's
 * latest VISITED reservation, null before the first visit). The staff's member search shows it for
 * every member of a page and filters by it (lastVisitFrom/To); read from the reservations, that was
 * one probe of the member's visits per member shown, and per member of the chain for the filter
 * (docs/benchmarks.md, "Chain scale").
 *
 * Kept exact by the function every change of a member's visits already calls, under the member's
 * advisory lock (`reservations_first_visits`, migrations 0073 and 0077: a visit recorded or undone,
 * moved, or given to another member); `report_rollups_rebuild()` computes it from scratch too
 * (a bulk load with triggers off, the chain benchmark's builder).
 */

/** Migration 0077's body of the function, with the member's last visit written after the flags. */
const firstVisits = (withLastVisit: boolean) => `
    create or replace function reservations_first_visits(p_user_id bigint) returns void
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtext('first-visit:' || p_user_id::text));
      update reservations r set first_visit = (r.starts_at = f.first)
      from (select min(v.starts_at) as first from reservations v where v.user_id = p_user_id and v.status = 'VISITED') f
      where r.user_id = p_user_id and r.status = 'VISITED' and r.first_visit is distinct from (r.starts_at = f.first);
      perform report_month_visitors_refresh(p_user_id);${
        withLastVisit
          ? `
      update users u set last_visit_at = l.last
      from (select max(v.starts_at) as last from reservations v where v.user_id = p_user_id and v.status = 'VISITED') l
      where u.id = p_user_id and u.last_visit_at is distinct from l.last;`
          : ''
      }
    end
    $$`;

/** Every member's last visit from scratch, set-based; only the rows that differ are written. */
const REBUILD_LAST_VISITS = `
    create function users_last_visit_rebuild() returns void
    language sql volatile as $$
      update users u set last_visit_at = l.last
      from (select m.id, v.last from users m
            left join (select v.user_id, max(v.starts_at) as last from reservations v where v.status = 'VISITED' group by v.user_id) v on v.user_id = m.id) l
      where u.id = l.id and u.last_visit_at is distinct from l.last
    $$`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table users add column last_visit_at timestamptz');
  await knex.raw(firstVisits(true));
  await knex.raw(REBUILD_LAST_VISITS);
  // The rebuild of migration 0101 keeps its body under another name and is called first.
  await knex.raw('alter function report_rollups_rebuild() rename to report_rollups_rebuild_reports');
  await knex.raw(`
    create function report_rollups_rebuild() returns void
    language plpgsql volatile as $$
    begin
      perform report_rollups_rebuild_reports();
      perform users_last_visit_rebuild();
    end
    $$`);
  // The backfill: one grouping of the visits, then only the members who have visited.
  await knex.raw(`
    update users u set last_visit_at = l.last
    from (select v.user_id, max(v.starts_at) as last from reservations v where v.status = 'VISITED' group by v.user_id) l
    where u.id = l.user_id`);
  await knex.raw('analyze users');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop function report_rollups_rebuild()');
  await knex.raw('alter function report_rollups_rebuild_reports() rename to report_rollups_rebuild');
  await knex.raw('drop function users_last_visit_rebuild()');
  await knex.raw(firstVisits(false));
  await knex.raw('alter table users drop column last_visit_at');
};
