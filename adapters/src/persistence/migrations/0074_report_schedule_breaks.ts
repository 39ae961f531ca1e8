import type { Knex } from 'knex';

/**
 * One more value kept for the reports (docs/reports.md, "How it stays fast"; migration 0073 has
 * the others): `schedules.break_minutes`, the minutes of the schedule's breaks, so that a month's
 * scheduled minutes (勤務時間, every staff report) are read from its schedules without one probe
 * of schedule_breaks per schedule (93,000 for the largest chain's month). The trigger on
 * schedule_breaks writes it after each insert, update or delete, in the writing transaction.
 * `report_rollups_rebuild()` computes it from scratch too, for a bulk load with triggers off.
 */
const BREAK_MINUTES = `coalesce(sum(extract(epoch from (b.ends_at - b.starts_at)) / 60), 0)`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`alter table schedules add column break_minutes numeric not null default 0`);
  await knex.raw(`
    create function schedule_break_minutes(p_schedule_id bigint) returns void
    language sql volatile as $$
      update schedules s set break_minutes = k.minutes
      from (select ${BREAK_MINUTES} as minutes from schedule_breaks b where b.schedule_id = p_schedule_id) k
      where s.id = p_schedule_id and s.break_minutes is distinct from k.minutes
    $$`);
  await knex.raw(`
    create function schedule_breaks_to_schedule() returns trigger
    language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform schedule_break_minutes(old.schedule_id);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.schedule_id <> old.schedule_id) then
        perform schedule_break_minutes(new.schedule_id);
      end if;
      return null;
    end
    $$`);
  await knex.raw(`
    create or replace function report_rollups_rebuild() returns void
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
      update schedules s set break_minutes = coalesce(k.minutes, 0)
      from schedules s2
      left join (select b.schedule_id, ${BREAK_MINUTES} as minutes from schedule_breaks b group by b.schedule_id) k on k.schedule_id = s2.id
      where s2.id = s.id and s.break_minutes is distinct from coalesce(k.minutes, 0);
    end
    $$`);
  await knex.raw(`
    update schedules s set break_minutes = k.minutes
    from (select b.schedule_id, ${BREAK_MINUTES} as minutes from schedule_breaks b group by b.schedule_id) k
    where k.schedule_id = s.id`);
  await knex.raw(`
    create trigger schedule_breaks_to_schedule after insert or delete or update on schedule_breaks
    for each row execute function schedule_breaks_to_schedule()`);
  await knex.raw('analyze schedules');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop trigger schedule_breaks_to_schedule on schedule_breaks');
  await knex.raw('drop function schedule_breaks_to_schedule()');
  await knex.raw('drop function schedule_break_minutes(bigint)');
  await knex.raw('alter table schedules drop column break_minutes');
  // report_rollups_rebuild() as migration 0073 wrote it.
  await knex.raw(`
    create or replace function report_rollups_rebuild() returns void
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
};
