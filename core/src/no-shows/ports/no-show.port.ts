import type { ManualRestriction, NoShow } from '../domain/booking-restriction';

/** No-shows and the online-booking restriction of members and guests' 仮会員. */
export interface NoShowRecordPort {
  /**
   * The person's NOT_VISITED reservations starting at or after `sinceMs`, newest first, each with
   * the time it was recorded as a no-show (the same clock as `setManual`'s).
   */
  noShows(userId: string, sinceMs: number): Promise<NoShow[]>;
  /** What staff set by hand, or null (nothing set, or no such person). */
  manual(userId: string): Promise<ManualRestriction | null>;
  /**
   * Records a restriction set (true) or lifted (false) by staff, now by the clock that records
   * no-shows (so "a no-show recorded after the lift" compares like with like); false when the
   * person does not exist.
   */
  setManual(userId: string, restricted: boolean, reason: string, staffId: string): Promise<boolean>;
  /**
   * The clinic's members (仮会員 and FULL) with this phone, compared by `phoneKey` whatever the
   * spelling (issue 26): a guest matching a restricted person by phone is restricted, whatever name
   * is typed, and a restricted member cannot book as a guest under their own phone.
   */
  membersByPhone(clinicId: string, phone: string): Promise<string[]>;
}
