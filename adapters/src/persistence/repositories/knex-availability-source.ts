import type {
  AvailabilityContext,
  AvailabilitySetting,
  EngineBusyDay,
  SearchContext,
  AvailabilitySourcePort,
  BookingClinic,
  BookingMenu,
  ReminderRule,
  EngineBusy,
  EngineSchedule,
  ResourceType,
} from '@clinic/core';
import { CLINIC_ZONE, dayStartMs } from '@clinic/core';
import type { Knex } from 'knex';
import { preparedAs } from '../prepared';

const ID = /^\d{1,18}$/;

/** A json column: node-postgres parses it, a driver that does not hands over the text. */
type JsonColumn<T> = T | string;
const parseJson = <T>(value: JsonColumn<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

interface ClinicJson {
  id: string;
  name: string;
  phone: string;
  web_booking_enabled: boolean;
  min_lead_minutes: number;
  update_deadline_hours: number;
  cancel_deadline_hours: number;
  reminder_rules: ReminderRule[];
  waitlist_hold_minutes?: number;
  no_show_limit?: number | null;
  no_show_window_days?: number;
  /** [weekday, open HH:mm, close HH:mm] */
  hours: [number, string, string][];
  /** [weekday or null, start HH:mm, end HH:mm] */
  breaks: [number | null, string, string][];
  holidays: string[];
}

interface AvailabilityRow {
  clinic: JsonColumn<ClinicJson> | null;
  menu: JsonColumn<{
    id: string;
    clinic_id: string;
    category_id: string;
    name: string;
    kind: BookingMenu['kind'];
    enabled: boolean;
    web_bookable: boolean;
    /** [id, label, minutes, needs staff, room ids, machine ids] */
    tasks: [string, string, number, boolean, string[], string[]][];
  }> | null;
  staff: JsonColumn<string[]>;
  rooms: JsonColumn<string[]>;
  machines: JsonColumn<string[]>;
  /**
   * Seven values per schedule and break, all separated by commas: "schedule id,staff id,category
   * id,start ms,end ms,break start ms,break end ms,schedule id,…" (the category empty when none; a
   * schedule with two breaks comes twice, one without breaks once with the last two empty).
   */
  schedules: string | null;
  /** A search's read: the version of the schedules (migration 0113); null when its row is missing (after a truncate). */
  schedules_version?: string | null;
  /** Four values per hold, all separated by commas: "type,resource id,start ms,end ms,type,…". */
  busy?: string | null;
  /** Six values per resource-day: "type,resource id,days since 1970-01-01,q0,q1,q2,type,…". */
  busy_days?: string | null;
}

const toBookingClinic = (row: ClinicJson): BookingClinic => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  zone: CLINIC_ZONE,
  webBookingEnabled: row.web_booking_enabled,
  minLeadMinutes: row.min_lead_minutes,
  updateDeadlineHours: row.update_deadline_hours,
  cancelDeadlineHours: row.cancel_deadline_hours,
  reminderRules: row.reminder_rules,
  waitlistHoldMinutes: row.waitlist_hold_minutes ?? 30,
  noShowLimit: row.no_show_limit ?? null,
  noShowWindowDays: row.no_show_window_days ?? 180,
  openingHours: row.hours.map(([weekday, open, close]) => ({ weekday, open, close })),
  breaks: row.breaks.map(([weekday, start, end]) => ({ weekday, start, end })),
  holidays: new Set(row.holidays),
});

/**
 * An instant as whole epoch milliseconds in text. `date_part` works in double precision, which is
 * exact for milliseconds; `extract` (numeric since PostgreSQL 14) cost twice as much per value.
 */
const ms = (column: string) => `(date_part('epoch', ${column}) * 1000)::bigint`;

/** The clinic's booking settings as one json object; `:holidaysFrom` and `:holidaysTo` bound the holidays. */
const clinicJson = (holidaysFrom: string, holidaysTo: string) => `(
  select json_build_object(
    'id', c.id::text, 'name', c.name, 'phone', c.phone, 'web_booking_enabled', c.web_booking_enabled,
    'min_lead_minutes', c.min_lead_minutes, 'update_deadline_hours', c.update_deadline_hours,
    'cancel_deadline_hours', c.cancel_deadline_hours, 'reminder_rules', c.reminder_rules,
    'waitlist_hold_minutes', c.waitlist_hold_minutes, 'no_show_limit', c.no_show_limit, 'no_show_window_days', c.no_show_window_days,
    'hours', (select coalesce(json_agg(json_build_array(h.weekday, left(h.open_time::text, 5), left(h.close_time::text, 5)) order by h.weekday), '[]'::json)
              from clinic_opening_hours h where h.clinic_id = c.id),
    'breaks', (select coalesce(json_agg(json_build_array(b.weekday, left(b.start_time::text, 5), left(b.end_time::text, 5)) order by b.id), '[]'::json)
               from clinic_breaks b where b.clinic_id = c.id),
    'holidays', (select coalesce(json_agg(to_char(d.date, 'YYYY-MM-DD') order by d.date), '[]'::json)
                 from clinic_holidays d where d.clinic_id = c.id and d.date >= ${holidaysFrom} and d.date <= ${holidaysTo}))
  from clinics c where c.id = :clinic::bigint)`;

/**
 * Everything the availability engine needs for a clinic, a menu (or none) and a time range.
 * Performers are the clinic's staff who do the menu (all its staff without a menu); holds are
 * the live allocations of the relevant staff, rooms and machines, less the excluded reservation's.
 *
 * The schedules and the holds, thousands of rows for a month, come back as comma-separated text,
 * not JSON: building a JSON array per row (`json_build_array` looks up each argument's type on
 * every call) and escaping it took most of the statement's time, a sub-query per schedule for its
 * breaks and grouping the holds by resource (a sort) most of the rest (docs/benchmarks.md, "The
 * availability read"). A search's rows are each one `concat_ws` (its nulls made empty first: it
 * leaves nulls out), not a chain of `||` building a text per step: 1.42 → 1.19 ms for the standard
 * clinic's 900 schedules.
 *
 * The schedules overlapping the range are asked for as ranges (`&&`, the same rows as
 * `starts_at < to and ends_at > from`, a schedule starting before it ends): so the plan made once
 * for all values (the pool's generic plans) reads each performer's schedules of the range from the
 * exclusion constraint's GiST index (staff, range). Asked as two comparisons, it read all the
 * clinic's schedules of every day once per performer (13 ms at 250 clinics × 20 days).
 */
const availabilitySql = (schedules: string, busy: string) => `
with performers as (
  select s.id, s.priority from staffs s
  where s.clinic_id = :clinic::bigint and s.deleted_at is null
    and (:menu::bigint is null or exists (select 1 from staff_menus sm where sm.staff_id = s.id and sm.menu_id = :menu::bigint))
), menu_task_ids as (
  select id from menu_tasks where menu_id = :menu::bigint
)
select
  ${clinicJson('(:from::timestamptz at time zone :zone)::date', '(:to::timestamptz at time zone :zone)::date')} as clinic,
  (select json_build_object(
     'id', m.id::text, 'clinic_id', m.clinic_id::text, 'category_id', m.category_id::text, 'name', m.name, 'kind', m.kind,
     'enabled', m.enabled, 'web_bookable', m.web_bookable,
     'tasks', (select coalesce(json_agg(json_build_array(t.id::text, t.label, t.duration_minutes, t.needs_staff,
                 (select coalesce(json_agg(tr.room_id::text order by r.display_order, r.id), '[]'::json)
                    from menu_task_rooms tr join rooms r on r.id = tr.room_id where tr.task_id = t.id),
                 (select coalesce(json_agg(tm.machine_id::text order by x.display_order, x.id), '[]'::json)
                    from menu_task_machines tm join machines x on x.id = tm.machine_id where tm.task_id = t.id)
               ) order by t.position), '[]'::json)
               from menu_tasks t where t.menu_id = m.id))
   from menus m where m.id = :menu::bigint and m.clinic_id = :clinic::bigint) as menu,
  (select coalesce(json_agg(p.id::text order by p.priority, p.id), '[]'::json) from performers p) as staff,
  (select coalesce(json_agg(r.id::text order by r.display_order, r.id), '[]'::json)
     from rooms r where r.clinic_id = :clinic::bigint and r.enabled and r.deleted_at is null) as rooms,
  (select coalesce(json_agg(x.id::text order by x.display_order, x.id), '[]'::json)
     from machines x where x.clinic_id = :clinic::bigint and x.enabled and x.deleted_at is null) as machines,
  ${schedules},
  ${busy}
`;

/** The schedules (with their breaks) of `staff` (a set of staff ids) overlapping the range, as one text. */
const schedulesOf = (
  staff: string,
) => `(select string_agg(concat_ws(',', s.id, s.staff_id, coalesce(s.category_id::text, ''), ${ms('s.starts_at')}, ${ms('s.ends_at')},
                               coalesce(${ms('b.starts_at')}::text, ''), coalesce(${ms('b.ends_at')}::text, '')), ',')
     from schedules s left join schedule_breaks b on b.schedule_id = s.id
     where s.clinic_id = :clinic::bigint and s.staff_id in (${staff})
       and tstzrange(s.starts_at, s.ends_at) && tstzrange(:from::timestamptz, :to::timestamptz))`;

/** A booking's read: the performers' schedules, always. */
const PERFORMERS_SCHEDULES = `${schedulesOf('select id from performers')} as schedules`;

/**
 * A search's read: the schedules of every staff member of the clinic (the engine passes over those
 * who do not perform the menu), so that one copy serves every menu's search of the range; and only
 * when the copy the server holds (`:version`, null for none) is not of the schedules' current
 * version (migration 0113; it also moves when a staff member changes clinic or is deleted, 0115),
 * read in the same snapshot. PostgreSQL evaluates the sub-query of the other branch only when it is
 * taken: a search with an up-to-date copy reads no schedule.
 */
const CLINIC_SCHEDULES_UNLESS_KEPT = `(select version::text from schedule_versions) as schedules_version,
  case when :version::uuid = (select version from schedule_versions) then null
       else ${schedulesOf('select id from staffs where clinic_id = :clinic::bigint and deleted_at is null')} end as schedules`;

/** The holds of the menu's resources overlapping the range, to the millisecond (less the excluded reservation's). */
const BUSY_HOLDS = `(select string_agg(a.resource_type || ',' || a.resource_id || ',' || ${ms('lower(a.during)')} || ',' || ${ms('upper(a.during)')}, ',')
     from allocations a
     where a.clinic_id = :clinic::bigint and a.live and a.during && tstzrange(:from::timestamptz, :to::timestamptz)
       and (:menu::bigint is null
            or (a.resource_type = 'STAFF' and a.resource_id in (select id from performers))
            or (a.resource_type = 'ROOM' and a.resource_id in (select room_id from menu_task_rooms where task_id in (select id from menu_task_ids)))
            or (a.resource_type = 'MACHINE' and a.resource_id in (select machine_id from menu_task_machines where task_id in (select id from menu_task_ids))))
       and (:exclude::bigint is null or a.reservation_task_id is null
            or a.reservation_task_id not in (select id from reservation_tasks where reservation_id = :exclude::bigint))) as busy`;

/**
 * The busy quarter-hours of the menu's resources on the range's days (migration 0090), about a
 * sixth of the rows of the holds: the day as days since 1970-01-01 (the date's own number, not
 * an instant).
 */
const BUSY_DAYS = `(select string_agg(concat_ws(',', b.resource_type, b.resource_id, b.day - date '1970-01-01', b.q0, b.q1, b.q2), ',')
     from busy_quarters b
     where b.clinic_id = :clinic::bigint
       and b.day >= (:from::timestamptz at time zone :zone)::date and b.day <= ((:to::timestamptz - interval '1 millisecond') at time zone :zone)::date
       and (:menu::bigint is null
            or (b.resource_type = 'STAFF' and b.resource_id in (select id from performers))
            or (b.resource_type = 'ROOM' and b.resource_id in (select room_id from menu_task_rooms where task_id in (select id from menu_task_ids)))
            or (b.resource_type = 'MACHINE' and b.resource_id in (select machine_id from menu_task_machines where task_id in (select id from menu_task_ids))))) as busy_days`;

const AVAILABILITY_SQL = availabilitySql(PERFORMERS_SCHEDULES, BUSY_HOLDS);
const SEARCH_SQL = availabilitySql(CLINIC_SCHEDULES_UNLESS_KEPT, BUSY_DAYS);

/**
 * Reads comma-separated fields in turn. Whole numbers (epoch milliseconds) are read digit by digit
 * without a string for each: a month's holds are tens of thousands of them, and `split` with
 * `Number` took three times as long.
 */
class Fields {
  private at = 0;
  constructor(private readonly source: string) {}

  get done(): boolean {
    return this.at >= this.source.length;
  }

  text(): string {
    let end = this.source.indexOf(',', this.at);
    if (end < 0) end = this.source.length;
    const value = this.source.slice(this.at, end);
    this.at = end + 1;
    return value;
  }

  /** A whole number, or null for an empty field. */
  number(): number | null {
    const { source } = this;
    const start = this.at;
    const negative = source.charCodeAt(start) === 45; // '-'
    if (negative) this.at++;
    let value = 0;
    for (let c = source.charCodeAt(this.at); this.at < source.length && c !== 44; c = source.charCodeAt(++this.at)) value = value * 10 + (c - 48);
    const empty = this.at === start;
    this.at++;
    return empty ? null : negative ? -value : value;
  }
}

/** The schedules column's text as the engine's schedules, a schedule's breaks gathered from its entries. */
const parseSchedules = (text: string | null): EngineSchedule[] => {
  if (!text) return [];
  const byId = new Map<string, EngineSchedule & { breaks: (readonly [number, number])[] }>();
  for (const fields = new Fields(text); !fields.done;) {
    // In the column's order: id, staff, category, start, end, break start, break end.
    const id = fields.text();
    const staffId = fields.text();
    const categoryId = fields.text() || null;
    const startMs = fields.number()!;
    const endMs = fields.number()!;
    const breakStartMs = fields.number();
    const breakEndMs = fields.number();
    let schedule = byId.get(id);
    if (!schedule) {
      schedule = { staffId, startMs, endMs, breaks: [], categoryId };
      byId.set(id, schedule);
    }
    if (breakStartMs !== null) schedule.breaks.push([breakStartMs, breakEndMs!] as const);
  }
  return [...byId.values()];
};

/** The busy column's text as holds. */
const parseBusy = (text: string | null | undefined): EngineBusy[] => {
  const holds: EngineBusy[] = [];
  if (!text) return holds;
  for (const fields = new Fields(text); !fields.done;) {
    holds.push({ type: fields.text() as ResourceType, id: fields.text(), startMs: fields.number()!, endMs: fields.number()! });
  }
  return holds;
};

/** The busy_days column's text as the engine's busy days; each day's local midnight worked out once. */
const parseBusyDays = (text: string | null | undefined): EngineBusyDay[] => {
  const days: EngineBusyDay[] = [];
  if (!text) return days;
  const midnights = new Map<number, number>();
  for (const fields = new Fields(text); !fields.done;) {
    const type = fields.text() as ResourceType;
    const id = fields.text();
    const day = fields.number()!;
    let midnight = midnights.get(day);
    if (midnight === undefined) {
      midnight = dayStartMs(CLINIC_ZONE, new Date(day * 86_400_000).toISOString().slice(0, 10));
      midnights.set(day, midnight);
    }
    days.push({ type, id, dayStartMs: midnight, q0: fields.number()!, q1: fields.number()!, q2: fields.number()! });
  }
  return days;
};

/** The clinic, the menu, its performers, rooms, machines and schedules of a read's row. */
const settingOf = (row: AvailabilityRow, schedules: readonly EngineSchedule[] = parseSchedules(row.schedules)): AvailabilitySetting => {
  const clinic = parseJson(row.clinic!);
  const menu = row.menu ? parseJson(row.menu) : null;
  return {
    clinic: toBookingClinic(clinic),
    menu: menu
      ? {
          id: menu.id,
          clinicId: menu.clinic_id,
          categoryId: menu.category_id,
          name: menu.name,
          kind: menu.kind,
          enabled: menu.enabled,
          webBookable: menu.web_bookable,
          tasks: menu.tasks.map(([id, label, durationMinutes, needsStaff, roomIds, machineIds]) => ({
            id,
            label,
            durationMinutes,
            needsStaff,
            roomIds,
            machineIds,
          })),
        }
      : null,
    staffIds: parseJson(row.staff),
    roomIds: parseJson(row.rooms),
    machineIds: parseJson(row.machines),
    schedules,
  };
};

/**
 * The schedules a search read, by clinic and range, each with the version of the schedules it
 * was read at (migration 0113). A search sends the version it holds and PostgreSQL sends the
 * schedules again only when they changed since, so a copy is exact for the snapshot of the search
 * that uses it, whichever server changed them (no notice to wait for, nothing to expire). The
 * schedules were three quarters of PostgreSQL's work for a 30-day search and about a millisecond
 * of the server's (docs/benchmarks.md, "The 30-day search's schedules, kept"). At most
 * `maxEntries` copies (the standard clinic's month is 900 schedules, about 0.1 MB): the least recently used goes first.
 */
export class ScheduleCopies {
  private readonly entries = new Map<string, { readonly version: string; readonly schedules: readonly EngineSchedule[] }>();
  /** Searches answered with a kept copy (its version still current). */
  hits = 0;

  constructor(private readonly maxEntries = 500) {}

  get(key: string): { readonly version: string; readonly schedules: readonly EngineSchedule[] } | undefined {
    const entry = this.entries.get(key);
    // The most recently used last: when full, the least recently used goes first.
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  keep(key: string, version: string, schedules: readonly EngineSchedule[]): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, schedules });
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Reads what the availability engine needs in a handful of set-based queries (no query per
 * slot, staff member or day), with instants as epoch milliseconds.
 */
export class KnexAvailabilitySource implements AvailabilitySourcePort {
  /** `copies`: the searches' copies of the schedules, shared by the server's sources; none reads them every time. */
  constructor(
    private readonly knex: Knex,
    private readonly copies: ScheduleCopies | null = null,
  ) {}

  async clinic(clinicId: string): Promise<BookingClinic | null> {
    if (!ID.test(clinicId)) return null;
    const { rows } = (await this.knex.raw(`select ${clinicJson('current_date', "'infinity'::date")} as clinic`, { clinic: clinicId })) as {
      rows: { clinic: JsonColumn<ClinicJson> | null }[];
    };
    const clinic = rows[0]?.clinic;
    return clinic ? toBookingClinic(parseJson(clinic)) : null;
  }

  async load(
    clinicId: string,
    menuId: string | null,
    fromMs: number,
    toMs: number,
    options: { readonly excludeReservationId?: string } = {},
  ): Promise<AvailabilityContext | null> {
    const exclude = options.excludeReservationId && ID.test(options.excludeReservationId) ? options.excludeReservationId : null;
    const row = await this.read(AVAILABILITY_SQL, clinicId, menuId, fromMs, toMs, exclude);
    return row ? { ...settingOf(row), busy: parseBusy(row.busy) } : null;
  }

  async loadForSearch(clinicId: string, menuId: string | null, fromMs: number, toMs: number): Promise<SearchContext | null> {
    const key = `${clinicId}|${fromMs}|${toMs}`;
    const kept = this.copies?.get(key);
    const row = await this.read(SEARCH_SQL, clinicId, menuId, fromMs, toMs, null, kept?.version ?? null);
    if (!row) return null;
    const version = row.schedules_version ?? null;
    let schedules: readonly EngineSchedule[];
    if (kept && version !== null && kept.version === version) {
      schedules = kept.schedules;
      this.copies!.hits++;
    } else {
      schedules = parseSchedules(row.schedules);
      if (version !== null) this.copies?.keep(key, version, schedules);
    }
    return { ...settingOf(row, schedules), busyDays: parseBusyDays(row.busy_days) };
  }

  private async read(
    sql: string,
    clinicId: string,
    menuId: string | null,
    fromMs: number,
    toMs: number,
    exclude: string | null,
    version: string | null = null,
  ): Promise<AvailabilityRow | null> {
    if (!ID.test(clinicId) || (menuId !== null && !ID.test(menuId))) return null;
    // One statement, one round trip: a booking asks this on every attempt, and thirteen small
    // queries cost the server more in driver work and socket writes than PostgreSQL spends
    // answering them. Lists come back as JSON arrays; ids as text.
    const { rows } = (await this.knex
      .raw(sql, {
        clinic: clinicId,
        menu: menuId,
        from: new Date(fromMs).toISOString(),
        to: new Date(Math.max(toMs, fromMs + 1)).toISOString(),
        zone: CLINIC_ZONE,
        exclude,
        version,
      })
      .options(preparedAs(sql))) as { rows: AvailabilityRow[] };
    const row = rows[0];
    return row?.clinic ? row : null;
  }
}
