import { confirmable, holdsMenu, type Reservation, type ReservationView } from '../domain/reservation.entity';
import type { ReservationRepositoryPort } from '../ports/reservation-repository.port';

/**
 * Rules over stored reservations, decided here (the repositories only store and read): the same
 * code for the Knex repository and the in-memory fake, held equal by test/contracts.
 */

/** Whether the member holds a live reservation of the menu at `nowMs` (other than `exceptId`): `holdsMenu`. */
export const hasLiveBookingOfMenu = async (
  reservations: Pick<ReservationRepositoryPort, 'menuBookingsOf'>,
  userId: string,
  menuId: string,
  nowMs: number,
  exceptId?: string,
): Promise<boolean> => holdsMenu(await reservations.menuBookingsOf(userId, menuId), nowMs, exceptId);

/**
 * Confirms the visit of `reservation` as read at `atMs`, when it is `confirmable` then (RESERVED,
 * not started). The repository writes it only on that version, so a cancel or a move that landed
 * in between wins (null); a confirmation already there is kept (`first` false).
 */
export const confirmVisit = async (
  reservations: Pick<ReservationRepositoryPort, 'confirm'>,
  reservation: Pick<Reservation, 'id' | 'status' | 'startMs' | 'version'>,
  atMs: number,
): Promise<{ reservation: ReservationView; first: boolean } | null> =>
  confirmable(reservation, atMs) ? reservations.confirm(reservation.id, atMs, reservation.version) : null;
