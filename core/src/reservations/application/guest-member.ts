import { fail, ok, type Result } from '../../shared/result';
import { decideGuestMember, normaliseGuest, type GuestDetails } from '../domain/guest-member';
import type { GuestMembersPort } from '../ports/guest-members.port';

/**
 * The 仮会員 a guest booking is written for (`decideGuestMember`), under the guest's lock. Run by
 * `writeOnlineBooking` inside the booking's transaction, with `members` bound to it: two
 * bookings of one guest at once find or make the same 仮会員, and a refused booking writes nothing.
 */
export const findOrCreateGuestMember = async (members: GuestMembersPort, details: GuestDetails): Promise<Result<string, 'MEMBER_LOGIN_REQUIRED'>> => {
  const guest = normaliseGuest(details);
  await members.lock(guest.clinicId, guest.phone);
  const decision = decideGuestMember(guest, await members.lookup(guest));
  switch (decision.kind) {
    case 'reject':
      return fail('MEMBER_LOGIN_REQUIRED');
    case 'reuse':
      await members.reuse(decision.id, decision.language);
      return ok(decision.id);
    case 'create':
      return ok(await members.create(decision.record));
  }
};
