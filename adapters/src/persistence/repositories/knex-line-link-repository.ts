import type { LineLinkOutcome, LineLinkRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';
import { sqlState, translateDbError } from '../pg-errors';

/** LINE links live in `users.line_user_id` (unique): the index decides a race between two members. */
export class KnexLineLinkRepository implements LineLinkRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async findMemberIdByLineUserId(lineUserId: string): Promise<string | null> {
    const row = await this.knex('users').where('line_user_id', lineUserId).first('id');
    return row ? String(row.id) : null;
  }

  async link(memberId: string, lineUserId: string): Promise<LineLinkOutcome> {
    if (!/^\d{1,18}$/.test(memberId)) return 'member-not-found';
    try {
      const owner = await this.findMemberIdByLineUserId(lineUserId);
      if (owner !== null && owner !== memberId) return 'taken';
      const updated = await this.knex('users').where('id', memberId).update({ line_user_id: lineUserId, updated_at: this.knex.fn.now() });
      return updated === 0 ? 'member-not-found' : 'linked';
    } catch (error) {
      if (sqlState(error) === '23505') return 'taken';
      return translateDbError(error, {});
    }
  }
}
