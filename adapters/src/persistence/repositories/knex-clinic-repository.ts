import {
  clinicZone,
  systemClock,
  type ReminderRule,
  type Clinic,
  type ClinicHoliday,
  type ClinicRepositoryPort,
  type ClinicSettings,
  type ClockPort,
} from '@clinic/core';
import type { Knex } from 'knex';
import { ClinicModel, OpeningHoursModel } from '../models/clinic.model';
import { translateWriteError } from '../pg-errors';

const CONSTRAINTS = { clinics_name_unique: 'CLINIC_DUPLICATE', clinic_holidays_unique: 'HOLIDAY_ALREADY_REGISTERED' } as const;
const FOREIGN_KEYS = {
  clinics_hoken_category_fk: { code: 'CATEGORY_NOT_FOUND', fields: [{ path: 'hokenCategoryId', message: 'このクリニックのカテゴリではありません。' }] },
} as const;
const translate = (error: unknown): never => translateWriteError(error, CONSTRAINTS, FOREIGN_KEYS);

const ID = /^\d{1,18}$/;

/** A clinic row with its hours, breaks and upcoming holidays gathered as JSON by the same query. */
interface ClinicReadRow {
  id: string | number;
  name: string;
  phone: string;
  homepage_url: string | null;
  web_booking_enabled: boolean;
  hoken_category_id: string | number | null;
  update_deadline_hours: number;
  cancel_deadline_hours: number;
  min_lead_minutes: number;
  reminder_rules: ReminderRule[] | string;
  waitlist_hold_minutes?: number;
  no_show_limit?: number | null;
  no_show_window_days?: number;
  opening_hours_json: unknown;
  breaks_json: unknown;
  holidays_json: unknown;
}

const jsonList = <T>(value: unknown): T[] => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];

const toClinic = (row: ClinicReadRow): Clinic => ({
  id: String(row.id),
  name: row.name,
  phone: row.phone,
  homepageUrl: row.homepage_url,
  webBookingEnabled: row.web_booking_enabled,
  hokenCategoryId: row.hoken_category_id === null ? null : String(row.hoken_category_id),
  updateDeadlineHours: row.update_deadline_hours,
  cancelDeadlineHours: row.cancel_deadline_hours,
  minLeadMinutes: row.min_lead_minutes,
  reminderRules: jsonList<ReminderRule>(row.reminder_rules),
  waitlistHoldMinutes: row.waitlist_hold_minutes ?? 30,
  noShowLimit: row.no_show_limit ?? null,
  noShowWindowDays: row.no_show_window_days ?? 180,
  openingHours: jsonList<{ weekday: number; open: string; close: string }>(row.opening_hours_json).map((hours) => ({
    weekday: hours.weekday,
    open: hours.open.slice(0, 5),
    close: hours.close.slice(0, 5),
  })),
  breaks: jsonList<{ id: string | number; weekday: number | null; start: string; end: string }>(row.breaks_json).map((entry) => ({
    id: String(entry.id),
    weekday: entry.weekday,
    start: entry.start.slice(0, 5),
    end: entry.end.slice(0, 5),
  })),
  holidays: jsonList<ClinicHoliday>(row.holidays_json).map((holiday) => ({ date: holiday.date, name: holiday.name })),
});

const toRow = (settings: ClinicSettings) => ({
  name: settings.name,
  phone: settings.phone,
  homepage_url: settings.homepageUrl,
  web_booking_enabled: settings.webBookingEnabled,
  hoken_category_id: settings.hokenCategoryId,
  update_deadline_hours: settings.updateDeadlineHours,
  cancel_deadline_hours: settings.cancelDeadlineHours,
  min_lead_minutes: settings.minLeadMinutes,
  // Left out: the column default (a new clinic) or the clinic's current rules (an update).
  ...(settings.reminderRules ? { reminder_rules: JSON.stringify(settings.reminderRules) } : {}),
  ...(settings.waitlistHoldMinutes !== undefined ? { waitlist_hold_minutes: settings.waitlistHoldMinutes } : {}),
  ...(settings.noShowLimit !== undefined ? { no_show_limit: settings.noShowLimit } : {}),
  ...(settings.noShowWindowDays !== undefined ? { no_show_window_days: settings.noShowWindowDays } : {}),
});

/**
 * Clinics with their opening hours, breaks and holidays. Reads gather everything in one query
 * (correlated JSON sub-selects), so the list of every clinic is one round trip however many
 * clinics the chain has. Holidays are answered from today (Asia/Tokyo) on.
 */
export class KnexClinicRepository implements ClinicRepositoryPort {
  constructor(
    private readonly knex: Knex,
    private readonly clock: ClockPort = systemClock,
  ) {}

  async list(): Promise<Clinic[]> {
    const rows = await this.read().orderBy('clinics.id');
    return rows.map(toClinic);
  }

  async findById(id: string): Promise<Clinic | null> {
    if (!ID.test(id)) return null;
    const row = await this.read().where('clinics.id', id).first();
    return row ? toClinic(row) : null;
  }

  async create(settings: ClinicSettings): Promise<Clinic> {
    try {
      const id = await this.knex.transaction(async (trx) => {
        const row = await ClinicModel.query(trx).insert(toRow(settings)).returning('id');
        await this.replaceOpeningHours(trx, String(row.id), settings);
        await this.replaceBreaks(trx, String(row.id), settings);
        return String(row.id);
      });
      return (await this.findById(id))!;
    } catch (error) {
      return translate(error);
    }
  }

  async update(id: string, settings: ClinicSettings): Promise<Clinic | null> {
    if (!ID.test(id)) return null;
    try {
      const found = await this.knex.transaction(async (trx) => {
        const updated = await trx('clinics')
          .where('id', id)
          .update({ ...toRow(settings), updated_at: trx.fn.now() })
          .returning('id');
        if (updated.length === 0) return false;
        await this.replaceOpeningHours(trx, id, settings);
        await this.replaceBreaks(trx, id, settings);
        return true;
      });
      return found ? this.findById(id) : null;
    } catch (error) {
      return translate(error);
    }
  }

  async addHoliday(clinicId: string, holiday: ClinicHoliday): Promise<ClinicHoliday | null> {
    if (!ID.test(clinicId)) return null;
    const clinic = await this.knex('clinics').select('id').where('id', clinicId).first();
    if (!clinic) return null;
    try {
      await this.knex('clinic_holidays').insert({ clinic_id: clinicId, date: holiday.date, name: holiday.name });
      return { date: holiday.date, name: holiday.name };
    } catch (error) {
      return translate(error);
    }
  }

  async removeHoliday(clinicId: string, date: string): Promise<boolean> {
    if (!ID.test(clinicId)) return false;
    const removed = await this.knex('clinic_holidays').where({ clinic_id: clinicId, date }).delete().returning('date');
    return removed.length > 0;
  }

  private read() {
    const today = this.clock.now().setZone(clinicZone).toISODate();
    return this.knex<ClinicReadRow>('clinics').select(
      'clinics.*',
      this.knex.raw(`coalesce((
        select json_agg(json_build_object('weekday', h.weekday, 'open', h.open_time::text, 'close', h.close_time::text) order by h.weekday)
        from clinic_opening_hours h where h.clinic_id = clinics.id), '[]'::json) as opening_hours_json`),
      this.knex.raw(`coalesce((
        select json_agg(json_build_object('id', b.id::text, 'weekday', b.weekday, 'start', b.start_time::text, 'end', b.end_time::text)
          order by b.weekday nulls first, b.start_time, b.id)
        from clinic_breaks b where b.clinic_id = clinics.id), '[]'::json) as breaks_json`),
      this.knex.raw(
        `coalesce((
        select json_agg(json_build_object('date', d.date::text, 'name', d.name) order by d.date)
        from clinic_holidays d where d.clinic_id = clinics.id and d.date >= ?::date), '[]'::json) as holidays_json`,
        [today],
      ),
    );
  }

  private async replaceOpeningHours(trx: Knex.Transaction, clinicId: string, settings: ClinicSettings): Promise<void> {
    await OpeningHoursModel.query(trx).where('clinic_id', clinicId).delete();
    if (settings.openingHours.length === 0) return;
    await trx('clinic_opening_hours').insert(
      settings.openingHours.map((hours) => ({
        clinic_id: clinicId,
        weekday: hours.weekday,
        open_time: hours.open,
        close_time: hours.close,
      })),
    );
  }

  /** Breaks left out of the settings stay as they are. */
  private async replaceBreaks(trx: Knex.Transaction, clinicId: string, settings: ClinicSettings): Promise<void> {
    if (!settings.breaks) return;
    await trx('clinic_breaks').where('clinic_id', clinicId).delete();
    if (settings.breaks.length === 0) return;
    await trx('clinic_breaks').insert(
      settings.breaks.map((entry) => ({ clinic_id: clinicId, weekday: entry.weekday, start_time: entry.start, end_time: entry.end })),
    );
  }
}
