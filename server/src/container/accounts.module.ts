import { authRouter, staffsRouter, twoFactorRouter, usersRouter, type AccountLookups } from '@clinic/adapters/http';
import {
  KnexLoginAttemptLimiter,
  KnexMemberRepository,
  KnexSessionStore,
  KnexStaffRepository,
  KnexTwoFactorRepository,
  type Database,
} from '@clinic/adapters/persistence';
import { Argon2PasswordHasher, CryptoRecoveryCodes, OtpauthTotp, type SecretBox } from '@clinic/adapters/security';
import {
  AdministerTwoFactorUseCase,
  BootstrapAdminUseCase,
  ManageTwoFactorUseCase,
  type ClockPort,
  type RecoveryCodesPort,
  type TotpPort,
  type TwoFactorRepositoryPort,
  DEFAULT_LOGIN_ATTEMPT_POLICY,
  LOGIN_LIMIT_POLICIES,
  type WiderLoginLimiters,
  LogInUseCase,
  type AuditLogPort,
  type ClinicRepositoryPort,
  type LoginAttemptLimiterPort,
  type MemberRepositoryPort,
  type PasswordHasherPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { ACCOUNTS, CLINICS, HTTP, SHARED } from './tokens';

export const accountsModule = new ContainerModule(({ bind }) => {
  bind(ACCOUNTS.staffs)
    .toResolvedValue((db: Database) => new KnexStaffRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(ACCOUNTS.members)
    .toResolvedValue((db: Database) => new KnexMemberRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(ACCOUNTS.hasher).toConstantValue(new Argon2PasswordHasher());
  bind(ACCOUNTS.limiter)
    .toResolvedValue((db: Database) => new KnexLoginAttemptLimiter(db.knex, DEFAULT_LOGIN_ATTEMPT_POLICY), [SHARED.database])
    .inSingletonScope();
  // The wider login limits (per account from any address, per address against any account).
  bind(ACCOUNTS.widerLoginLimiters)
    .toResolvedValue(
      (db: Database): WiderLoginLimiters => ({
        account: new KnexLoginAttemptLimiter(db.knex, LOGIN_LIMIT_POLICIES.account),
        address: new KnexLoginAttemptLimiter(db.knex, LOGIN_LIMIT_POLICIES.address),
      }),
      [SHARED.database],
    )
    .inSingletonScope();
  bind(ACCOUNTS.sessions)
    .toResolvedValue((db: Database) => new KnexSessionStore(db.knex), [SHARED.database])
    .inSingletonScope();
  // Two-factor login (TOTP) of staff: docs/security.md.
  bind(ACCOUNTS.twoFactorStore)
    .toResolvedValue((db: Database, box: SecretBox) => new KnexTwoFactorRepository(db.knex, box), [SHARED.database, ACCOUNTS.secretBox])
    .inSingletonScope();
  bind(ACCOUNTS.twoFactorRepository).toService(ACCOUNTS.twoFactorStore);
  bind(ACCOUNTS.totp).toConstantValue(new OtpauthTotp());
  bind(ACCOUNTS.recoveryCodes).toConstantValue(new CryptoRecoveryCodes());
  bind(ACCOUNTS.manageTwoFactor)
    .toResolvedValue(
      (
        repository: TwoFactorRepositoryPort,
        totp: TotpPort,
        recoveryCodes: RecoveryCodesPort,
        limiter: LoginAttemptLimiterPort,
        audit: AuditLogPort,
        clock: ClockPort,
        config: Config,
      ) => new ManageTwoFactorUseCase(repository, totp, recoveryCodes, limiter, audit, clock, config.twoFactor),
      [ACCOUNTS.twoFactorRepository, ACCOUNTS.totp, ACCOUNTS.recoveryCodes, ACCOUNTS.limiter, SHARED.audit, SHARED.clock, SHARED.config],
    )
    .inSingletonScope();
  bind(ACCOUNTS.administerTwoFactor)
    .toResolvedValue(
      (repository: TwoFactorRepositoryPort, staffs: StaffRepositoryPort, audit: AuditLogPort, clock: ClockPort) =>
        new AdministerTwoFactorUseCase(repository, staffs, audit, clock),
      [ACCOUNTS.twoFactorRepository, ACCOUNTS.staffs, SHARED.audit, SHARED.clock],
    )
    .inSingletonScope();
  bind(ACCOUNTS.logIn)
    .toResolvedValue(
      (
        staffs: StaffRepositoryPort,
        members: MemberRepositoryPort,
        hasher: PasswordHasherPort,
        limiter: LoginAttemptLimiterPort,
        audit: AuditLogPort,
        twoFactor: ManageTwoFactorUseCase,
        wider: WiderLoginLimiters,
      ) => new LogInUseCase(staffs, members, hasher, limiter, audit, twoFactor, wider),
      [ACCOUNTS.staffs, ACCOUNTS.members, ACCOUNTS.hasher, ACCOUNTS.limiter, SHARED.audit, ACCOUNTS.manageTwoFactor, ACCOUNTS.widerLoginLimiters],
    )
    .inSingletonScope();
  bind(ACCOUNTS.bootstrapAdmin)
    .toResolvedValue((staffs: StaffRepositoryPort, hasher: PasswordHasherPort) => new BootstrapAdminUseCase(staffs, hasher), [ACCOUNTS.staffs, ACCOUNTS.hasher])
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
      (manage: ManageTwoFactorUseCase, administer: AdministerTwoFactorUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) =>
        twoFactorRouter({ manage, administer }, lookups(staffs, members)),
      [ACCOUNTS.manageTwoFactor, ACCOUNTS.administerTwoFactor, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (clinics: ClinicRepositoryPort, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => usersRouter(clinics, lookups(staffs, members)),
      [CLINICS.clinics, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
