import type { Staff } from './staff.entity';

/** The issuer shown in authenticator apps next to the account. */
export const TWO_FACTOR_ISSUER = 'クリニック予約';
/** Recovery codes issued at activation and at each regeneration. */
export const RECOVERY_CODE_COUNT = 10;
/** Days an account that must use two-factor login may work without it (TWO_FACTOR_GRACE_DAYS). */
export const DEFAULT_TWO_FACTOR_GRACE_DAYS = 7;

/** A staff member's two-factor login as stored, with their clinic's requirement. */
export interface TwoFactorState {
  /** The active TOTP secret (base32); null when not enrolled. */
  readonly secret: string | null;
  /** A secret handed out by setup and not yet confirmed by a code. */
  readonly pendingSecret: string | null;
  readonly enabledAt: Date | null;
  /** The last TOTP time step accepted: a code of this step or an earlier one is refused (no replay). */
  readonly lastUsedStep: number | null;
  /** When the grace period began (first seen needing two-factor login, or the last admin reset). */
  readonly graceFrom: Date | null;
  readonly recoveryCodesLeft: number;
  /** The staff member's clinic requires two-factor login for its STAFF since then; null: optional. */
  readonly clinicRequiredSince: Date | null;
}

export const isEnrolled = (state: Pick<TwoFactorState, 'secret' | 'enabledAt'>): boolean => state.secret !== null && state.enabledAt !== null;

/** ADMIN always; STAFF when their clinic requires it. Head-office STAFF (no clinic) never must. */
export const mustUseTwoFactor = (staff: Pick<Staff, 'role' | 'clinicId'>, state: Pick<TwoFactorState, 'clinicRequiredSince'>): boolean =>
  staff.role === 'ADMIN' || (staff.clinicId !== null && state.clinicRequiredSince !== null);

/**
 * The end of the grace period of an account that must use two-factor login: `graceDays` after the
 * later of when the grace began and (for STAFF) when the clinic began to require it.
 */
export const graceDeadline = (
  staff: Pick<Staff, 'role'>,
  state: Pick<TwoFactorState, 'graceFrom' | 'clinicRequiredSince'>,
  graceFrom: Date,
  graceDays: number,
): Date => {
  const starts = [graceFrom.getTime()];
  if (staff.role === 'STAFF' && state.clinicRequiredSince) starts.push(state.clinicRequiredSince.getTime());
  return new Date(Math.max(...starts) + graceDays * 24 * 60 * 60 * 1000);
};

/** A six-digit TOTP code, spaces allowed ("123 456"). */
export const asTotpCode = (input: string): string | null => {
  const compact = input.replace(/[\s\u3000]/g, '');
  return /^\d{6}$/.test(compact) ? compact : null;
};

/** Recovery codes are compared without case, spaces or hyphens ("abcde-fghij" = "ABCDEFGHIJ"). */
export const normaliseRecoveryCode = (input: string): string => input.replace(/[\s\u3000-]/g, '').toLowerCase();
