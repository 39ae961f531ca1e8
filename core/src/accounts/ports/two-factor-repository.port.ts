import type { TwoFactorState } from '../domain/two-factor';

/** Two-factor login data of staff accounts, and each clinic's requirement for its STAFF. */
export interface TwoFactorRepositoryPort {
  /** Null when there is no such live staff member. */
  state(staffId: string): Promise<TwoFactorState | null>;
  /** Records when the grace period began, unless it already has. */
  startGrace(staffId: string, at: Date): Promise<void>;
  /** Keeps a secret handed out by setup (replacing an earlier pending one). */
  savePending(staffId: string, secret: string): Promise<void>;
  /**
   * Turns the pending secret on with its recovery codes, recording `step` as used. False when the
   * pending secret is no longer `secret` (another setup ran meanwhile).
   */
  activate(staffId: string, activation: { secret: string; at: Date; step: number; recoveryCodeDigests: readonly string[] }): Promise<boolean>;
  /** Records a TOTP step as used; false when it (or a later one) already was: a replay. Atomic. */
  useStep(staffId: string, step: number): Promise<boolean>;
  /** Spends an unused recovery code; false when there is none with this digest. Atomic. */
  useRecoveryCode(staffId: string, digest: string, at: Date): Promise<boolean>;
  /** Voids every recovery code and stores these instead. */
  replaceRecoveryCodes(staffId: string, digests: readonly string[]): Promise<void>;
  /** Removes the secret, pending secret and recovery codes; the grace period begins again at `graceFrom`. */
  disable(staffId: string, graceFrom: Date): Promise<void>;
  /** Sets or clears a clinic's requirement; an existing `since` is kept. False when the clinic does not exist. */
  setClinicRequirement(clinicId: string, since: Date | null): Promise<boolean>;
  /** The clinic's requirement: the time it began, or null; undefined when the clinic does not exist. */
  clinicRequirement(clinicId: string): Promise<Date | null | undefined>;
}
