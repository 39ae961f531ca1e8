import {
  DomainRuleViolation,
  timeOfDayOn,
  type ErrorCode,
  type PlacedSchedule,
  type Schedule,
  type ScheduleQuery,
  type ScheduleRepositoryPort,
} from '@clinic/core';
import type { Knex } from 'knex';
import { sqlState, translateDbError } from '../pg-errors';

const CONSTRAINTS = { schedules_no_overlap: 'SCHEDULE_EXISTS' } as const;
const FOREIGN_KEYS: Readonly<Record<string, ErrorCode>> = {
  schedules_staff_id_fkey: 'STAFF_NOT_FOUND',
  schedules_category_id_fkey: 'CATEGORY_NOT_FOUND',
  schedules_clinic_id_fkey: 'CLINIC_NOT_FOUND',
};

const ID = /^\d{1,18}$/;

interface ScheduleRow {
  id: string;
  clinic_id: string;
  staff_id: string;
  date: string | Date;
  starts_at: Date | string;
  ends_at: Date | string;
  category_id: string | null;
}

interface BreakRow {
  schedule_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
}

/** A `date` column as `YYYY-MM-DD`: text through pg (see database.ts), a Date at UTC midnight through PGlite. */
export const dateText = (value: string | Date): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

const instant = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** Turns a broken constraint into the domain's error; anything else goes on as thrown. */
export const translateScheduleError = (
  error: unknown,
  constraints: Readonly<Record<string, ErrorCode>>,
  foreignKeys: Readonly<Record<string, ErrorCode>>,
): never => {
  if (sqlState(error) === '23503') {
    const native = error as { nativeError?: { constraint?: string }; constraint?: string };
    const name = native.nativeError?.constraint ?? native.constraint;
    const code = name ? foreignKeys[name] : undefined;
    if (code) throw new DomainRuleViolation({ code });
  }
  return translateDbError(error, constraints);
};

/** Schedules with their breaks in `schedules` and `schedule_breaks`; overlaps refused by `schedules_no_overlap`. */
export class KnexScheduleRepository implements ScheduleRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async findById(id: string): Promise<Schedule | null> {
    if (!ID.test(id)) return null;
    const [schedule] = await this.load(this.knex('schedules').where('id', id));
    return schedule ?? null;
  }

  async list(query: ScheduleQuery): Promise<Schedule[]> {
    if (!ID.test(query.clinicId)) return [];
    return this.load(this.knex('schedules').where('clinic_id', query.clinicId).whereBetween('date', [query.from, query.to]));
  }

  async listForStaff(staffId: string, from: string, to: string): Promise<Schedule[]> {
    if (!ID.test(staffId)) return [];
    return this.load(this.knex('schedules').where('staff_id', staffId).whereBetween('date', [from, to]));
  }

  async create(schedule: PlacedSchedule): Promise<Schedule> {
    try {
      const id = await this.knex.transaction((trx) => this.insert(trx, schedule));
      return (await this.findById(id))!;
    } catch (error) {
      return translateScheduleError(error, CONSTRAINTS, FOREIGN_KEYS);
    }
  }

  async createEach(schedules: readonly PlacedSchedule[]): Promise<{ created: Schedule[]; overlapping: string[] }> {
    if (schedules.length === 0) return { created: [], overlapping: [] };
    const overlapping: string[] = [];
    const ids: string[] = [];
    try {
      await this.knex.transaction(async (trx) => {
        for (const schedule of schedules) {
          try {
            // A savepoint per date: an overlapping date is undone alone, the others stay.
            ids.push(await trx.transaction((savepoint) => this.insert(savepoint, schedule)));
          } catch (error) {
            if (sqlState(error) !== '23P01') throw error;
            overlapping.push(schedule.date);
          }
        }
      });
    } catch (error) {
      return translateScheduleError(error, CONSTRAINTS, FOREIGN_KEYS);
    }
    const created = ids.length === 0 ? [] : await this.load(this.knex('schedules').whereIn('id', ids));
    return { created, overlapping };
  }

  async update(id: string, schedule: PlacedSchedule): Promise<Schedule | null> {
    if (!ID.test(id)) return null;
    try {
      const found = await this.knex.transaction(async (trx) => {
        const updated = await trx('schedules').where('id', id).update({
          clinic_id: schedule.clinicId,
          staff_id: schedule.staffId,
          date: schedule.date,
          starts_at: schedule.startsAt,
          ends_at: schedule.endsAt,
          category_id: schedule.categoryId,
        });
        if (updated === 0) return false;
        await trx('schedule_breaks').where('schedule_id', id).delete();
        await this.insertBreaks(trx, id, schedule);
        return true;
      });
      return found ? this.findById(id) : null;
    } catch (error) {
      return translateScheduleError(error, CONSTRAINTS, FOREIGN_KEYS);
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    // `returning`: PGlite answers a delete with a result object rather than a count.
    return (await this.knex('schedules').where('id', id).delete().returning('id')).length > 0;
  }

  private async insert(trx: Knex.Transaction, schedule: PlacedSchedule): Promise<string> {
    const [row] = await trx('schedules')
      .insert({
        clinic_id: schedule.clinicId,
        staff_id: schedule.staffId,
        date: schedule.date,
        starts_at: schedule.startsAt,
        ends_at: schedule.endsAt,
        category_id: schedule.categoryId,
      })
      .returning('id');
    const id = String((row as { id: string }).id);
    await this.insertBreaks(trx, id, schedule);
    return id;
  }

  private async insertBreaks(trx: Knex.Transaction, id: string, schedule: PlacedSchedule): Promise<void> {
    if (schedule.breaks.length === 0) return;
    await trx('schedule_breaks').insert(schedule.breaks.map((pause) => ({ schedule_id: id, starts_at: pause.startsAt, ends_at: pause.endsAt })));
  }

  private async load(query: Knex.QueryBuilder): Promise<Schedule[]> {
    const rows: ScheduleRow[] = await query.select('*').orderBy([{ column: 'date' }, { column: 'starts_at' }, { column: 'id' }]);
    if (rows.length === 0) return [];
    const breaks: BreakRow[] = await this.knex('schedule_breaks')
      .select('schedule_id', 'starts_at', 'ends_at')
      .whereIn(
        'schedule_id',
        rows.map((row) => row.id),
      )
      .orderBy([{ column: 'schedule_id' }, { column: 'starts_at' }]);
    const byId = new Map<string, BreakRow[]>();
    for (const pause of breaks) byId.set(String(pause.schedule_id), [...(byId.get(String(pause.schedule_id)) ?? []), pause]);
    return rows.map((row) => {
      const date = dateText(row.date);
      return {
        id: String(row.id),
        clinicId: String(row.clinic_id),
        staffId: String(row.staff_id),
        date,
        start: timeOfDayOn(date, instant(row.starts_at)),
        end: timeOfDayOn(date, instant(row.ends_at)),
        breaks: (byId.get(String(row.id)) ?? []).map((pause) => ({
          start: timeOfDayOn(date, instant(pause.starts_at)),
          end: timeOfDayOn(date, instant(pause.ends_at)),
        })),
        categoryId: row.category_id === null ? null : String(row.category_id),
      };
    });
  }
}
