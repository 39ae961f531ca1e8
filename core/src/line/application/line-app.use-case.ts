import type { Member } from '../../accounts/domain/member.entity';
import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import { canLogIn } from '../../accounts/domain/member.entity';
import type { ReservationView } from '../../reservations/domain/reservation.entity';
import type { ManageReservationUseCase } from '../../reservations/application/manage-reservation.use-case';
import type { ClockPort } from '../../shared/clock.port';
import type { ErrorCode } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { LineLinkRepositoryPort } from '../ports/line-link-repository.port';
import type { LineAppReservationsPort, LineIdTokenVerifierPort } from '../ports/line-app.port';

/** What a cancel in the LINE app can answer (the clinic's deadline, another's reservation, a change meanwhile). */
export const LINE_APP_CANCEL_ERRORS = [
  'RESERVATION_NOT_FOUND',
  'CANCEL_DEADLINE_PASSED',
  'UPDATE_FAILED',
  'RESERVATION_CHANGED',
] as const satisfies readonly ErrorCode[];

/** Who opened the LINE app: the LINE user, and the member linked to them who may log in (else a LINE guest). */
export interface LineAppSession {
  readonly lineUserId: string;
  readonly member: Member | null;
}

/**
 * The LINE app (LIFF): who is there comes from an ID token LINE verified, never from the browser;
 * a member linked to that LINE user is that member, anyone else a LINE guest. "My bookings" are
 * the LINE user's live reservations; they cancel them under the clinic's deadlines.
 */
export class LineAppUseCase {
  constructor(
    private readonly verifier: LineIdTokenVerifierPort,
    private readonly links: Pick<LineLinkRepositoryPort, 'findMemberIdByLineUserId'>,
    private readonly members: Pick<MemberRepositoryPort, 'findById'>,
    private readonly reservations: LineAppReservationsPort,
    private readonly manage: Pick<ManageReservationUseCase, 'cancelIf'>,
    private readonly clock: ClockPort,
  ) {}

  async startSession(idToken: string): Promise<Result<LineAppSession, 'INVALID_TOKEN'>> {
    const verified = await this.verifier.verify(idToken);
    if (!verified) return fail('INVALID_TOKEN');
    const memberId = await this.links.findMemberIdByLineUserId(verified.lineUserId);
    const member = memberId ? await this.members.findById(memberId) : null;
    // A linked member who may not log in (not fully registered) books as a LINE guest.
    return ok({ lineUserId: verified.lineUserId, member: member && canLogIn(member) ? member : null });
  }

  list(lineUserId: string): Promise<ReservationView[]> {
    return this.reservations.listLive(lineUserId, this.clock.now().toMillis());
  }

  cancel(lineUserId: string, reservationId: string, actor: { type: 'user' | 'guest'; id: string | null }) {
    return this.manage.cancelIf(reservationId, (reservation) => this.owns(lineUserId, reservation.id), actor);
  }

  /** Whether the reservation is the LINE user's (booked in their LINE app, or their linked member's). */
  async owns(lineUserId: string, reservationId: string): Promise<boolean> {
    return (await this.reservations.ownersOf(reservationId)).includes(lineUserId);
  }
}
