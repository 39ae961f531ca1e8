import { auditRouter } from '@clinic/adapters/http';
import { KnexAuditLog, type Database } from '@clinic/adapters/persistence';
import { SearchAccessLogUseCase, type AccessLogSearchPort, type MemberRepositoryPort, type StaffRepositoryPort } from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { ACCOUNTS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.audit.${name}`);

/**
 * The staff access audit: records are written by the HTTP layer (the app's `audit` option, see
 * application.ts) and by the log-in use case; administrators read them through GET /api/admin/audit-logs.
 */
export const AUDIT = {
  records: token<AccessLogSearchPort>('records'),
  search: token<SearchAccessLogUseCase>('search'),
} as const;

export const auditModule = new ContainerModule(({ bind }) => {
  bind(AUDIT.records)
    .toResolvedValue((db: Database) => new KnexAuditLog(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(AUDIT.search)
    .toResolvedValue((records: AccessLogSearchPort) => new SearchAccessLogUseCase(records), [AUDIT.records])
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (search: SearchAccessLogUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => auditRouter({ search }, { staffs, members }),
      [AUDIT.search, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
