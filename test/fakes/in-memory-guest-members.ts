import {
  nameKey,
  normaliseGuestPhone,
  type GuestLookup,
  type GuestMembersPort,
  type Language,
  type NormalisedGuest,
  type TemporaryMemberRecord,
} from '@clinic/core';
import type { InMemoryMemberRepository } from './in-memory-repositories';

/**
 * The members of a guest booking in memory, as KnexGuestMembers reads and writes the `users` table
 * in the booking's transaction: what it writes is undone (`rollback`) when that transaction rolls back.
 * One process and no awaits between the steps of a booking, so the lock has nothing to do.
 */
export class InMemoryGuestMembers implements GuestMembersPort {
  /** What undoes each write, in the order written. */
  private readonly undo: (() => Promise<void>)[] = [];

  constructor(private readonly members: InMemoryMemberRepository) {}

  /** The transaction rolled back: undoes what was written, last first. */
  async rollback(): Promise<void> {
    for (const step of this.undo.splice(0).reverse()) await step();
  }

  async lock(): Promise<void> {}

  async lookup(guest: NormalisedGuest): Promise<GuestLookup> {
    const all = this.members.all();
    const samePhoneAndName = all
      .filter(
        (member) => member.clinicId === guest.clinicId && normaliseGuestPhone(member.phone) === guest.phone && nameKey(member.name) === nameKey(guest.name),
      )
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((member) => ({ id: member.id, status: member.status }));
    const email = guest.email?.toLowerCase();
    const owner = email === undefined ? undefined : all.find((member) => member.email?.toLowerCase() === email);
    return { samePhoneAndName, emailOwner: owner?.status ?? null };
  }

  async reuse(id: string, language: Language | null): Promise<void> {
    const before = await this.members.findById(id);
    if (!language || !before) return;
    await this.members.update(id, { language });
    this.undo.push(async () => void (await this.members.update(id, { language: before.language })));
  }

  async create(record: TemporaryMemberRecord): Promise<string> {
    // users_email_unique: an e-mail another member took meanwhile is left off, as the insert's `on conflict` does.
    const taken = record.email !== null && this.members.all().some((member) => member.email?.toLowerCase() === record.email!.toLowerCase());
    const created = await this.members.create({
      userNumber: null,
      name: record.name,
      kana: record.kana,
      phone: record.phone,
      email: taken ? null : record.email,
      birthday: null,
      gender: null,
      clinicId: record.clinicId,
      status: record.status,
      passwordHash: null,
      lineUserId: null,
      introducerUserId: null,
      giftCount: 0,
      externalMemberId: null,
      notificationChannel: null,
      language: record.language,
    });
    this.undo.push(async () => this.members.remove(created.id));
    return created.id;
  }
}
