import type { Staff } from '../../accounts/domain/staff.entity';
import type { ClinicRepositoryPort } from '../../clinics/ports/clinic-repository.port';
import { fail, ok, type Result } from '../../shared/result';
import { REPORT_DEFINITIONS, reportKeyOf } from '../domain/report-catalog';
import { mayReadReport, type Report } from '../domain/report.entity';
import { parseReportMonth } from '../domain/report-month.value-object';
import type { ReportQueriesPort } from '../ports/report-queries.port';

export interface GetReportCommand {
  readonly staff: Pick<Staff, 'role' | 'clinicId'>;
  /** A key of the specification (or an accepted alias). */
  readonly type: string;
  /** YYYY-MM */
  readonly month: string;
  /** Absent: the whole chain. */
  readonly clinicId: string | null;
}

export type GetReportError = 'VALIDATION_FAILED' | 'REPORT_MONTH_TOO_EARLY' | 'CLINIC_NOT_FOUND' | 'FORBIDDEN';

/**
 * A monthly report: checks the key, the month (April 2021 or later), who asks and the clinic,
 * then runs the report's query. Access is decided before the clinic is looked up, so a staff
 * member bound to one clinic learns nothing about other clinic ids.
 */
export class GetReportUseCase {
  constructor(
    private readonly queries: ReportQueriesPort,
    private readonly clinics: Pick<ClinicRepositoryPort, 'findById'>,
  ) {}

  async execute(command: GetReportCommand): Promise<Result<Report, GetReportError>> {
    const key = reportKeyOf(command.type);
    if (!key) return fail('VALIDATION_FAILED', { fields: [{ path: 'type', message: 'レポートの種類が正しくありません。' }] });
    const month = parseReportMonth(command.month);
    if (!month.ok) return month;
    if (!mayReadReport(command.staff, command.clinicId)) return fail('FORBIDDEN');
    if (command.clinicId !== null && !(await this.clinics.findById(command.clinicId))) {
      return fail('CLINIC_NOT_FOUND', { fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] });
    }
    const rows = await this.queries.rows(key, { clinicId: command.clinicId, month: month.value });
    const definition = REPORT_DEFINITIONS[key];
    return ok({ type: key, title: definition.title, month: month.value.value, clinicId: command.clinicId, columns: definition.columns, rows });
  }
}
