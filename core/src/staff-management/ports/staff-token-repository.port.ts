import type { StaffToken } from '../domain/staff-token';

export type RedeemOutcome = { readonly staffId: string } | 'INVALID_TOKEN' | 'TOKEN_EXPIRED';

/** Stored (hashed) single-use tokens of staff members. */
export interface StaffTokenRepositoryPort {
  /** Stores a token; the staff member's earlier unused tokens of the same purpose die. */
  issue(token: StaffToken): Promise<void>;
  /**
   * In one step: uses the token, sets the password of its live staff member and revokes their
   * other unused tokens. An unknown, used or revoked token (or a deleted staff member) is
   * INVALID_TOKEN; an unused one past its expiry TOKEN_EXPIRED. Two concurrent calls never both win.
   */
  redeem(tokenHash: string, now: Date, passwordHash: string): Promise<RedeemOutcome>;
}
