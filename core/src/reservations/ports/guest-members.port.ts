import type { Language } from '../../shared/language';
import type { GuestLookup, NormalisedGuest, TemporaryMemberRecord } from '../domain/guest-member';

/**
 * The members a guest booking reads and writes, bound to the booking's transaction (the
 * reservation repository makes one per transaction): `findOrCreateGuestMember` runs the rule of
 * `domain/guest-member.ts` through it, so the 仮会員 is found or made atomically with the booking.
 */
export interface GuestMembersPort {
  /** Held until the transaction ends: bookings of one guest (clinic and normalised phone) queue here. */
  lock(clinicId: string, phone: string): Promise<void>;
  /** What the rule needs to know, compared as `NormalisedGuest` says (names and phones normalised, e-mails without case). */
  lookup(guest: NormalisedGuest): Promise<GuestLookup>;
  /** The 仮会員 will hold the booking: its row is locked until the transaction ends, and `language`, when given, set. */
  reuse(id: string, language: Language | null): Promise<void>;
  /** Writes the new 仮会員; its id. */
  create(record: TemporaryMemberRecord): Promise<string>;
}
