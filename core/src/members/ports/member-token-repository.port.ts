import type { MemberToken, MemberTokenPurpose } from '../domain/member-token';

export type MemberTokenOutcome = { readonly userId: string; readonly expiresAt: Date } | 'INVALID_TOKEN' | 'TOKEN_EXPIRED';

/** Stored (hashed) single-use tokens of members (`user_tokens`). */
export interface MemberTokenRepositoryPort {
  /** Stores a token; the member's earlier unused tokens of the same purpose die. */
  issue(token: MemberToken): Promise<void>;
  /** What an unused token of that purpose is for, without using it. */
  peek(tokenHash: string, purpose: MemberTokenPurpose, now: Date): Promise<MemberTokenOutcome>;
  /**
   * In one transaction: uses the token, sets the member's password and revokes their other unused
   * tokens. Unknown, used, revoked or of another purpose → INVALID_TOKEN; unused but past its expiry
   * → TOKEN_EXPIRED. Two concurrent calls never both win.
   */
  redeem(tokenHash: string, purpose: MemberTokenPurpose, now: Date, passwordHash: string): Promise<MemberTokenOutcome>;
}
