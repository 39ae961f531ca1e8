import type { Staff } from '../../accounts/domain/staff.entity';
import type { ReportColumn, ReportKey, ReportRow } from './report-catalog';

/** One computed report, as the API answers it. */
export interface Report {
  readonly type: ReportKey;
  readonly title: string;
  readonly month: string;
  /** null: the whole chain. */
  readonly clinicId: string | null;
  readonly columns: readonly ReportColumn[];
  readonly rows: readonly ReportRow[];
}

/**
 * Who reads which report (shared/DOMAIN.md): a clinic's reports are read by staff of that clinic
 * and by head-office staff (no clinic); the whole chain's only by an ADMIN with no clinic.
 */
export const mayReadReport = (staff: Pick<Staff, 'role' | 'clinicId'>, clinicId: string | null): boolean =>
  clinicId === null ? staff.role === 'ADMIN' && staff.clinicId === null : staff.clinicId === null || staff.clinicId === clinicId;

/** Uptime and rates as the API shows them: a percentage with one decimal, null when there is nothing to divide by. */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
