import type { MemberToken, MemberTokenOutcome, MemberTokenPurpose, MemberTokenRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';

const asDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/** Member tokens in `user_tokens`, keyed by their SHA-256 hash; the token itself is never stored. */
export class KnexMemberTokenRepository implements MemberTokenRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async issue(token: MemberToken): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('user_tokens').where({ user_id: token.userId, purpose: token.purpose }).whereNull('used_at').update({ used_at: trx.fn.now() });
      await trx('user_tokens').insert({
        token_hash: token.tokenHash,
        user_id: token.userId,
        purpose: token.purpose,
        expires_at: token.expiresAt.toISOString(),
      });
    });
  }

  async peek(tokenHash: string, purpose: MemberTokenPurpose, now: Date): Promise<MemberTokenOutcome> {
    const row = await this.knex('user_tokens').where({ token_hash: tokenHash, purpose }).whereNull('used_at').first('user_id', 'expires_at');
    if (!row) return 'INVALID_TOKEN';
    const expiresAt = asDate(row.expires_at);
    return expiresAt > now ? { userId: String(row.user_id), expiresAt } : 'TOKEN_EXPIRED';
  }

  async redeem(tokenHash: string, purpose: MemberTokenPurpose, now: Date, passwordHash: string): Promise<MemberTokenOutcome> {
    return this.knex.transaction(async (trx) => {
      // One conditional update decides: of two concurrent redemptions only one finds the row unused.
      const used: { user_id: string; expires_at: string | Date }[] = await trx('user_tokens')
        .update({ used_at: now.toISOString() })
        .where({ token_hash: tokenHash, purpose })
        .whereNull('used_at')
        .where('expires_at', '>', now.toISOString())
        .returning(['user_id', 'expires_at']);
      const row = used[0];
      if (!row) {
        const unused = await trx('user_tokens').where({ token_hash: tokenHash, purpose }).whereNull('used_at').first('expires_at');
        return unused ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN';
      }
      const userId = String(row.user_id);
      await trx('users').where('id', userId).update({ password_hash: passwordHash, updated_at: trx.fn.now() });
      await trx('user_tokens').where('user_id', userId).whereNull('used_at').update({ used_at: now.toISOString() });
      return { userId, expiresAt: asDate(row.expires_at) };
    });
  }
}
