import type { ManualRestriction } from '../domain/booking-restriction';

/** No-shows and the online-booking restriction of members and guests' 仮会員. */
export interface NoShowRecordPort {
  /** Starts of the person's NOT_VISITED reservations at or after `sinceMs`, newest first. */
  noShows(userId: string, sinceMs: number): Promise<number[]>;
  /** What staff set by hand, or null (nothing set, or no such person). */
  manual(userId: string): Promise<ManualRestriction | null>;
  /** Records a restriction set (true) or lifted (false) by staff; false when the person does not exist. */
  setManual(userId: string, restricted: boolean, reason: string, staffId: string, atMs: number): Promise<boolean>;
  /**
   * The clinic's members (仮会員 and FULL) with this phone, compared by `phoneKey` whatever the
   * spelling (issue 26): a guest matching a restricted person by phone is restricted, whatever name
   * is typed, and a restricted member cannot book as a guest under their own phone.
   */
  membersByPhone(clinicId: string, phone: string): Promise<string[]>;
}
