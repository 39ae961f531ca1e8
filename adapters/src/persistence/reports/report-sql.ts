import type { ReportKey, ReportScope } from '@clinic/core';

/**
 * One SQL statement per report (docs/reports.md defines each). Every statement aggregates in
 * the database and answers the report's columns by key, numbers as int4 / float8 (which both
 * drivers return as JavaScript numbers). Named bindings: :from and :to bound the month as
 * instants (half-open), :firstDay and :lastDay as dates, :clinicId the clinic when there is one.
 *
 * The clinic filter is written into the text only when a clinic is asked for, so that each
 * shape gets the plan of its own index: (clinic_id, starts_at) for a clinic, (starts_at) for the chain.
 */
export interface ReportStatement {
  readonly sql: string;
  readonly bindings: Readonly<Record<string, string>>;
}

const ZONE = `'Asia/Tokyo'`;

/**
 * How a statement reads what the database keeps on hand for the reports (migrations 0073 and
 * 0074): `kept` reads the kept figures (`reservations.menu_ids`, `reservations.first_visit`,
 * `report_month_counts`, `schedules.break_minutes`); `direct` computes them from the rows they
 * are kept from (reservation_menus, the member's earlier visits, the reservations of twelve
 * months, schedule_breaks). The product answers with `kept`; `direct` is the definition the
 * tests hold the kept figures to.
 */
export type ReportSource = 'kept' | 'direct';

interface Parts {
  /** `and <alias>.clinic_id = :clinicId`, or nothing for the whole chain. */
  readonly clinic: (alias: string) => string;
  /** The reservation starts inside the month. */
  readonly inMonth: (alias: string) => string;
  readonly chain: boolean;
  readonly source: ReportSource;
}

const partsOf = (scope: ReportScope, source: ReportSource): Parts => ({
  clinic: (alias) => (scope.clinicId === null ? '' : `and ${alias}.clinic_id = :clinicId`),
  inMonth: (alias) => `${alias}.starts_at >= :from::timestamptz and ${alias}.starts_at < :to::timestamptz`,
  chain: scope.clinicId === null,
  source,
});

const days = `select d::date as day from generate_series(:firstDay::date, :lastDay::date, interval '1 day') as d`;
/** The first days of the twelve months that end with the month asked for. */
const lastTwelveMonths = `select m::date as month from generate_series((date_trunc('month', :firstDay::date) - interval '11 months')::date, :firstDay::date, interval '1 month') as m`;
/** The instant the first of those twelve months starts, in Tokyo. */
const twelveMonthsFrom = `(((date_trunc('month', :firstDay::date) - interval '11 months')::date)::timestamp at time zone ${ZONE})`;
const dayOf = (column: string) => `(${column} at time zone ${ZONE})::date`;
const dateText = `to_char(days.day, 'YYYY-MM-DD')`;
const minutesOf = (alias: string) => `extract(epoch from (${alias}.ends_at - ${alias}.starts_at)) / 60`;
const percent = (part: string, whole: string) => `round((100.0 * (${part}) / nullif(${whole}, 0))::numeric, 1)::float8`;
/**
 * The member had no visit before this visit (VISITED reservation), anywhere in the chain: a new
 * visitor (新規). Kept: the visit's own `first_visit`, so a month's visits need no probe of the
 * member's earlier ones. Direct: one probe of reservations_user_visits per visit, written as a
 * scalar subquery rather than NOT EXISTS, which the planner may turn into an anti-join over every
 * visit ever.
 */
const firstVisit = (p: Parts, alias: string) =>
  p.source === 'kept'
    ? `${alias}.first_visit`
    : `coalesce((select false from reservations earlier where earlier.user_id = ${alias}.user_id and earlier.status = 'VISITED' and earlier.starts_at < ${alias}.starts_at limit 1), true)`;

/**
 * One row per menu of each reservation of the month that meets `where`: id, user_id, status,
 * first_visit (kept only, and null for a reservation not VISITED), menu_id. Kept: the
 * reservation's own `menu_ids`, so the month is one range read with no probe per reservation.
 * Direct: reservation_menus read by primary key per reservation (LATERAL with OFFSET 0: a plain
 * join may be planned as a hash join over the whole history). Used as a MATERIALIZED CTE, so
 * that menus and categories are joined once to the result.
 */
const reservationMenus = (p: Parts, where: string) => `
  select r.id, r.user_id, r.status, ${p.source === 'kept' ? 'r.first_visit' : 'null::boolean'} as first_visit, rm.menu_id
  from reservations r
  cross join lateral ${p.source === 'kept' ? 'unnest(r.menu_ids) as rm(menu_id)' : '(select rm.menu_id from reservation_menus rm where rm.reservation_id = r.id offset 0) rm'}
  where ${p.inMonth('r')} ${p.clinic('r')} and ${where}`;
/**
 * The first menu (by position) of the reservation `id`, as a subquery, so that it is read only
 * for the rare task without a menu of its own (COALESCE stops at the task's menu).
 */
const firstMenu = (p: Parts, id: string) =>
  p.source === 'kept'
    ? `(select fm.menu_ids[1] from reservations fm where fm.id = ${id})`
    : `(select rm.menu_id from reservation_menus rm where rm.reservation_id = ${id} order by rm.position limit 1)`;

/** Visits (VISITED reservations) of the month, per day, that meet `where`. */
const dailyVisits = (p: Parts, where: string, withUsers = false) => `
  with visits as (
    select ${dayOf('r.starts_at')} as day, count(*)::int as count
    from reservations r ${withUsers ? 'join users u on u.id = r.user_id' : ''}
    where r.status = 'VISITED' and ${p.inMonth('r')} ${p.clinic('r')} and ${where}
    group by 1
  )
  select ${dateText} as date, coalesce(visits.count, 0) as count
  from (${days}) days left join visits on visits.day = days.day
  order by days.day`;

/** Booked online by the person: the web pages (member, guest) and the LINE app (docs/reports.md). */
const WEB = `r.source in ('WEB_MEMBER', 'WEB_GUEST', 'LINE')`;
const NOT_WEB = `r.source = 'STAFF'`;

/**
 * Booked minutes of staff: their tasks starting in the month, of live (RESERVED, VISITED)
 * reservations. Tasks are read by their start (reservation_tasks_staff_start, index only) and
 * hash-joined to the reservations of the month, taken from a day earlier since a reservation
 * may start the evening before one of its tasks. `withMenu: false` leaves out the task's menu
 * (for a report that does not read it).
 */
const staffTasks = (p: Parts, withMenu = true) => `
  select t.staff_id, t.starts_at, t.ends_at, r.id as reservation_id, r.status, ${minutesOf('t')} as minutes
         ${withMenu ? `, coalesce(t.menu_id, ${firstMenu(p, 't.reservation_id')}) as menu_id` : ''}
  from reservation_tasks t
  join reservations r on r.id = t.reservation_id
  where t.staff_id is not null and ${p.inMonth('t')}
    and r.status in ('RESERVED', 'VISITED') ${p.clinic('r')}
    and r.starts_at >= :from::timestamptz - interval '1 day' and r.starts_at < :to::timestamptz`;

/**
 * Schedules of the month with their net minutes (the block less its breaks). Kept: the schedule's
 * own `break_minutes` (migration 0074); direct: its breaks summed, one probe per schedule.
 */
const schedules = (p: Parts) => `
  select s.id, s.staff_id, s.date, s.starts_at, s.ends_at, s.category_id,
         ${minutesOf('s')} - ${
           p.source === 'kept' ? 's.break_minutes' : `coalesce((select sum(${minutesOf('b')}) from schedule_breaks b where b.schedule_id = s.id), 0)`
         } as minutes
  from schedules s
  where s.date between :firstDay::date and :lastDay::date ${p.clinic('s')}`;

/**
 * Check items that applied to the members who visited in the month: those on their checklist,
 * plus the conditions that applied though the list was not opened (always; first visit, for a
 * member whose first visit fell in the month; a category, for a member who visited a menu of
 * it). An item counts as checked when it was ticked before the month ended.
 *
 * Kept: the visitors and their menus are the month's rows of `report_month_visitors` (migration
 * 0077: one row per member, clinic and month, with its distinct menus and whether one of its
 * visits was the member's first), so a chain's month reads ~190,000 narrow rows and no
 * reservation. Direct: grouped from the month's visits (reservations and their menus).
 * Either way the planner knows how many visitors there are (a chain's month: about 200,000) and
 * joins their check items by hash; one clinic's few thousand visitors read theirs by index
 * (LATERAL with OFFSET 0: the planner would rather hash the whole table). Only the categories
 * that a check item names are gathered per visitor.
 */
const applicableChecks = (p: Parts) => `
  visited_categories as materialized (
    select distinct vm.user_id, m.category_id
    from (${
      p.source === 'kept'
        ? `select v.user_id, vm.menu_id from report_month_visitors v cross join unnest(v.menu_ids) as vm(menu_id)
           where v.month = :firstDay::date ${p.clinic('v')}`
        : reservationMenus(p, `r.status = 'VISITED'`)
    }) vm
    join menus m on m.id = vm.menu_id
    where m.category_id in (select cc.category_id from check_conditions cc where cc.kind = 'CATEGORY')
  ),
  visitors as materialized (${
    p.source === 'kept'
      ? `
    select v.user_id, bool_or(v.first_visit) as first_here
    from report_month_visitors v
    where v.month = :firstDay::date ${p.clinic('v')}
    group by v.user_id`
      : `
    select r.user_id, null::boolean as first_here
    from reservations r
    where r.status = 'VISITED' and ${p.inMonth('r')} ${p.clinic('r')}
    group by r.user_id`
  }
  ),
  applicable as (
    select v.user_id, c.id as condition_id, c.name, c.display_order,
           coalesce(i.checked and i.checked_at < :to::timestamptz, false) as checked
    from visitors v
    cross join check_conditions c
    left join ${
      p.chain
        ? 'check_items i on i.user_id = v.user_id and i.condition_id = c.id'
        : 'lateral (select i.id, i.checked, i.checked_at from check_items i where i.user_id = v.user_id and i.condition_id = c.id offset 0) i on true'
    }
    where i.id is not null
       or c.kind = 'ALWAYS'
       or (c.kind = 'CATEGORY' and (v.user_id, c.category_id) in (select vc.user_id, vc.category_id from visited_categories vc))
       or (c.kind = 'FIRST_VISIT' and ${firstVisitInMonth(p)})
  )`;

/**
 * The chain's month, kept: the month's visitors are the rows of `report_month_members` (migration
 * 0100: one row per member and month with a visit anywhere in the chain, with the distinct menus
 * of the month's visits, whether one was the member's first, the conditions the member has a check
 * item for and those ticked before the month ended), so no check item is read and no visitor
 * grouped. A CATEGORY condition applies to a visitor with a menu of its category (the condition's
 * menus gathered once, from the menus' current categories); FIRST_VISIT to a visitor whose first
 * visit fell in the month. `applicable` has the columns of applicableChecks'.
 */
const memberConditions = `
  conditions as materialized (
    select c.id, c.name, c.display_order, c.kind,
           case when c.kind = 'CATEGORY' then coalesce((select array_agg(m.id) from menus m where m.category_id = c.category_id), '{}') end as menu_ids
    from check_conditions c
  )`;
/** Condition `c` applies to the kept visitor `v` (report_month_members). */
const appliesToMember = `(c.id = any(v.item_conditions) or c.kind = 'ALWAYS' or (c.kind = 'CATEGORY' and v.menu_ids && c.menu_ids) or (c.kind = 'FIRST_VISIT' and v.first_visit))`;
const memberChecks = `${memberConditions},
  applicable as (
    select v.user_id, c.id as condition_id, c.name, c.display_order, c.id = any(v.checked_conditions) as checked
    from report_month_members v
    cross join conditions c
    where v.month = :firstDay::date and ${appliesToMember}
  )`;
/** Keeps the chain's month's checklist on report_month_members (see memberChecks). */
const keptForChain = (p: Parts) => p.chain && p.source === 'kept';

/**
 * The visitor's first visit fell in the month: no visit before the month anywhere in the chain.
 * Kept: over the chain's month, one of the visitor's rows of the month is marked first visit;
 * for one clinic the first may have been at another clinic in the month, so the visitor's rows
 * of the month at any clinic are probed (report_month_visitors_user, one probe per visitor; a
 * scalar subquery with LIMIT, since an EXISTS may be planned as a hash of the whole month's rows).
 * Direct: the visitor's visits before the month are probed.
 */
const firstVisitInMonth = (p: Parts) =>
  p.source === 'kept'
    ? p.chain
      ? `v.first_here`
      : `coalesce((select true from report_month_visitors fv where fv.user_id = v.user_id and fv.month = :firstDay::date and fv.first_visit limit 1), false)`
    : `coalesce((
             select false from reservations earlier
             where earlier.user_id = v.user_id and earlier.status = 'VISITED' and earlier.starts_at < :from::timestamptz limit 1), true)`;

/** Each visitor's unticked applicable items (only visitors with one), from applicableChecks. */
const openItems = `
    open_items as (
      select a.user_id, count(*)::int as unchecked, string_agg(a.name, '、' order by a.display_order, a.condition_id) as items
      from applicable a
      where not a.checked
      group by a.user_id
    )`;
/**
 * The same from report_month_members: each visitor's conditions counted in a subquery of its own
 * (a few rows each, and the same answer for the many visitors with the same arrays), not one row
 * per visitor and condition grouped again per visitor; with the member's name and number kept on
 * the row (migration 0101), so that no member is read.
 */
const memberOpenItems = `
    open_items as (
      select v.user_id, v.user_name, v.user_number, o.unchecked, o.items
      from report_month_members v
      cross join lateral (
        select count(*)::int as unchecked, string_agg(c.name, '、' order by c.display_order, c.id) as items
        from conditions c
        where ${appliesToMember} and not (c.id = any(v.checked_conditions))
      ) o
      where v.month = :firstDay::date and o.unchecked > 0
    )`;

const statements: Record<ReportKey, (p: Parts) => string> = {
  'visit-number': (p) => dailyVisits(p, 'true'),
  'visit-user-number': (p) => dailyVisits(p, `not (${firstVisit(p, 'r')})`),
  'visit-guest-number': (p) => dailyVisits(p, firstVisit(p, 'r')),
  'visit-introduced-guest-number': (p) => dailyVisits(p, `u.introducer_user_id is not null and ${firstVisit(p, 'r')}`, true),
  'visit-member-from-web': (p) => dailyVisits(p, `${WEB} and not (${firstVisit(p, 'r')})`),
  'visit-member-not-from-web': (p) => dailyVisits(p, `${NOT_WEB} and not (${firstVisit(p, 'r')})`),
  'visit-guest-from-web': (p) => dailyVisits(p, `${WEB} and ${firstVisit(p, 'r')}`),
  'visit-guest-not-from-web': (p) => dailyVisits(p, `${NOT_WEB} and ${firstVisit(p, 'r')}`),

  // Twelve months up to the month asked for, by the month of the visit's start (Tokyo).
  'no-show-rate': (p) => `
    with months as (${lastTwelveMonths}),
    counts as (${p.source === 'kept' ? keptMonthCounts(p) : directMonthCounts(p)})
    select to_char(months.month, 'YYYY-MM') as month, coalesce(c.visits, 0) as visits, coalesce(c.no_shows, 0) as "noShows",
           coalesce(${percent('c.no_shows', 'c.visits + c.no_shows')}, 0) as rate
    from months left join counts c on c.month = months.month
    order by months.month`,

  // Twelve months up to the month asked for, by the month of the offered visit's start (Tokyo).
  'waitlist-conversions': (p) => `
    with months as (${lastTwelveMonths}),
    counts as (
      select date_trunc('month', o.starts_at at time zone ${ZONE})::date as month,
             count(*)::int as offers,
             count(*) filter (where o.status = 'ACCEPTED')::int as accepted
      from waitlist_offers o
      where o.starts_at >= ${twelveMonthsFrom} and o.starts_at < :to::timestamptz ${p.clinic('o')}
      group by 1
    )
    select to_char(months.month, 'YYYY-MM') as month, coalesce(c.accepted, 0) as accepted, coalesce(c.offers, 0) as offers,
           coalesce(${percent('c.accepted', 'c.offers')}, 0) as rate
    from months left join counts c on c.month = months.month
    order by months.month`,

  'cancel-number': (p) => `
    with cancels as (
      select ${dayOf('r.starts_at')} as day,
             count(*) filter (where r.status = 'CANCELLED')::int as cancelled,
             count(*) filter (where r.status = 'NOT_VISITED')::int as not_visited
      from reservations r
      where r.status in ('CANCELLED', 'NOT_VISITED') and ${p.inMonth('r')} ${p.clinic('r')}
      group by 1
    )
    select ${dateText} as date, coalesce(c.cancelled, 0) as cancelled, coalesce(c.not_visited, 0) as "notVisited",
           coalesce(c.cancelled + c.not_visited, 0) as total
    from (${days}) days left join cancels c on c.day = days.day
    order by days.day`,

  'reservation-with-user': (p) => `
    with booked as (
      select ${dayOf('r.starts_at')} as day,
             count(*) filter (where r.source = 'WEB_MEMBER')::int as web_member,
             count(*) filter (where r.source = 'WEB_GUEST')::int as web_guest,
             count(*) filter (where r.source = 'LINE')::int as line,
             count(*) filter (where r.source = 'STAFF')::int as staff,
             count(*)::int as total
      from reservations r
      where r.status <> 'CANCELLED' and ${p.inMonth('r')} ${p.clinic('r')}
      group by 1
    )
    select ${dateText} as date, coalesce(b.web_member, 0) as "webMember", coalesce(b.web_guest, 0) as "webGuest",
           coalesce(b.line, 0) as line, coalesce(b.staff, 0) as staff, coalesce(b.total, 0) as total
    from (${days}) days left join booked b on b.day = days.day
    order by days.day`,

  'average-lead-time': (p) => `
    with leads as (
      select ${dayOf('r.starts_at')} as day,
             avg(extract(epoch from (r.starts_at - r.created_at)) / 3600) as all_hours,
             avg(extract(epoch from (r.starts_at - r.created_at)) / 3600) filter (where ${WEB}) as web_hours,
             avg(extract(epoch from (r.starts_at - r.created_at)) / 3600) filter (where ${NOT_WEB}) as staff_hours,
             count(*)::int as reservations
      from reservations r
      where r.status <> 'CANCELLED' and ${p.inMonth('r')} ${p.clinic('r')}
      group by 1
    )
    select ${dateText} as date,
           round(l.all_hours::numeric, 1)::float8 as "all",
           round(l.web_hours::numeric, 1)::float8 as web,
           round(l.staff_hours::numeric, 1)::float8 as staff,
           coalesce(l.reservations, 0) as reservations
    from (${days}) days left join leads l on l.day = days.day
    order by days.day`,

  'hour-count': (p) => `
    with booked as (
      select extract(hour from r.starts_at at time zone ${ZONE})::int as h, r.status
      from reservations r
      where r.status <> 'CANCELLED' and ${p.inMonth('r')} ${p.clinic('r')}
    ),
    hours as (select generate_series(min(h), max(h)) as h from booked)
    select lpad(hours.h::text, 2, '0') || ':00' as hour,
           count(booked.h)::int as reservations,
           count(booked.h) filter (where booked.status = 'VISITED')::int as visits
    from hours left join booked on booked.h = hours.h
    group by hours.h
    order by hours.h`,

  'menu-count': (p) => `
    with booked as materialized (${reservationMenus(p, `r.status <> 'CANCELLED'`)}),
    per_menu as (
      select menu_id, count(*) as reservations, count(*) filter (where status = 'VISITED') as visits
      from booked group by menu_id
    )
    select m.name as "menuName", c.name as "categoryName",
           sum(pm.reservations)::int as reservations, sum(pm.visits)::int as visits
    from per_menu pm join menus m on m.id = pm.menu_id join menu_categories c on c.id = m.category_id
    group by m.name, c.name
    order by reservations desc, m.name collate "C", c.name collate "C"`,

  'category-user-count': (p) => categoryPeople(p, false),
  'category-guest-count': (p) => categoryPeople(p, true),

  'checklist-achievement-rate': (p) => `
    with ${keptForChain(p) ? memberChecks : applicableChecks(p)}
    select a.name as "itemName", count(*)::int as applicable,
           count(*) filter (where a.checked)::int as checked,
           ${percent('count(*) filter (where a.checked)', 'count(*)')} as rate
    from applicable a
    group by a.condition_id, a.name, a.display_order
    order by a.display_order, a.condition_id`,

  'users-checklist-unchekcked': (p) => `
    with ${
      keptForChain(p)
        ? `${memberConditions}, ${memberOpenItems}
    select o.user_name as "userName", o.user_number as "userNumber", o.unchecked, o.items
    from open_items o
    order by o.unchecked desc, o.user_number nulls last, o.user_id`
        : `${applicableChecks(p)}, ${openItems}
    select u.name as "userName", u.user_number as "userNumber", o.unchecked, o.items
    from open_items o join users u on u.id = o.user_id
    order by o.unchecked desc, u.user_number nulls last, u.id`
    }`,

  'staff-uptime': (p) => `
    with sched as (select staff_id, sum(minutes) as minutes from (${schedules(p)}) s group by staff_id),
    booked as (select staff_id, sum(minutes) as minutes from (${staffTasks(p)}) t group by staff_id),
    people as (select staff_id from sched union select staff_id from booked)
    select st.name as "staffName",
           coalesce(sc.minutes, 0)::int as "scheduledMinutes",
           coalesce(b.minutes, 0)::int as "bookedMinutes",
           ${percent('coalesce(b.minutes, 0)', 'sc.minutes')} as uptime
    from people join staffs st on st.id = people.staff_id
    left join sched sc on sc.staff_id = people.staff_id
    left join booked b on b.staff_id = people.staff_id
    order by st.priority, st.id`,

  'staff-schedule-uptime': (p) => `
    with sched as (select date as day, sum(minutes) as minutes from (${schedules(p)}) s group by date),
    booked as (select ${dayOf('t.starts_at')} as day, sum(minutes) as minutes from (${staffTasks(p)}) t group by 1)
    select ${dateText} as date,
           coalesce(sc.minutes, 0)::int as "scheduledMinutes",
           coalesce(b.minutes, 0)::int as "bookedMinutes",
           ${percent('coalesce(b.minutes, 0)', 'sc.minutes')} as uptime
    from (${days}) days
    left join sched sc on sc.day = days.day
    left join booked b on b.day = days.day
    order by days.day`,

  'staff-reservation-uptime': (p) => `
    with sched as (select staff_id, sum(minutes) as minutes from (${schedules(p)}) s group by staff_id),
    held as (
      select staff_id, count(distinct reservation_id)::int as reservations,
             sum(minutes) filter (where status = 'VISITED') as visited
      from (${staffTasks(p)}) t group by staff_id
    ),
    people as (select staff_id from sched union select staff_id from held)
    select st.name as "staffName",
           coalesce(h.reservations, 0) as reservations,
           coalesce(sc.minutes, 0)::int as "scheduledMinutes",
           coalesce(h.visited, 0)::int as "visitedMinutes",
           ${percent('coalesce(h.visited, 0)', 'sc.minutes')} as uptime
    from people join staffs st on st.id = people.staff_id
    left join sched sc on sc.staff_id = people.staff_id
    left join held h on h.staff_id = people.staff_id
    order by st.priority, st.id`,

  'staff-menu-uptime': (p) => `
    with sched as (select staff_id, sum(minutes) as minutes from (${schedules(p)}) s group by staff_id),
    booked as (select staff_id, menu_id, sum(minutes) as minutes from (${staffTasks(p)}) t group by staff_id, menu_id)
    select st.name as "staffName", coalesce(m.name, '（メニューなし）') as "menuName",
           coalesce(sc.minutes, 0)::int as "scheduledMinutes",
           b.minutes::int as "bookedMinutes",
           ${percent('b.minutes', 'sc.minutes')} as uptime
    from booked b join staffs st on st.id = b.staff_id
    left join menus m on m.id = b.menu_id
    left join sched sc on sc.staff_id = b.staff_id
    order by st.priority, st.id, m.display_order, m.name collate "C"`,

  'guest-booking-funnel': (p) => guestBookingFunnel(p),

  'staff-category-uptime': (p) => `
    with blocks as (${schedules(p)}),
    sched as (select staff_id, category_id, sum(minutes) as minutes from blocks group by staff_id, category_id),
    tasks as materialized (select t.staff_id, t.starts_at, ${dayOf('t.starts_at')} as day, t.minutes from (${staffTasks(p, false)}) t),
    booked as (
      select bl.staff_id, bl.category_id, sum(t.minutes) as minutes
      from tasks t
      join blocks bl on bl.staff_id = t.staff_id and bl.date = t.day
                    and t.starts_at >= bl.starts_at and t.starts_at < bl.ends_at
      group by bl.staff_id, bl.category_id
    )
    select st.name as "staffName", coalesce(c.name, '（指定なし）') as "categoryName",
           sc.minutes::int as "scheduledMinutes",
           coalesce(b.minutes, 0)::int as "bookedMinutes",
           ${percent('coalesce(b.minutes, 0)', 'sc.minutes')} as uptime
    from sched sc join staffs st on st.id = sc.staff_id
    left join menu_categories c on c.id = sc.category_id
    left join booked b on b.staff_id = sc.staff_id and b.category_id is not distinct from sc.category_id
    order by st.priority, st.id, c.display_order nulls last, c.name collate "C"`,
};

/**
 * The guest booking funnel (docs/reports.md): the analytics sessions of the month that opened
 * /guest/reserve/ or sent an event of it, each counted at the furthest step it reached and at
 * every step before it. A session belongs to the clinic of its last event of the month (the
 * clinic it chose last); one with no event has no clinic (未選択) and counts only in the chain's.
 */
function guestBookingFunnel(p: Parts): string {
  return `
  with guest_events as (
    select pv.id, pv.at, pv.session_key, pv.event, pv.clinic_id
    from page_views pv
    where pv.audience = 'guest' and pv.session_key is not null
      and pv.at >= :from::timestamptz and pv.at < :to::timestamptz
      and (pv.event is not null or pv.path = '/guest/reserve/')
  ),
  sessions as (
    select (array_agg(e.clinic_id order by e.at desc, e.id desc) filter (where e.event is not null))[1] as clinic_id,
           max(case e.event when 'booked' then 3 when 'details-entered' then 2 when 'slot-chosen' then 1 else 0 end) as reached
    from guest_events e
    group by e.session_key
  ),
  steps (n, label) as (values (0, '予約ページ訪問'), (1, '日時を選択'), (2, 'お客様情報を入力'), (3, '予約完了')),
  counts as (
    select steps.n, steps.label,
           (select count(*) from sessions s where s.reached >= steps.n ${p.clinic('s')})::int as sessions
    from steps
  )
  select c.label as step, c.sessions,
         case when c.n = 0 then null else ${percent('c.sessions', 'lag(c.sessions) over (order by c.n)')} end as "fromPrevious",
         ${percent('c.sessions', 'first_value(c.sessions) over (order by c.n)')} as "fromVisit"
  from counts c
  order by c.n`;
}

/** Visits and no-shows per month of the twelve, from the clinics' kept counts. */
function keptMonthCounts(p: Parts): string {
  return `
      select k.month, sum(k.visits)::int as visits, sum(k.no_shows)::int as no_shows
      from report_month_counts k
      where k.month >= (date_trunc('month', :firstDay::date) - interval '11 months')::date and k.month <= :firstDay::date ${p.clinic('k')}
      group by k.month`;
}

/** Visits and no-shows per month of the twelve, counted from the reservations. */
function directMonthCounts(p: Parts): string {
  return `
      select date_trunc('month', r.starts_at at time zone ${ZONE})::date as month,
             count(*) filter (where r.status = 'VISITED')::int as visits,
             count(*) filter (where r.status = 'NOT_VISITED')::int as no_shows
      from reservations r
      where r.status in ('VISITED', 'NOT_VISITED') and r.starts_at >= ${twelveMonthsFrom} and r.starts_at < :to::timestamptz ${p.clinic('r')}
      group by 1`;
}

/** Visits per menu category by members (repeat visitors) or by new visitors. */
function categoryPeople(p: Parts, guests: boolean): string {
  return `
    with visits as materialized (${reservationMenus(p, `r.status = 'VISITED' and ${guests ? '' : 'not'} (${firstVisit(p, 'r')})`)})
    select c.name as "categoryName",
           count(distinct v.user_id)::int as people,
           count(distinct v.id)::int as visits
    from visits v join menus m on m.id = v.menu_id join menu_categories c on c.id = m.category_id
    group by c.name
    order by people desc, visits desc, c.name collate "C"`;
}

export const reportStatement = (key: ReportKey, scope: ReportScope, source: ReportSource = 'kept'): ReportStatement => ({
  sql: statements[key](partsOf(scope, source)),
  bindings: {
    from: scope.month.from,
    to: scope.month.to,
    firstDay: scope.month.firstDay,
    lastDay: scope.month.lastDay,
    ...(scope.clinicId === null ? {} : { clinicId: scope.clinicId }),
  },
});
