import type { OutboxWrite } from '../../messages/domain/message.entity';
import type { Actor } from '../../shared/actor';
import { fail, ok, type Result } from '../../shared/result';
import type { GuestDetails } from '../domain/guest-member';
import type { NewReservation, ReservationView } from '../domain/reservation.entity';
import type { ReservationTx } from '../ports/reservation-repository.port';
import { findOrCreateGuestMember } from './guest-member';
import { hasLiveBookingOfMenu } from './reservation-checks';

/** Who books online: a member, or a guest whose 仮会員 is found or made in the booking's transaction. */
export type OnlinePerson = { readonly userId: string } | { readonly guest: GuestDetails };

export type OnlineWriteError = 'ALREADY_RESERVED' | 'MEMBER_LOGIN_REQUIRED';

/**
 * The write of an online booking (a member's, a guest's, an accepted waitlist offer), inside the
 * caller's transaction (`ReservationRepositoryPort.inTransaction`), where the rules that need a
 * lock are decided:
 * - the person is locked: a member's row; a guest's clinic and phone, then their 仮会員, found or
 *   made by `findOrCreateGuestMember` (a FULL member's phone and name or e-mail: MEMBER_LOGIN_REQUIRED);
 * - "one live reservation per member and menu": a RESERVED one of a draft's menu that has not
 *   ended at `nowMs` refuses the booking (ALREADY_RESERVED). Under the lock, concurrent bookings
 *   of one person queue and each sees those committed before it (docs/reservations.md);
 * - the reservation is written with its messages and its change record (`reservation.create`)
 *   in one statement; the exclusion constraint refuses a time taken meanwhile
 *   (RESERVATION_CONFLICT, thrown).
 * A refusal is a failed Result, which rolls the transaction back (a reused 仮会員's language too).
 */
export async function writeOnlineBooking(
  tx: ReservationTx,
  draft: Omit<NewReservation, 'userId' | 'language'>,
  person: { readonly userId: string },
  actor: Actor,
  nowMs: number,
  outbox?: OutboxWrite,
): Promise<Result<ReservationView, 'ALREADY_RESERVED'>>;
export async function writeOnlineBooking(
  tx: ReservationTx,
  draft: Omit<NewReservation, 'userId' | 'language'>,
  person: OnlinePerson,
  actor: Actor,
  nowMs: number,
  outbox?: OutboxWrite,
): Promise<Result<ReservationView, OnlineWriteError>>;
export async function writeOnlineBooking(
  tx: ReservationTx,
  draft: Omit<NewReservation, 'userId' | 'language'>,
  person: OnlinePerson,
  actor: Actor,
  nowMs: number,
  outbox?: OutboxWrite,
): Promise<Result<ReservationView, OnlineWriteError>> {
  let member: Result<string, 'MEMBER_LOGIN_REQUIRED'>;
  if ('userId' in person) {
    await tx.lockMember(person.userId);
    member = ok(person.userId);
  } else {
    member = await findOrCreateGuestMember(tx.guestMembers, person.guest);
  }
  if (!member.ok) return member;
  const userId = member.value;
  for (const menuId of draft.menuIds) {
    if (await hasLiveBookingOfMenu(tx.reservations, userId, menuId, nowMs)) return fail('ALREADY_RESERVED');
  }
  // A guest booking keeps the language it was made in (docs/languages.md).
  const language = 'guest' in person ? (person.guest.language ?? null) : null;
  return ok(
    await tx.reservations.create({ ...draft, userId, ...(language ? { language } : {}) }, actor, 'RESERVATION_CONFLICT', {
      ...(outbox ? { outbox } : {}),
      recorded: true,
    }),
  );
}
