import type {
  AdministerTwoFactorUseCase,
  ManageTwoFactorUseCase,
  RecoveryCodesPort,
  TotpPort,
  TwoFactorRepositoryPort,
  AuditLogPort,
  BootstrapAdminUseCase,
  ClinicRepositoryPort,
  ClockPort,
  LogInUseCase,
  LoginAttemptLimiterPort,
  MemberRepositoryPort,
  PageViewRepositoryPort,
  PasswordHasherPort,
  ReservationMessages,
  SaveClinicUseCase,
  SessionRevokerPort,
  SessionStorePort,
  StaffRepositoryPort,
  WiderLoginLimiters,
  FormRepositoryPort,
  FormResponseStorePort,
  FormsUseCase,
  ManageFormsUseCase,
} from '@clinic/core';
import type { Database, KnexTwoFactorRepository } from '@clinic/adapters/persistence';
import type { SecretBox } from '@clinic/adapters/security';
import type { ApiRouter } from '@clinic/adapters/http';
import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from '../config';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.${name}`);

/** Infrastructure shared by every module. */
export const SHARED = {
  config: token<Config>('config'),
  logger: token<Logger>('logger'),
  database: token<Database>('database'),
  clock: token<ClockPort>('clock'),
  audit: token<AuditLogPort>('audit'),
} as const;

export const ACCOUNTS = {
  staffs: token<StaffRepositoryPort>('accounts.staffs'),
  members: token<MemberRepositoryPort>('accounts.members'),
  hasher: token<PasswordHasherPort>('accounts.hasher'),
  limiter: token<LoginAttemptLimiterPort>('accounts.limiter'),
  /** The login limits per account from any address and per address against any account. */
  widerLoginLimiters: token<WiderLoginLimiters>('accounts.widerLoginLimiters'),
  /** The session store, which also ends an account's sessions (a password set or changed). */
  sessions: token<SessionStorePort & SessionRevokerPort>('accounts.sessions'),
  logIn: token<LogInUseCase>('accounts.logIn'),
  bootstrapAdmin: token<BootstrapAdminUseCase>('accounts.bootstrapAdmin'),
  twoFactorRepository: token<TwoFactorRepositoryPort>('accounts.twoFactorRepository'),
  /** The same repository with its start-up task (sealing secrets stored before sealing began). */
  twoFactorStore: token<KnexTwoFactorRepository>('accounts.twoFactorStore'),
  /** Seals two-factor secrets; bound by the composition root from the configured key. */
  secretBox: token<SecretBox>('accounts.secretBox'),
  totp: token<TotpPort>('accounts.totp'),
  recoveryCodes: token<RecoveryCodesPort>('accounts.recoveryCodes'),
  manageTwoFactor: token<ManageTwoFactorUseCase>('accounts.manageTwoFactor'),
  administerTwoFactor: token<AdministerTwoFactorUseCase>('accounts.administerTwoFactor'),
} as const;

export const CLINICS = {
  clinics: token<ClinicRepositoryPort>('clinics.repository'),
  saveClinic: token<SaveClinicUseCase>('clinics.save'),
} as const;

export const ANALYTICS = {
  pageViews: token<PageViewRepositoryPort>('analytics.pageViews'),
} as const;

/**
 * Web forms (docs/forms.md), here rather than in forms.module.ts because the reservations (the
 * calendar's summaries) and the messages (the forms link) use them too.
 */
export const FORMS = {
  repository: token<FormRepositoryPort>('forms.repository'),
  responses: token<FormResponseStorePort>('forms.responses'),
  manage: token<ManageFormsUseCase>('forms.manage'),
  forms: token<FormsUseCase>('forms.forms'),
  /** Seals answers and signatures at rest: its own key (FORMS_KEY, or derived from the two-factor key). */
  secretBox: token<SecretBox>('forms.secretBox'),
} as const;

/** Every API router; each module adds its own. */
export const HTTP = {
  router: token<ApiRouter>('http.router'),
} as const;

/** Shared between the reservations module (uses it) and the messages module (binds it). */
export const NOTIFICATIONS = {
  /** The messages written with each reservation change (confirmations, notices, reminders). */
  reservations: token<ReservationMessages>('notifications.reservations'),
} as const;
