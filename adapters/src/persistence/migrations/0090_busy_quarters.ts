import type { Knex } from 'knex';

/**
 * The busy quarter-hours of each resource and day, kept by the database for the availability
 * search (docs/benchmarks.md, "The busy quarter-hours"): a 30-day search reads about 1,100 rows of
 * three integers instead of the 6,300 live holds behind them.
 *
 * `busy_quarters`: one row per resource (type and id) and day in Asia/Tokyo that some live hold
 * touches; bit i of `q0` (quarter-hours 0–31 from midnight), `q1` (32–63) and `q2` (64–95) is set
 * when a live hold touches quarter-hour i (the engine's rule: busy time blocks any quarter-hour it
 * touches). A day without live holds has no row. `allocations` stays the truth and its exclusion
 * constraint the guard against double booking; a booking still checks its own time against the
 * holds.
 *
 * Kept exact by statement triggers on `allocations`, in the writing statement's own transaction,
 * whatever writes (a booking's statement, a cancel, a move, a block, a waitlist offer, a cascade, a
 * fixture's plain insert). Two transactions changing one resource-day take turns: each first takes
 * a transaction-scoped advisory lock per resource-day (`busy_quarters_lock`), in one order (type,
 * id, day) within a statement, and writes in the next statement. New live holds only add busy
 * quarter-hours: their bits are OR-ed into the row. Holds released, moved or deleted are never
 * cleared bit by bit (two holds may touch one quarter-hour: 10:00–10:10 and 10:10–10:20): the
 * resource-days they touched, before and after, are recomputed from the live holds of each day
 * (`busy_quarters_refresh`), in a statement whose snapshot (READ COMMITTED: a new one per
 * statement, taken after the locks) holds whatever the other transaction committed. Under a
 * stricter isolation level the snapshot would be the transaction's, so the refresh refuses to run
 * there rather than lose a bit. A deadlock between two transactions that
 * each change two resource-days in separate statements is possible and ends one of them with
 * 40P01, which the reservation repository retries.
 *
 * `busy_quarters_rebuild()` computes the whole table from scratch, set-based: this migration's
 * backfill, and a bulk load that ran with triggers off (the chain benchmark's builder).
 */

/** The word `k` (0, 1, 2) of the quarter-hours [f, t) of a day, as a signed 32-bit integer. */
const WORD = `
    create function busy_quarter_word(f integer, t integer, k integer) returns integer
    language sql immutable parallel safe as $$
      select case when least(t, 32 * k + 32) > greatest(f, 32 * k)
        then ((((1::bigint << (least(t, 32 * k + 32) - greatest(f, 32 * k))) - 1) << (greatest(f, 32 * k) - 32 * k))
              - case when least(t, 32 * k + 32) = 32 * k + 32 then 4294967296 else 0 end)::integer
        else 0 end
    $$`;

/**
 * The days (Asia/Tokyo) a hold touches, each with its first quarter-hour and the one after its
 * last: `from busy_days_of(during)`. A hold ending at midnight does not touch the next day.
 */
const DAYS_OF = `
    create function busy_days_of(p_during tstzrange) returns table (day date, f integer, t integer)
    language sql immutable parallel safe as $$
      select d.day, greatest(0, floor(date_part('epoch', lower(p_during) - d.start) / 900))::integer,
             least(96, ceil(date_part('epoch', upper(p_during) - d.start) / 900))::integer
      from (select g::date as day, (g::date::timestamp at time zone 'Asia/Tokyo') as start
            from generate_series((lower(p_during) at time zone 'Asia/Tokyo')::date, (upper(p_during) at time zone 'Asia/Tokyo')::date, interval '1 day') g) d
      where upper(p_during) > d.start
    $$`;

/** Takes the advisory lock of each resource-day, in the arrays' order (sorted by type, id, day). */
const LOCK = `
    create function busy_quarters_lock(p_types text[], p_ids bigint[], p_days date[]) returns void
    language plpgsql volatile as $$
    begin
      -- PERFORM runs the query to its end: every lock, in the arrays' order.
      perform pg_advisory_xact_lock(hashtextextended('busy_quarters:' || k.type || ':' || k.id || ':' || (k.day - date '2000-01-01'), 0))
      from unnest(p_types, p_ids, p_days) as k(type, id, day);
    end
    $$`;

/** Recomputes the given resource-days (sorted by type, id, day) from the live holds, under their locks. */
const REFRESH = `
    create function busy_quarters_refresh(p_types text[], p_ids bigint[], p_days date[]) returns void
    language plpgsql volatile as $$
    begin
      if p_types is null then
        return;
      end if;
      if current_setting('transaction_isolation') <> 'read committed' then
        raise exception 'busy_quarters: holds are released under READ COMMITTED only (the refresh needs a fresh snapshot after its locks)';
      end if;
      perform busy_quarters_lock(p_types, p_ids, p_days);
      delete from busy_quarters b using unnest(p_types, p_ids, p_days) as k(type, id, day)
      where b.resource_type = k.type and b.resource_id = k.id and b.day = k.day;
      insert into busy_quarters (resource_type, resource_id, day, clinic_id, q0, q1, q2)
      select k.type, k.id, k.day, min(a.clinic_id),
             bit_or(busy_quarter_word(d.f, d.t, 0)), bit_or(busy_quarter_word(d.f, d.t, 1)), bit_or(busy_quarter_word(d.f, d.t, 2))
      from unnest(p_types, p_ids, p_days) as k(type, id, day)
      join allocations a on a.resource_type = k.type and a.resource_id = k.id and a.live
        and a.during && tstzrange(k.day::timestamp at time zone 'Asia/Tokyo', (k.day + 1)::timestamp at time zone 'Asia/Tokyo')
      cross join lateral busy_days_of(a.during) d
      where d.day = k.day and d.t > d.f
      group by k.type, k.id, k.day;
    end
    $$`;

/** The resource-days a statement's changed live holds touch, sorted; `rows` is a query of (resource_type, resource_id, during). */
const keysOf = (rows: string) => `
        select array_agg(x.resource_type), array_agg(x.resource_id), array_agg(x.day)
        into v_types, v_ids, v_days
        from (select distinct h.resource_type, h.resource_id, d.day from (${rows}) h cross join lateral busy_days_of(h.during) d
              where d.t > d.f order by 1, 2, 3) x;`;

const TRIGGER = `
    create function allocations_busy_quarters() returns trigger
    language plpgsql as $$
    declare
      v_types text[];
      v_ids bigint[];
      v_days date[];
      v_clinics bigint[];
      v_q0 integer[];
      v_q1 integer[];
      v_q2 integer[];
    begin
      -- (Nested: a condition naming busy_new is planned whole, and a DELETE has no busy_new.)
      if tg_op <> 'DELETE' then
        if exists (select 1 from busy_new n where n.live and upper_inf(n.during)) then
          raise exception 'busy_quarters: a live hold must end';
        end if;
      end if;
      if tg_op = 'INSERT' then
        -- New holds only add busy quarter-hours: their bits are OR-ed in, under the locks, with no
        -- recount (a refresh that waits for these locks then sees the new holds committed).
        select array_agg(x.type), array_agg(x.id), array_agg(x.day), array_agg(x.clinic), array_agg(x.q0), array_agg(x.q1), array_agg(x.q2)
        into v_types, v_ids, v_days, v_clinics, v_q0, v_q1, v_q2
        from (select n.resource_type as type, n.resource_id as id, d.day, min(n.clinic_id) as clinic,
                     bit_or(busy_quarter_word(d.f, d.t, 0)) as q0, bit_or(busy_quarter_word(d.f, d.t, 1)) as q1, bit_or(busy_quarter_word(d.f, d.t, 2)) as q2
              from busy_new n cross join lateral busy_days_of(n.during) d
              where n.live and d.t > d.f
              group by 1, 2, 3 order by 1, 2, 3) x;
        if v_types is null then
          return null;
        end if;
        perform busy_quarters_lock(v_types, v_ids, v_days);
        insert into busy_quarters as b (resource_type, resource_id, day, clinic_id, q0, q1, q2)
        select * from unnest(v_types, v_ids, v_days, v_clinics, v_q0, v_q1, v_q2)
        on conflict (resource_type, resource_id, day) do update set q0 = b.q0 | excluded.q0, q1 = b.q1 | excluded.q1, q2 = b.q2 | excluded.q2;
        return null;
      elsif tg_op = 'DELETE' then
        ${keysOf('select o.resource_type, o.resource_id, o.during from busy_old o where o.live')}
      else
        -- Only holds whose resource, time or liveness changed (a visit recorded sets live = true again).
        ${keysOf(`select o.resource_type, o.resource_id, o.during from busy_old o join busy_new n on n.id = o.id
                  where o.live and (n.resource_type, n.resource_id, n.during, n.live) is distinct from (o.resource_type, o.resource_id, o.during, o.live)
                  union all
                  select n.resource_type, n.resource_id, n.during from busy_new n join busy_old o on o.id = n.id
                  where n.live and (n.resource_type, n.resource_id, n.during, n.live) is distinct from (o.resource_type, o.resource_id, o.during, o.live)`)}
      end if;
      perform busy_quarters_refresh(v_types, v_ids, v_days);
      return null;
    end
    $$`;

const REBUILD = `
    create function busy_quarters_rebuild() returns void
    language plpgsql volatile as $$
    begin
      delete from busy_quarters;
      insert into busy_quarters (resource_type, resource_id, day, clinic_id, q0, q1, q2)
      select a.resource_type, a.resource_id, d.day, min(a.clinic_id),
             bit_or(busy_quarter_word(d.f, d.t, 0)), bit_or(busy_quarter_word(d.f, d.t, 1)), bit_or(busy_quarter_word(d.f, d.t, 2))
      from allocations a cross join lateral busy_days_of(a.during) d
      where a.live and d.t > d.f
      group by a.resource_type, a.resource_id, d.day;
    end
    $$`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table busy_quarters (
      resource_type text not null,
      resource_id bigint not null,
      day date not null,
      clinic_id bigint not null,
      q0 integer not null,
      q1 integer not null,
      q2 integer not null,
      primary key (resource_type, resource_id, day)
    )`);
  await knex.raw('create index busy_quarters_clinic_day on busy_quarters (clinic_id, day)');
  for (const statement of [WORD, DAYS_OF, LOCK, REFRESH, TRIGGER, REBUILD]) await knex.raw(statement);
  await knex.raw('select busy_quarters_rebuild()');
  // Transition tables allow one event per trigger: three triggers, one function.
  await knex.raw(`create trigger allocations_busy_quarters_insert after insert on allocations
    referencing new table as busy_new for each statement execute function allocations_busy_quarters()`);
  await knex.raw(`create trigger allocations_busy_quarters_update after update on allocations
    referencing old table as busy_old new table as busy_new for each statement execute function allocations_busy_quarters()`);
  await knex.raw(`create trigger allocations_busy_quarters_delete after delete on allocations
    referencing old table as busy_old for each statement execute function allocations_busy_quarters()`);
  await knex.raw(`create function allocations_busy_quarters_truncate() returns trigger language plpgsql as $$
    begin
      delete from busy_quarters;
      return null;
    end
    $$`);
  await knex.raw(`create trigger allocations_busy_quarters_truncate after truncate on allocations
    for each statement execute function allocations_busy_quarters_truncate()`);
  await knex.raw('analyze busy_quarters');
};

export const down = async (knex: Knex): Promise<void> => {
  for (const name of ['insert', 'update', 'delete', 'truncate']) await knex.raw(`drop trigger allocations_busy_quarters_${name} on allocations`);
  await knex.raw('drop function allocations_busy_quarters_truncate()');
  await knex.raw('drop function busy_quarters_rebuild()');
  await knex.raw('drop function allocations_busy_quarters()');
  await knex.raw('drop function busy_quarters_refresh(text[], bigint[], date[])');
  await knex.raw('drop function busy_quarters_lock(text[], bigint[], date[])');
  await knex.raw('drop function busy_days_of(tstzrange)');
  await knex.raw('drop function busy_quarter_word(integer, integer, integer)');
  await knex.raw('drop table busy_quarters');
};
