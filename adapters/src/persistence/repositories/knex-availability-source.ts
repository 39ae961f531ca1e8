import type {
  AvailabilityContext,
  AvailabilitySourcePort,
  BookingClinic,
  BookingMenu,
  EngineBusy,
  EngineSchedule,
  ResourceType,
} from '@clinic/core';
import { CLINIC_ZONE } from '@clinic/core';
import type { Knex } from 'knex';

const ID = /^\d{1,18}$/;
const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const hhmm = (value: string) => value.slice(0, 5);

/**
 * Reads what the availability engine needs in a handful of set-based queries (no query per
 * slot, staff member or day), with instants as epoch milliseconds.
 */
export class KnexAvailabilitySource implements AvailabilitySourcePort {
  constructor(private readonly knex: Knex) {}

  async clinic(clinicId: string): Promise<BookingClinic | null> {
    if (!ID.test(clinicId)) return null;
    return this.loadClinic(clinicId, this.knex.raw('current_date'), null);
  }

  async load(
    clinicId: string,
    menuId: string | null,
    fromMs: number,
    toMs: number,
    options: { readonly excludeReservationId?: string } = {},
  ): Promise<AvailabilityContext | null> {
    if (!ID.test(clinicId) || (menuId !== null && !ID.test(menuId))) return null;
    const from = new Date(fromMs).toISOString();
    const to = new Date(Math.max(toMs, fromMs + 1)).toISOString();
    const k = this.knex;
    // Everything in one round of parallel queries: who performs the menu and which rooms and
    // machines it can use are subqueries, not a first round trip.
    const performers = () => {
      const query = k('staffs').select('staffs.id').where('staffs.clinic_id', clinicId).whereNull('staffs.deleted_at');
      if (menuId) query.join('staff_menus', 'staff_menus.staff_id', 'staffs.id').where('staff_menus.menu_id', menuId);
      return query;
    };
    const taskIds = () => k('menu_tasks').select('id').where('menu_id', menuId ?? '0');
    const resourceFilter = menuId
      ? {
          STAFF: performers(),
          ROOM: k('menu_task_rooms').select('room_id').whereIn('task_id', taskIds()),
          MACHINE: k('menu_task_machines').select('machine_id').whereIn('task_id', taskIds()),
        }
      : null;
    const [clinic, menu, rooms, machines, staff, schedules, busy] = await Promise.all([
      this.loadClinic(clinicId, k.raw('(?::timestamptz at time zone ?)::date', [from, CLINIC_ZONE]), k.raw('(?::timestamptz at time zone ?)::date', [to, CLINIC_ZONE])),
      menuId ? this.loadMenu(clinicId, menuId) : Promise.resolve(null),
      k('rooms').select('id').where({ clinic_id: clinicId, enabled: true }).whereNull('deleted_at').orderBy(['display_order', 'id']),
      k('machines').select('id').where({ clinic_id: clinicId, enabled: true }).whereNull('deleted_at').orderBy(['display_order', 'id']),
      performers().orderBy(['staffs.priority', 'staffs.id']),
      this.loadSchedules(clinicId, performers(), from, to),
      this.loadBusy(clinicId, from, to, resourceFilter, options.excludeReservationId),
    ]);
    if (!clinic) return null;
    return {
      clinic,
      menu,
      staffIds: staff.map((row: { id: string | number }) => String(row.id)),
      roomIds: rooms.map((row: { id: string | number }) => String(row.id)),
      machineIds: machines.map((row: { id: string | number }) => String(row.id)),
      schedules,
      busy,
    };
  }

  private async loadClinic(clinicId: string, holidaysFrom: Knex.Raw, holidaysTo: Knex.Raw | null): Promise<BookingClinic | null> {
    const holidays = this.knex('clinic_holidays').select(this.knex.raw('to_char(date, \'YYYY-MM-DD\') as date')).where('clinic_id', clinicId).where('date', '>=', holidaysFrom);
    if (holidaysTo) holidays.where('date', '<=', holidaysTo);
    const [row, hours, breaks, holidayRows] = await Promise.all([
      this.knex('clinics').where('id', clinicId).first(),
      this.knex('clinic_opening_hours').where('clinic_id', clinicId).orderBy('weekday'),
      this.knex('clinic_breaks').where('clinic_id', clinicId).orderBy('id'),
      holidays,
    ]);
    if (!row) return null;
    return {
      id: String(row.id),
      name: row.name,
      phone: row.phone,
      zone: CLINIC_ZONE,
      webBookingEnabled: row.web_booking_enabled,
      minLeadMinutes: row.min_lead_minutes,
      updateDeadlineHours: row.update_deadline_hours,
      cancelDeadlineHours: row.cancel_deadline_hours,
      openingHours: hours.map((h: { weekday: number; open_time: string; close_time: string }) => ({ weekday: h.weekday, open: hhmm(h.open_time), close: hhmm(h.close_time) })),
      breaks: breaks.map((b: { weekday: number | null; start_time: string; end_time: string }) => ({ weekday: b.weekday, start: hhmm(b.start_time), end: hhmm(b.end_time) })),
      holidays: new Set(holidayRows.map((h: { date: string }) => h.date)),
    };
  }

  private async loadMenu(clinicId: string, menuId: string): Promise<BookingMenu | null> {
    const k = this.knex;
    const taskIds = k('menu_tasks').select('id').where('menu_id', menuId);
    const [menu, tasks, rooms, machines] = await Promise.all([
      k('menus').where({ id: menuId, clinic_id: clinicId }).first(),
      k('menu_tasks').where('menu_id', menuId).orderBy('position'),
      k('menu_task_rooms').join('rooms', 'rooms.id', 'menu_task_rooms.room_id').whereIn('task_id', taskIds.clone()).orderBy(['rooms.display_order', 'rooms.id']).select('task_id', 'room_id'),
      k('menu_task_machines').join('machines', 'machines.id', 'menu_task_machines.machine_id').whereIn('task_id', taskIds.clone()).orderBy(['machines.display_order', 'machines.id']).select('task_id', 'machine_id'),
    ]);
    if (!menu) return null;
    return {
      id: String(menu.id),
      clinicId: String(menu.clinic_id),
      categoryId: String(menu.category_id),
      name: menu.name,
      kind: menu.kind,
      enabled: menu.enabled,
      webBookable: menu.web_bookable,
      tasks: tasks.map((task: { id: string; label: string; duration_minutes: number; needs_staff: boolean }) => ({
        id: String(task.id),
        label: task.label,
        durationMinutes: task.duration_minutes,
        needsStaff: task.needs_staff,
        roomIds: rooms.filter((r: { task_id: string }) => String(r.task_id) === String(task.id)).map((r: { room_id: string }) => String(r.room_id)),
        machineIds: machines.filter((m: { task_id: string }) => String(m.task_id) === String(task.id)).map((m: { machine_id: string }) => String(m.machine_id)),
      })),
    };
  }

  private async loadSchedules(clinicId: string, staff: Knex.QueryBuilder, from: string, to: string): Promise<EngineSchedule[]> {
    const k = this.knex;
    const rows = await k('schedules as s')
      .select(
        's.staff_id',
        's.category_id',
        k.raw(`${epoch('s.starts_at')} as start_ms`),
        k.raw(`${epoch('s.ends_at')} as end_ms`),
        k.raw(
          "(select string_agg((extract(epoch from b.starts_at) * 1000)::bigint::text || ',' || (extract(epoch from b.ends_at) * 1000)::bigint::text, ';') from schedule_breaks b where b.schedule_id = s.id) as breaks",
        ),
      )
      .where('s.clinic_id', clinicId)
      .whereIn('s.staff_id', staff)
      .where('s.starts_at', '<', to)
      .where('s.ends_at', '>', from);
    return (rows as Array<{ staff_id: string; category_id: string | null; start_ms: number; end_ms: number; breaks: string | null }>).map((row) => ({
      staffId: String(row.staff_id),
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      breaks: row.breaks
        ? row.breaks.split(';').map((span) => {
            const comma = span.indexOf(',');
            return [Number(span.slice(0, comma)), Number(span.slice(comma + 1))] as const;
          })
        : [],
      categoryId: row.category_id === null ? null : String(row.category_id),
    }));
  }

  /**
   * Live holds of the relevant resources overlapping the range, one row per resource with its
   * spans packed in a string: a 90-day search reads tens of thousands of holds, and one row each
   * would cost more to parse than everything else.
   */
  private async loadBusy(
    clinicId: string,
    from: string,
    to: string,
    relevant: Record<ResourceType, Knex.QueryBuilder> | null,
    excludeReservationId?: string,
  ): Promise<EngineBusy[]> {
    const query = this.knex('allocations')
      .select(
        'resource_type',
        'resource_id',
        this.knex.raw(
          "string_agg((extract(epoch from lower(during)) * 1000)::bigint::text || ',' || (extract(epoch from upper(during)) * 1000)::bigint::text, ';') as spans",
        ),
      )
      .where('clinic_id', clinicId)
      .where('live', true)
      .whereRaw('during && tstzrange(?, ?)', [from, to])
      .groupBy('resource_type', 'resource_id');
    if (relevant) {
      query.where((builder) => {
        for (const type of ['STAFF', 'ROOM', 'MACHINE'] as const) {
          builder.orWhere((inner) => inner.where('resource_type', type).whereIn('resource_id', relevant[type]));
        }
      });
    }
    if (excludeReservationId && ID.test(excludeReservationId)) {
      query.where((builder) =>
        builder.whereNull('reservation_task_id').orWhereNotIn('reservation_task_id', this.knex('reservation_tasks').select('id').where('reservation_id', excludeReservationId)),
      );
    }
    const busy: EngineBusy[] = [];
    for (const row of (await query) as Array<{ resource_type: ResourceType; resource_id: string | number; spans: string }>) {
      const id = String(row.resource_id);
      for (const span of row.spans.split(';')) {
        const comma = span.indexOf(',');
        busy.push({ type: row.resource_type, id, startMs: Number(span.slice(0, comma)), endMs: Number(span.slice(comma + 1)) });
      }
    }
    return busy;
  }
}
