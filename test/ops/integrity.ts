import type { Knex } from 'knex';

const ACTIVE = `('RESERVED', 'VISITED')`;

/**
 * What must hold in the reservation tables whatever happened to the servers: each count is of
 * rows breaking one rule, so all zeros means nothing is half-written and nothing is double-booked.
 */
export const integrityReport = async (sql: Knex) => {
  const count = async (query: string): Promise<number> => Number((await sql.raw(query)).rows[0].count);
  return {
    reservationsWithoutTasks: await count(
      `select count(*) from reservations r where not exists (select 1 from reservation_tasks t where t.reservation_id = r.id)`,
    ),
    reservationsWithoutMenus: await count(
      `select count(*) from reservations r where not exists (select 1 from reservation_menus m where m.reservation_id = r.id)`,
    ),
    /** A staff member, room or machine of a task without its allocation row for the same time. */
    tasksWithoutAllocations: await count(
      `select count(*) from reservation_tasks t
         cross join lateral (values ('STAFF', t.staff_id), ('ROOM', t.room_id), ('MACHINE', t.machine_id)) as held (type, id)
        where held.id is not null and not exists (
          select 1 from allocations a where a.reservation_task_id = t.id and a.resource_type = held.type
             and a.resource_id = held.id and a.during = tstzrange(t.starts_at, t.ends_at, '[)'))`,
    ),
    /** An allocation that holds (live) for a cancelled reservation, or frees a kept one. */
    allocationsOutOfStep: await count(
      `select count(*) from allocations a join reservation_tasks t on t.id = a.reservation_task_id
         join reservations r on r.id = t.reservation_id
        where a.live <> (r.status in ${ACTIVE})`,
    ),
    /** Two kept reservations using one staff member, room or machine at overlapping times. */
    doubleBookings: await count(
      `select count(*) from (
         select t.starts_at, max(t.ends_at) over (partition by held.type, held.id order by t.starts_at, t.id
                  rows between unbounded preceding and 1 preceding) as busy_until
           from reservation_tasks t
           join reservations r on r.id = t.reservation_id and r.status in ${ACTIVE}
          cross join lateral (values ('STAFF', t.staff_id), ('ROOM', t.room_id), ('MACHINE', t.machine_id)) as held (type, id)
          where held.id is not null) as held_times
        where busy_until > starts_at`,
    ),
  };
};

export const CLEAN = { reservationsWithoutTasks: 0, reservationsWithoutMenus: 0, tasksWithoutAllocations: 0, allocationsOutOfStep: 0, doubleBookings: 0 };
