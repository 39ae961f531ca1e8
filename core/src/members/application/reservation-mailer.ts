import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { MailPort } from '../../mail/ports/mail.port';
import type { ReservationView } from '../../reservations/domain/reservation.entity';
import type { ReservationNotifierPort } from '../../reservations/ports/reservation-notifier.port';
import { bookingConfirmationMail, cancellationMail, type VisitFacts } from '../domain/member-mails';
import { guestCancelUrl, type MemberLinks } from '../domain/member-token';
import type { MemberDirectoryPort } from '../ports/member-directory.port';

/**
 * Mails the member or guest (when they have an address) after a booking or a cancel. A failure to
 * send is reported to `onError` and never undoes the reservation.
 */
export class ReservationMailer implements ReservationNotifierPort {
  constructor(
    private readonly members: MemberRepositoryPort,
    private readonly directory: MemberDirectoryPort,
    private readonly mail: MailPort,
    private readonly links: MemberLinks,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async booked(reservation: ReservationView, cancelToken: string | null): Promise<void> {
    await this.safely(async () => {
      const visit = await this.facts(reservation);
      if (visit) await this.mail.send(bookingConfirmationMail(visit, cancelToken ? guestCancelUrl(this.links, cancelToken) : null));
    });
  }

  async cancelled(reservation: ReservationView): Promise<void> {
    await this.safely(async () => {
      const visit = await this.facts(reservation);
      if (visit) await this.mail.send(cancellationMail(visit));
    });
  }

  private async facts(reservation: ReservationView): Promise<VisitFacts | null> {
    // Both at once: a booking's answer waits for its mail to be queued.
    const [member, clinic] = await Promise.all([this.members.findById(reservation.userId), this.directory.clinicOf(reservation.clinicId)]);
    if (!member?.email) return null;
    return {
      email: member.email,
      name: member.name,
      clinicName: clinic?.name ?? '',
      clinicPhone: clinic?.phone ?? '',
      startsAt: new Date(reservation.startMs),
      endsAt: new Date(reservation.endMs),
      menuNames: reservation.menuNames,
    };
  }

  private async safely(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.onError(error);
    }
  }
}
