import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import { bookingRestriction, noShowWindowStartMs, type BookingRestriction, type NoShowSettings } from '../domain/booking-restriction';
import type { NoShowRecordPort } from '../ports/no-show.port';

/** A clinic's no-show settings and the phone a restricted person is told to call. */
export interface NoShowClinic extends NoShowSettings {
  readonly phone: string;
}

/** The clinic's settings (the reservations' availability source answers it). */
export interface NoShowClinicsPort {
  clinic(clinicId: string): Promise<NoShowClinic | null>;
}

export type Person = { readonly userId: string } | { readonly guest: { readonly clinicId: string; readonly phone: string; readonly name: string } };

/**
 * The no-show policy, used by reservations and the waitlist alike (a module of its own, so that
 * neither imports the other for it): a person with the clinic's `noShowLimit` no-shows in its window may not book
 * or join the waitlist online (ONLINE_BOOKING_RESTRICTED, with the clinic's phone); staff see the
 * count and the restriction and may set or lift it, audited.
 */
export class BookingRestrictions {
  constructor(
    private readonly records: NoShowRecordPort,
    private readonly source: NoShowClinicsPort,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
  ) {}

  /** Whether the person may book online at this clinic. */
  async check(clinic: NoShowClinic, person: Person): Promise<Result<void, 'ONLINE_BOOKING_RESTRICTED'>> {
    const userId = 'userId' in person ? person.userId : await this.records.guestMember(person.guest.clinicId, person.guest.phone, person.guest.name);
    if (!userId) return ok(undefined);
    const restriction = await this.restrictionOf(userId, clinic);
    return restriction.restricted ? fail('ONLINE_BOOKING_RESTRICTED', { detail: { phone: clinic.phone } }) : ok(undefined);
  }

  /** What staff see in the member panel, judged by the member's clinic's settings. */
  async forStaff(userId: string, clinicId: string | null): Promise<{ noShowCount: number; bookingRestriction: BookingRestriction }> {
    const clinic = clinicId ? await this.source.clinic(clinicId) : null;
    const settings: NoShowSettings = clinic ?? { noShowLimit: null, noShowWindowDays: 180 };
    const nowMs = this.clock.now().toMillis();
    const [noShows, manual] = await Promise.all([this.records.noShows(userId, noShowWindowStartMs(settings, nowMs)), this.records.manual(userId)]);
    return { noShowCount: noShows.length, bookingRestriction: bookingRestriction(settings, noShows, manual) };
  }

  /** Staff set (true) or lift (false) the restriction with a reason; audited. */
  async set(staffId: string, userId: string, restricted: boolean, reason: string): Promise<Result<void, 'USER_NOT_FOUND'>> {
    const before = await this.records.manual(userId);
    const atMs = this.clock.now().toMillis();
    if (!(await this.records.setManual(userId, restricted, reason.trim(), staffId, atMs))) return fail('USER_NOT_FOUND');
    await this.audit.append({
      actorType: 'staff',
      actorId: staffId,
      action: restricted ? 'user.booking_restriction.set' : 'user.booking_restriction.lift',
      entity: 'user',
      entityId: userId,
      before: { restricted: before?.restricted ?? null, reason: before?.reason ?? '' },
      after: { restricted, reason: reason.trim() },
    });
    return ok(undefined);
  }

  private async restrictionOf(userId: string, settings: NoShowSettings): Promise<BookingRestriction> {
    if (settings.noShowLimit === null) {
      const manual = await this.records.manual(userId);
      return bookingRestriction(settings, [], manual);
    }
    const nowMs = this.clock.now().toMillis();
    const [noShows, manual] = await Promise.all([this.records.noShows(userId, noShowWindowStartMs(settings, nowMs)), this.records.manual(userId)]);
    return bookingRestriction(settings, noShows, manual);
  }
}
