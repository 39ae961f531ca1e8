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
  check(clinic: NoShowClinic, person: Person): Promise<Result<void, 'ONLINE_BOOKING_RESTRICTED'>> {
    return checkRestriction(this.records, clinic, person, this.clock.now().toMillis());
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
    if (!(await this.records.setManual(userId, restricted, reason.trim(), staffId))) return fail('USER_NOT_FOUND');
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
}

const restrictionOf = async (records: NoShowRecordPort, userId: string, settings: NoShowSettings, nowMs: number): Promise<BookingRestriction> => {
  if (settings.noShowLimit === null) return bookingRestriction(settings, [], await records.manual(userId));
  // One after the other: `records` may be bound to a transaction, which takes one statement at a time.
  const noShows = await records.noShows(userId, noShowWindowStartMs(settings, nowMs));
  return bookingRestriction(settings, noShows, await records.manual(userId));
};

/**
 * The restriction of a person at a clinic: a member's own; a guest's, that of every member of the
 * clinic with the guest's phone (by `phoneKey`, whatever name is typed). Used at booking and join
 * time and by the matcher before it offers a freed time (`records` then bound to its transaction).
 */
export const checkRestriction = async (
  records: NoShowRecordPort,
  clinic: NoShowClinic,
  person: Person,
  nowMs: number,
): Promise<Result<void, 'ONLINE_BOOKING_RESTRICTED'>> => {
  const userIds = 'userId' in person ? [person.userId] : await records.membersByPhone(person.guest.clinicId, person.guest.phone);
  for (const userId of userIds) {
    if ((await restrictionOf(records, userId, clinic, nowMs)).restricted) return fail('ONLINE_BOOKING_RESTRICTED', { detail: { phone: clinic.phone } });
  }
  return ok(undefined);
};
