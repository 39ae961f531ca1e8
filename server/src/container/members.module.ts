import { memberGuestsRouter, memberSelfRouter, staffMembersRouter, type MembersHttp } from '@clinic/adapters/http';
import { KnexContractRepository, KnexMemberDirectory, KnexMemberTokenRepository, type Database } from '@clinic/adapters/persistence';
import {
  ManageMembersUseCase,
  type BookingRestrictions,
  MemberAccountUseCase,
  MemberQueriesUseCase,
  type AuditLogPort,
  type ChecklistUseCase,
  type ClockPort,
  type ContractRepositoryPort,
  type MailPort,
  type MemberDirectoryPort,
  type MemberRepositoryPort,
  type MemberTokenRepositoryPort,
  type PasswordHasherPort,
  type ReservationRepositoryPort,
  type SecretTokensPort,
  type StaffRepositoryPort,
  type LoginAttemptLimiterPort,
  type SessionRevokerPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { resetThrottle } from './reset-throttle';
import type { Config } from '../config';
import { RESERVATIONS } from './reservations.module';
import { SETTINGS } from './settings.module';
import { STAFF_MANAGEMENT } from './staff-management.module';
import { ACCOUNTS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.members.${name}`);

/** Tokens of the members module: member management, member passwords, contracts, booking mails. */
export const MEMBERS = {
  tokens: token<MemberTokenRepositoryPort>('tokens'),
  directory: token<MemberDirectoryPort>('directory'),
  contracts: token<ContractRepositoryPort>('contracts'),
  manage: token<ManageMembersUseCase>('manage'),
  account: token<MemberAccountUseCase>('account'),
  http: token<MembersHttp>('http'),
} as const;

export const membersModule = new ContainerModule(({ bind }) => {
  const M = MEMBERS;
  bind(M.tokens)
    .toResolvedValue((db: Database) => new KnexMemberTokenRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(M.directory)
    .toResolvedValue((db: Database) => new KnexMemberDirectory(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(M.contracts)
    .toResolvedValue((db: Database) => new KnexContractRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(M.manage)
    .toResolvedValue(
      (
        members: MemberRepositoryPort,
        directory: MemberDirectoryPort,
        contracts: ContractRepositoryPort,
        hasher: PasswordHasherPort,
        audit: AuditLogPort,
        limiter: LoginAttemptLimiterPort,
        sessions: SessionRevokerPort,
      ) => new ManageMembersUseCase(members, directory, contracts, hasher, audit, { limiter, sessions }),
      [ACCOUNTS.members, M.directory, M.contracts, ACCOUNTS.hasher, SHARED.audit, ACCOUNTS.limiter, ACCOUNTS.sessions],
    )
    .inSingletonScope();
  bind(M.account)
    .toResolvedValue(
      (
        members: MemberRepositoryPort,
        tokens: MemberTokenRepositoryPort,
        secrets: SecretTokensPort,
        hasher: PasswordHasherPort,
        mail: MailPort,
        clock: ClockPort,
        audit: AuditLogPort,
        config: Config,
        db: Database,
        sessions: SessionRevokerPort,
      ) =>
        new MemberAccountUseCase(members, tokens, secrets, hasher, mail, clock, audit, { publicUrl: config.publicUrl }, resetThrottle(db, 'member'), sessions),
      [
        ACCOUNTS.members,
        M.tokens,
        STAFF_MANAGEMENT.secrets,
        ACCOUNTS.hasher,
        STAFF_MANAGEMENT.mail,
        SHARED.clock,
        SHARED.audit,
        SHARED.config,
        SHARED.database,
        ACCOUNTS.sessions,
      ],
    )
    .inSingletonScope();
  bind(M.http)
    .toResolvedValue(
      (
        manage: ManageMembersUseCase,
        account: MemberAccountUseCase,
        directory: MemberDirectoryPort,
        contracts: ContractRepositoryPort,
        reservations: ReservationRepositoryPort,
        checklist: ChecklistUseCase,
        clock: ClockPort,
        restrictions: BookingRestrictions,
      ): MembersHttp => ({
        manage,
        account,
        directory,
        contracts,
        queries: new MemberQueriesUseCase(directory, reservations, contracts, checklist, restrictions),
        clock,
      }),
      [M.manage, M.account, M.directory, M.contracts, RESERVATIONS.repository, SETTINGS.checklist, SHARED.clock, Symbol.for('clinic.waitlist.restrictions')],
    )
    .inSingletonScope();
  for (const router of [staffMembersRouter, memberGuestsRouter, memberSelfRouter]) {
    bind(HTTP.router)
      .toResolvedValue(
        (deps: MembersHttp, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => router(deps, { staffs, members }),
        [M.http, ACCOUNTS.staffs, ACCOUNTS.members],
      )
      .inSingletonScope();
  }
});
