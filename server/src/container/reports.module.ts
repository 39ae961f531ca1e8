import { adminReportsRouter } from '@clinic/adapters/http';
import { KnexReportQueries, type Database } from '@clinic/adapters/persistence';
import { GetReportUseCase, type ClinicRepositoryPort, type MemberRepositoryPort, type ReportQueriesPort, type StaffRepositoryPort } from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { ACCOUNTS, CLINICS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.reports.${name}`);

/** The monthly reports: one aggregate query per report, read through GET /api/admin/reports. */
export const REPORTS = {
  queries: token<ReportQueriesPort>('queries'),
  getReport: token<GetReportUseCase>('getReport'),
} as const;

export const reportsModule = new ContainerModule(({ bind }) => {
  bind(REPORTS.queries)
    .toResolvedValue((db: Database) => new KnexReportQueries(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(REPORTS.getReport)
    .toResolvedValue((queries: ReportQueriesPort, clinics: ClinicRepositoryPort) => new GetReportUseCase(queries, clinics), [REPORTS.queries, CLINICS.clinics])
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (getReport: GetReportUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => adminReportsRouter({ getReport }, { staffs, members }),
      [REPORTS.getReport, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
