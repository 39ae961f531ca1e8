import type { RedeemOutcome, StaffToken, StaffTokenRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';

/** Staff tokens in `staff_tokens`, keyed by their SHA-256 hash; the token itself is never stored. */
export class KnexStaffTokenRepository implements StaffTokenRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async issue(token: StaffToken): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('staff_tokens').where({ staff_id: token.staffId, purpose: token.purpose }).whereNull('used_at').update({ used_at: trx.fn.now() });
      await trx('staff_tokens').insert({
        token_hash: token.tokenHash,
        staff_id: token.staffId,
        purpose: token.purpose,
        expires_at: token.expiresAt.toISOString(),
      });
    });
  }

  async redeem(tokenHash: string, now: Date, passwordHash: string): Promise<RedeemOutcome> {
    return this.knex.transaction(async (trx) => {
      // One conditional update decides: of two concurrent redemptions only one finds the row unused.
      const used: { staff_id: string }[] = await trx('staff_tokens')
        .update({ used_at: now.toISOString() })
        .where('token_hash', tokenHash)
        .whereNull('used_at')
        .where('expires_at', '>', now.toISOString())
        .whereExists(trx('staffs').select(trx.raw('1')).whereRaw('staffs.id = staff_tokens.staff_id').whereNull('deleted_at'))
        .returning('staff_id');
      const staffId = used[0] ? String(used[0].staff_id) : null;
      if (staffId === null) {
        const row = await trx('staff_tokens')
          .join('staffs', 'staffs.id', 'staff_tokens.staff_id')
          .where('staff_tokens.token_hash', tokenHash)
          .whereNull('staff_tokens.used_at')
          .whereNull('staffs.deleted_at')
          .first('staff_tokens.expires_at');
        return row ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN';
      }
      await trx('staffs').where('id', staffId).update({ password_hash: passwordHash, updated_at: trx.fn.now() });
      await trx('staff_tokens').where('staff_id', staffId).whereNull('used_at').update({ used_at: now.toISOString() });
      return { staffId };
    });
  }
}
