import { authRouter, staffsRouter, usersRouter, type AccountLookups } from '@clinic/adapters/http';
import {
  KnexLoginAttemptLimiter,
  KnexMemberRepository,
  KnexSessionStore,
  KnexStaffRepository,
  type Database,
} from '@clinic/adapters/persistence';
import { Argon2PasswordHasher } from '@clinic/adapters/security';
import {
  BootstrapAdminUseCase,
  DEFAULT_LOGIN_ATTEMPT_POLICY,
  LogInUseCase,
  type AuditLogPort,
  type ClinicRepositoryPort,
  type LoginAttemptLimiterPort,
  type MemberRepositoryPort,
  type PasswordHasherPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule } from 'inversify';
import { ACCOUNTS, CLINICS, HTTP, SHARED } from './tokens';

export const accountsModule = new ContainerModule(({ bind }) => {
  bind(ACCOUNTS.staffs).toResolvedValue((db: Database) => new KnexStaffRepository(db.knex), [SHARED.database]).inSingletonScope();
  bind(ACCOUNTS.members).toResolvedValue((db: Database) => new KnexMemberRepository(db.knex), [SHARED.database]).inSingletonScope();
  bind(ACCOUNTS.hasher).toConstantValue(new Argon2PasswordHasher());
  bind(ACCOUNTS.limiter)
    .toResolvedValue((db: Database) => new KnexLoginAttemptLimiter(db.knex, DEFAULT_LOGIN_ATTEMPT_POLICY), [SHARED.database])
    .inSingletonScope();
  bind(ACCOUNTS.sessions).toResolvedValue((db: Database) => new KnexSessionStore(db.knex), [SHARED.database]).inSingletonScope();
  bind(ACCOUNTS.logIn)
    .toResolvedValue(
      (staffs: StaffRepositoryPort, members: MemberRepositoryPort, hasher: PasswordHasherPort, limiter: LoginAttemptLimiterPort, audit: AuditLogPort) =>
        new LogInUseCase(staffs, members, hasher, limiter, audit),
      [ACCOUNTS.staffs, ACCOUNTS.members, ACCOUNTS.hasher, ACCOUNTS.limiter, SHARED.audit],
    )
    .inSingletonScope();
  bind(ACCOUNTS.bootstrapAdmin)
    .toResolvedValue(
      (staffs: StaffRepositoryPort, hasher: PasswordHasherPort) => new BootstrapAdminUseCase(staffs, hasher),
      [ACCOUNTS.staffs, ACCOUNTS.hasher],
    )
    .inSingletonScope();

  const lookups = (staffs: StaffRepositoryPort, members: MemberRepositoryPort): AccountLookups => ({ staffs, members });
  bind(HTTP.router)
    .toResolvedValue(
      (logIn: LogInUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => authRouter(logIn, lookups(staffs, members)),
      [ACCOUNTS.logIn, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (clinics: ClinicRepositoryPort, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => staffsRouter(clinics, lookups(staffs, members)),
      [CLINICS.clinics, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (clinics: ClinicRepositoryPort, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => usersRouter(clinics, lookups(staffs, members)),
      [CLINICS.clinics, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
