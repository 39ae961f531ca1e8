import type { ReportKey, ReportRow } from '../domain/report-catalog';
import type { ReportMonth } from '../domain/report-month.value-object';

/** One clinic's month, or the whole chain's (clinicId null). */
export interface ReportScope {
  readonly clinicId: string | null;
  readonly month: ReportMonth;
}

/**
 * The reports' read side: one aggregate query per report, computed in the database. Rows carry
 * the keys of the report's columns (REPORT_DEFINITIONS); numbers are numbers.
 */
export interface ReportQueriesPort {
  rows(key: ReportKey, scope: ReportScope): Promise<ReportRow[]>;
}
