import type { ManualRestriction } from '../domain/booking-restriction';

/** No-shows and the online-booking restriction of members and guests' 仮会員. */
export interface NoShowRecordPort {
  /** Starts of the person's NOT_VISITED reservations at or after `sinceMs`, newest first. */
  noShows(userId: string, sinceMs: number): Promise<number[]>;
  /** What staff set by hand, or null (nothing set, or no such person). */
  manual(userId: string): Promise<ManualRestriction | null>;
  /** Records a restriction set (true) or lifted (false) by staff; false when the person does not exist. */
  setManual(userId: string, restricted: boolean, reason: string, staffId: string, atMs: number): Promise<boolean>;
  /** The 仮会員 a guest booking with this phone and name would be attached to, else null. */
  guestMember(clinicId: string, phone: string, name: string): Promise<string | null>;
}
