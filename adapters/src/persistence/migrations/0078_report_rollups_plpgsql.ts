import type { Knex } from 'knex';

/**
 * The row triggers of 0073 and 0074 call three helper functions written in SQL. PostgreSQL plans
 * the statement of a SQL function again at every call, so a booking paid for planning an UPDATE
 * of `reservations` inside its own statement (a quarter of a millisecond, an eighth of the
 * booking's statement). The same statements in PL/pgSQL are planned once per connection and kept.
 * Same statements, same results: only the language changes.
 */
const REPORT_MONTH_COUNT = `
      insert into report_month_counts as c (clinic_id, month, visits, no_shows)
      values (p_clinic_id, date_trunc('month', p_at at time zone 'Asia/Tokyo')::date,
              case when p_status = 'VISITED' then p_delta else 0 end, case when p_status = 'NOT_VISITED' then p_delta else 0 end)
      on conflict (clinic_id, month) do update set visits = c.visits + excluded.visits, no_shows = c.no_shows + excluded.no_shows`;

const RESERVATION_MENU_IDS = `
      update reservations r set menu_ids = m.ids
      from (select coalesce(array_agg(rm.menu_id order by rm.position), '{}') as ids from reservation_menus rm where rm.reservation_id = p_reservation_id) m
      where r.id = p_reservation_id and r.menu_ids is distinct from m.ids`;

const SCHEDULE_BREAK_MINUTES = `
      update schedules s set break_minutes = k.minutes
      from (select coalesce(sum(extract(epoch from (b.ends_at - b.starts_at)) / 60), 0) as minutes from schedule_breaks b where b.schedule_id = p_schedule_id) k
      where s.id = p_schedule_id and s.break_minutes is distinct from k.minutes`;

const define = (language: 'sql' | 'plpgsql') => {
  const body = (statement: string) => (language === 'plpgsql' ? `begin${statement};\n    end` : statement);
  return [
    `create or replace function report_month_count(p_clinic_id bigint, p_at timestamptz, p_status text, p_delta integer) returns void
    language ${language} volatile as $$${body(REPORT_MONTH_COUNT)}
    $$`,
    `create or replace function reservation_menu_ids(p_reservation_id bigint) returns void
    language ${language} volatile as $$${body(RESERVATION_MENU_IDS)}
    $$`,
    `create or replace function schedule_break_minutes(p_schedule_id bigint) returns void
    language ${language} volatile as $$${body(SCHEDULE_BREAK_MINUTES)}
    $$`,
  ];
};

export const up = async (knex: Knex): Promise<void> => {
  for (const statement of define('plpgsql')) await knex.raw(statement);
};

export const down = async (knex: Knex): Promise<void> => {
  for (const statement of define('sql')) await knex.raw(statement);
};
