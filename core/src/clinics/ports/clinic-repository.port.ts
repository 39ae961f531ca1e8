import type { Clinic, ClinicHoliday, ClinicSettings } from '../domain/clinic.entity';

/**
 * Clinics with their opening hours, breaks and holidays. Every clinic answered carries its
 * holidays from today (Asia/Tokyo) on; `list` reads all clinics in one round trip.
 */
export interface ClinicRepositoryPort {
  list(): Promise<Clinic[]>;
  findById(id: string): Promise<Clinic | null>;
  /** Throws DomainRuleViolation(CLINIC_DUPLICATE) when the name is taken, CATEGORY_NOT_FOUND for an unknown hoken category. */
  create(settings: ClinicSettings): Promise<Clinic>;
  /**
   * Null when the clinic does not exist; throws DomainRuleViolation(CLINIC_DUPLICATE) on a taken
   * name. Breaks are replaced when `settings.breaks` is given, kept otherwise.
   */
  update(id: string, settings: ClinicSettings): Promise<Clinic | null>;
  /** Null when the clinic does not exist; throws DomainRuleViolation(HOLIDAY_ALREADY_REGISTERED) for a date registered already. */
  addHoliday(clinicId: string, holiday: ClinicHoliday): Promise<ClinicHoliday | null>;
  /** Whether a holiday was removed. */
  removeHoliday(clinicId: string, date: string): Promise<boolean>;
}
