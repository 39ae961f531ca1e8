import type { Database } from '@clinic/adapters/persistence';

/**
 * What the database keeps for the reports (migrations 0073, 0074, 0077, 0100, 0101 and 0110)
 * computed again from scratch, the slow way, and compared: test/contracts/report-rollups.test.ts
 * after random writes, test/http/demo-setup.test.ts after the demo chain's bulk load. Answers the
 * kept values that differ (none when all are exact).
 */
export const keptMismatches = async (db: Database): Promise<unknown[]> => {
  const result = await db.knex.raw(`
    with truth as (
      select r.id, coalesce((select array_agg(rm.menu_id order by rm.position) from reservation_menus rm where rm.reservation_id = r.id), '{}') as menu_ids,
             case when r.status = 'VISITED' then not exists (
               select 1 from reservations e where e.user_id = r.user_id and e.status = 'VISITED' and e.starts_at < r.starts_at) end as first_visit
      from reservations r
    ),
    counts as (
      select clinic_id, date_trunc('month', starts_at at time zone 'Asia/Tokyo')::date as month,
             count(*) filter (where status = 'VISITED')::int as visits, count(*) filter (where status = 'NOT_VISITED')::int as no_shows
      from reservations where status in ('VISITED', 'NOT_VISITED') group by 1, 2
    )
    select 'reservation' as what, r.id::text as id, r.menu_ids::text as kept, t.menu_ids::text as truth, r.first_visit::text as kept_first, t.first_visit::text as truth_first
    from reservations r join truth t on t.id = r.id
    where r.menu_ids is distinct from t.menu_ids or r.first_visit is distinct from t.first_visit
    union all
    select 'month', k.clinic_id::text || ' ' || k.month::text, k.visits || '/' || k.no_shows, coalesce(c.visits, 0) || '/' || coalesce(c.no_shows, 0), null, null
    from report_month_counts k left join counts c on c.clinic_id = k.clinic_id and c.month = k.month
    where k.visits <> coalesce(c.visits, 0) or k.no_shows <> coalesce(c.no_shows, 0)
    union all
    select 'schedule', s.id::text, s.break_minutes::text,
           (select coalesce(sum(extract(epoch from (b.ends_at - b.starts_at)) / 60), 0) from schedule_breaks b where b.schedule_id = s.id)::text, null, null
    from schedules s
    where s.break_minutes <> (select coalesce(sum(extract(epoch from (b.ends_at - b.starts_at)) / 60), 0) from schedule_breaks b where b.schedule_id = s.id)
    union all
    select 'month missing', c.clinic_id::text || ' ' || c.month::text, null, c.visits || '/' || c.no_shows, null, null
    from counts c where not exists (select 1 from report_month_counts k where k.clinic_id = c.clinic_id and k.month = c.month)
    union all
    select 'visitor', coalesce(k.month, v.month)::text || ' ' || coalesce(k.clinic_id, v.clinic_id) || ' ' || coalesce(k.user_id, v.user_id),
           k.visits || '/' || k.first_visit || '/' || k.menu_ids::text, v.visits || '/' || v.first_visit || '/' || v.menu_ids::text, null, null
    from report_month_visitors k
    full join (
      select x.month, x.clinic_id, x.user_id, count(distinct x.id)::int as visits, bool_or(x.first) as first_visit,
             coalesce(array_agg(distinct x.menu_id order by x.menu_id) filter (where x.menu_id is not null), '{}') as menu_ids
      from (
        select r.id, date_trunc('month', r.starts_at at time zone 'Asia/Tokyo')::date as month, r.clinic_id, r.user_id, rm.menu_id,
               not exists (select 1 from reservations e where e.user_id = r.user_id and e.status = 'VISITED' and e.starts_at < r.starts_at) as first
        from reservations r left join reservation_menus rm on rm.reservation_id = r.id
        where r.status = 'VISITED'
      ) x
      group by 1, 2, 3
    ) v on v.month = k.month and v.clinic_id = k.clinic_id and v.user_id = k.user_id
    where (k.visits, k.first_visit, k.menu_ids) is distinct from (v.visits, v.first_visit, v.menu_ids)
    union all
    select 'last visit', u.id::text, u.last_visit_at::text, l.last::text, null, null
    from users u left join (select user_id, max(starts_at) as last from reservations where status = 'VISITED' group by user_id) l on l.user_id = u.id
    where u.last_visit_at is distinct from l.last
    union all
    select 'member', coalesce(k.month, t.month)::text || ' ' || coalesce(k.user_id, t.user_id),
           k.first_visit || '/' || k.menu_ids::text || '/' || k.item_conditions::text || '/' || k.checked_conditions::text || '/' || k.user_name || '/' || coalesce(k.user_number, '-'),
           t.first_visit || '/' || t.menu_ids::text || '/' || t.item_conditions::text || '/' || t.checked_conditions::text || '/' || t.user_name || '/' || coalesce(t.user_number, '-'), null, null
    from report_month_members k
    full join (
      select x.month, x.user_id, bool_or(x.first) as first_visit,
             coalesce(array_agg(distinct x.menu_id order by x.menu_id) filter (where x.menu_id is not null), '{}') as menu_ids,
             coalesce((select array_agg(i.condition_id order by i.condition_id) from check_items i where i.user_id = x.user_id), '{}') as item_conditions,
             coalesce((select array_agg(i.condition_id order by i.condition_id) from check_items i
                       where i.user_id = x.user_id and i.checked and i.checked_at < ((x.month + interval '1 month')::timestamp at time zone 'Asia/Tokyo')), '{}') as checked_conditions,
             (select u.name from users u where u.id = x.user_id) as user_name, (select u.user_number from users u where u.id = x.user_id) as user_number
      from (
        select date_trunc('month', r.starts_at at time zone 'Asia/Tokyo')::date as month, r.user_id, rm.menu_id,
               not exists (select 1 from reservations e where e.user_id = r.user_id and e.status = 'VISITED' and e.starts_at < r.starts_at) as first
        from reservations r left join reservation_menus rm on rm.reservation_id = r.id
        where r.status = 'VISITED'
      ) x
      group by x.month, x.user_id
    ) t on t.month = k.month and t.user_id = k.user_id
    where (k.first_visit, k.menu_ids, k.item_conditions, k.checked_conditions, k.user_name, k.user_number)
          is distinct from (t.first_visit, t.menu_ids, t.item_conditions, t.checked_conditions, t.user_name, t.user_number)`);
  return result.rows;
};
