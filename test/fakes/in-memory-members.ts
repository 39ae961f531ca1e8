import type {
  MemberDirectoryPort,
  MemberListing,
  MemberPage,
  MemberToken,
  MemberTokenOutcome,
  MemberTokenPurpose,
  MemberTokenRepositoryPort,
} from '@clinic/core';
import type { InMemoryClinicRepository, InMemoryMemberRepository } from './in-memory-repositories';
import type { InMemoryTagRepository } from './in-memory-settings';

/**
 * The member directory's writes and lookups in memory, over the clinic and tag fakes as the Knex
 * directory joins `clinics` and `tags`: which clinics and tags exist, and each member's tags
 * (`user_tags`). Its listings (search with filters and paging, byIds with last visits) are read
 * models not faked here: a test of them builds its own (member-queries.use-case.test.ts).
 */
export class InMemoryMemberDirectory implements MemberDirectoryPort {
  private readonly tags = new Map<string, readonly string[]>();

  constructor(
    private readonly world: { readonly clinics: InMemoryClinicRepository; readonly tags: InMemoryTagRepository; readonly members: InMemoryMemberRepository },
  ) {}

  async search(): Promise<MemberPage> {
    throw new Error('InMemoryMemberDirectory does not fake the member search');
  }

  async byIds(): Promise<MemberListing[]> {
    throw new Error('InMemoryMemberDirectory does not fake the member listings');
  }

  async clinicExists(clinicId: string): Promise<boolean> {
    return (await this.world.clinics.findById(clinicId)) !== null;
  }

  async unknownTagIds(tagIds: readonly string[]): Promise<string[]> {
    const known = new Set((await this.world.tags.list()).map((tag) => tag.id));
    return tagIds.filter((id) => !known.has(id));
  }

  /** Refused, with the member's tags kept, for a member or tag that does not exist (the foreign keys of `user_tags`); a tag twice is stored once. */
  async setTags(userId: string, tagIds: readonly string[]): Promise<void> {
    if (!(await this.world.members.findById(userId))) throw new Error('insert on user_tags violates foreign key constraint "user_tags_user_id_fkey"');
    if ((await this.unknownTagIds(tagIds)).length > 0) throw new Error('insert on user_tags violates foreign key constraint "user_tags_tag_id_fkey"');
    this.tags.set(userId, [...new Set(tagIds)]);
  }

  async tagsOf(userId: string): Promise<Array<{ id: string; name: string; displayOrder: number }>> {
    const ids = new Set(this.tags.get(userId) ?? []);
    return (await this.world.tags.list()).filter((tag) => ids.has(tag.id));
  }

  async clinicOf(clinicId: string): Promise<{ id: string; name: string; phone: string } | null> {
    const clinic = await this.world.clinics.findById(clinicId);
    return clinic ? { id: clinic.id, name: clinic.name, phone: clinic.phone } : null;
  }
}

interface StoredToken extends MemberToken {
  readonly usedAt: Date | null;
}

/**
 * The members' single-use password tokens (`user_tokens`) as KnexMemberTokenRepository keeps them:
 * a new token ends the member's unused ones of its purpose; a redemption is one conditional write
 * that sets the member's password and ends every unused token of the member.
 */
export class InMemoryMemberTokens implements MemberTokenRepositoryPort {
  private readonly rows = new Map<string, StoredToken>();

  constructor(private readonly members: InMemoryMemberRepository) {}

  async issue(token: MemberToken): Promise<void> {
    // As the table refuses them (the primary key, the foreign key to users), before anything is ended.
    if (this.rows.has(token.tokenHash)) throw new Error('duplicate key value violates unique constraint "user_tokens_pkey"');
    if (!(await this.members.findById(token.userId))) throw new Error('insert on user_tokens violates foreign key constraint "user_tokens_user_id_fkey"');
    this.end((row) => row.userId === token.userId && row.purpose === token.purpose, new Date());
    this.rows.set(token.tokenHash, { ...token, usedAt: null });
  }

  async peek(tokenHash: string, purpose: MemberTokenPurpose, now: Date): Promise<MemberTokenOutcome> {
    const row = this.unused(tokenHash, purpose);
    if (!row) return 'INVALID_TOKEN';
    return row.expiresAt > now ? { userId: row.userId, expiresAt: row.expiresAt } : 'TOKEN_EXPIRED';
  }

  async redeem(tokenHash: string, purpose: MemberTokenPurpose, now: Date, passwordHash: string): Promise<MemberTokenOutcome> {
    const row = this.unused(tokenHash, purpose);
    if (!row) return 'INVALID_TOKEN';
    if (!(row.expiresAt > now)) return 'TOKEN_EXPIRED';
    // Used before anything is awaited, as the one conditional update decides: a concurrent redemption finds it used.
    this.end((other) => other.userId === row.userId, now);
    await this.members.update(row.userId, { passwordHash });
    return { userId: row.userId, expiresAt: row.expiresAt };
  }

  private unused(tokenHash: string, purpose: MemberTokenPurpose): StoredToken | null {
    const row = this.rows.get(tokenHash);
    return row && row.purpose === purpose && row.usedAt === null ? row : null;
  }

  private end(match: (row: StoredToken) => boolean, at: Date): void {
    for (const [hash, row] of this.rows) if (row.usedAt === null && match(row)) this.rows.set(hash, { ...row, usedAt: at });
  }
}
