import { adminStaffsRouter, staffDirectoryRouter, staffPasswordRouter, type StaffManagementHttp } from '@clinic/adapters/http';
import { SmtpMailer } from '@clinic/adapters/mail';
import { KnexMailOutbox, KnexStaffReferences, KnexStaffTokenRepository, type Database } from '@clinic/adapters/persistence';
import { CryptoSecretTokens } from '@clinic/adapters/security';
import {
  DeleteStaffUseCase,
  InviteStaffUseCase,
  ReorderStaffUseCase,
  SaveStaffUseCase,
  SetStaffMenusUseCase,
  StaffPasswordUseCase,
  StaffTokenMailer,
  type AuditLogPort,
  type ClinicRepositoryPort,
  type ClockPort,
  type MailOutboxPort,
  type MailPort,
  type MemberRepositoryPort,
  type PasswordHasherPort,
  type SecretTokensPort,
  type StaffReferencesPort,
  type StaffRepositoryPort,
  type StaffTokenRepositoryPort,
  type SessionRevokerPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { resetThrottle } from './reset-throttle';
import type { Config } from '../config';
import { ACCOUNTS, CLINICS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.staffManagement.${name}`);

/** Tokens of the staff management module: staff administration, invitations, password resets, mail. */
export const STAFF_MANAGEMENT = {
  tokens: token<StaffTokenRepositoryPort>('tokens'),
  secrets: token<SecretTokensPort>('secrets'),
  references: token<StaffReferencesPort>('references'),
  /** Sends mail: SMTP when SMTP_URL is set, else the outbox table. */
  mail: token<MailPort>('mail'),
  outbox: token<MailOutboxPort>('outbox'),
  tokenMailer: token<StaffTokenMailer>('tokenMailer'),
  saveStaff: token<SaveStaffUseCase>('saveStaff'),
  deleteStaff: token<DeleteStaffUseCase>('deleteStaff'),
  reorderStaff: token<ReorderStaffUseCase>('reorderStaff'),
  setStaffMenus: token<SetStaffMenusUseCase>('setStaffMenus'),
  inviteStaff: token<InviteStaffUseCase>('inviteStaff'),
  staffPassword: token<StaffPasswordUseCase>('staffPassword'),
  http: token<StaffManagementHttp>('http'),
} as const;

export const staffManagementModule = new ContainerModule(({ bind }) => {
  const S = STAFF_MANAGEMENT;
  bind(S.tokens)
    .toResolvedValue((db: Database) => new KnexStaffTokenRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(S.secrets).toConstantValue(new CryptoSecretTokens());
  bind(S.references)
    .toResolvedValue((db: Database) => new KnexStaffReferences(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(S.outbox)
    .toResolvedValue((db: Database) => new KnexMailOutbox(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(S.mail)
    .toResolvedValue(
      (config: Config, db: Database) => (config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new KnexMailOutbox(db.knex)),
      [SHARED.config, SHARED.database],
    )
    .inSingletonScope();
  bind(S.tokenMailer)
    .toResolvedValue(
      (tokens: StaffTokenRepositoryPort, secrets: SecretTokensPort, mail: MailPort, clock: ClockPort, config: Config) =>
        new StaffTokenMailer(tokens, secrets, mail, clock, { publicUrl: config.publicUrl }),
      [S.tokens, S.secrets, S.mail, SHARED.clock, SHARED.config],
    )
    .inSingletonScope();
  bind(S.saveStaff)
    .toResolvedValue(
      (staffs: StaffRepositoryPort, clinics: ClinicRepositoryPort, hasher: PasswordHasherPort, mailer: StaffTokenMailer, audit: AuditLogPort) =>
        new SaveStaffUseCase(staffs, clinics, hasher, mailer, audit),
      [ACCOUNTS.staffs, CLINICS.clinics, ACCOUNTS.hasher, S.tokenMailer, SHARED.audit],
    )
    .inSingletonScope();
  bind(S.deleteStaff)
    .toResolvedValue(
      (staffs: StaffRepositoryPort, references: StaffReferencesPort, clock: ClockPort, audit: AuditLogPort) =>
        new DeleteStaffUseCase(staffs, references, clock, audit),
      [ACCOUNTS.staffs, S.references, SHARED.clock, SHARED.audit],
    )
    .inSingletonScope();
  bind(S.reorderStaff)
    .toResolvedValue((staffs: StaffRepositoryPort, audit: AuditLogPort) => new ReorderStaffUseCase(staffs, audit), [ACCOUNTS.staffs, SHARED.audit])
    .inSingletonScope();
  bind(S.setStaffMenus)
    .toResolvedValue(
      (staffs: StaffRepositoryPort, references: StaffReferencesPort, audit: AuditLogPort) => new SetStaffMenusUseCase(staffs, references, audit),
      [ACCOUNTS.staffs, S.references, SHARED.audit],
    )
    .inSingletonScope();
  bind(S.inviteStaff)
    .toResolvedValue(
      (staffs: StaffRepositoryPort, mailer: StaffTokenMailer, audit: AuditLogPort) => new InviteStaffUseCase(staffs, mailer, audit),
      [ACCOUNTS.staffs, S.tokenMailer, SHARED.audit],
    )
    .inSingletonScope();
  bind(S.staffPassword)
    .toResolvedValue(
      (
        staffs: StaffRepositoryPort,
        tokens: StaffTokenRepositoryPort,
        secrets: SecretTokensPort,
        hasher: PasswordHasherPort,
        mailer: StaffTokenMailer,
        clock: ClockPort,
        audit: AuditLogPort,
        db: Database,
        sessions: SessionRevokerPort,
      ) => new StaffPasswordUseCase(staffs, tokens, secrets, hasher, mailer, clock, audit, resetThrottle(db, 'staff'), sessions),
      [ACCOUNTS.staffs, S.tokens, S.secrets, ACCOUNTS.hasher, S.tokenMailer, SHARED.clock, SHARED.audit, SHARED.database, ACCOUNTS.sessions],
    )
    .inSingletonScope();
  bind(S.http)
    .toResolvedValue(
      (
        staffs: StaffRepositoryPort,
        saveStaff: SaveStaffUseCase,
        deleteStaff: DeleteStaffUseCase,
        reorderStaff: ReorderStaffUseCase,
        setStaffMenus: SetStaffMenusUseCase,
        inviteStaff: InviteStaffUseCase,
        staffPassword: StaffPasswordUseCase,
        outbox: MailOutboxPort,
      ): StaffManagementHttp => ({ staffs, saveStaff, deleteStaff, reorderStaff, setStaffMenus, inviteStaff, staffPassword, outbox }),
      [ACCOUNTS.staffs, S.saveStaff, S.deleteStaff, S.reorderStaff, S.setStaffMenus, S.inviteStaff, S.staffPassword, S.outbox],
    )
    .inSingletonScope();

  for (const router of [adminStaffsRouter, staffDirectoryRouter, staffPasswordRouter]) {
    bind(HTTP.router)
      .toResolvedValue(
        (deps: StaffManagementHttp, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => router(deps, { staffs, members }),
        [S.http, ACCOUNTS.staffs, ACCOUNTS.members],
      )
      .inSingletonScope();
  }
});
