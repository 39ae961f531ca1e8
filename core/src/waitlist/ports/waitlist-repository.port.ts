import type { NewMessage, Recipient } from '../../messages/domain/message.entity';
import type { ReservationTask } from '../../reservations/domain/reservation.entity';
import type { AvailabilitySourcePort } from '../../reservations/ports/availability-source.port';
import type { ReservationTx } from '../../reservations/ports/reservation-repository.port';
import type { NewWaitlistEntry, WaitlistEntry, WaitlistGuest, WaitlistStatus } from '../domain/waitlist.entity';
import type { NoShowRecordPort } from '../../no-shows/ports/no-show.port';

export interface NewOffer {
  readonly startMs: number;
  readonly endMs: number;
  readonly tasks: readonly ReservationTask[];
  readonly holdFromMs: number;
  readonly expiresAtMs: number;
  /** Staff who offered it by hand (null: offered by itself). */
  readonly staffId: string | null;
}

/** An offer's hold as the staff calendar shows it. */
export interface HeldOffer {
  readonly entryId: string;
  readonly name: string;
  readonly menuName: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly expiresAtMs: number;
  readonly tasks: readonly ReservationTask[];
}

/** An open offer whose time ran out, locked for its expiry. */
export interface DueOffer {
  readonly offerId: string;
  readonly entryId: string;
  readonly clinicId: string;
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * The waitlist inside one database transaction: what a matching run, an accept or an expiry
 * reads and writes, all committed (or rolled back) together with the change that caused it.
 */
export interface WaitlistTx {
  /** Availability as this transaction sees it (its own changes included). */
  readonly availability: AvailabilitySourcePort;
  /** Reservations read and written in this transaction (an accepted offer's booking, `writeOnlineBooking`). */
  readonly booking: ReservationTx;
  /** Where a member is reached, read in this transaction (null: no such member). */
  recipient(userId: string): Promise<Recipient | null>;
  /** Offers of a clinic are decided one run at a time: a lock held until the transaction ends. */
  lockClinic(clinicId: string): Promise<void>;
  /**
   * WAITING entries of the clinic whose days reach into [fromDay, toDay], oldest first. With
   * `within` (freed time inside one day, minutes of the clinic's day), only those whose times can
   * meet it: no times, or a range whose starts, with the menu's length, reach into
   * [fromMinute, toMinute). Chosen in SQL, before anything is loaded for them (issue 26).
   */
  waiting(clinicId: string, fromDay: string, toDay: string, within?: { readonly fromMinute: number; readonly toMinute: number }): Promise<WaitlistEntry[]>;
  /** No-shows and restrictions as this transaction sees them. */
  readonly noShows: NoShowRecordPort;
  /** Whether a guest's details name a FULL member (phone and name at the clinic, or the e-mail anywhere): they must log in. */
  memberLoginRequired(clinicId: string, guest: WaitlistGuest): Promise<boolean>;
  /** The entry, its row locked until the transaction ends; null when it does not exist. */
  lock(entryId: string): Promise<WaitlistEntry | null>;
  /**
   * Holds the offer's resources (the exclusion constraint of reservations and blocks) and marks a
   * still WAITING entry OFFERED, with its message. False, with nothing written, when a resource
   * was taken meanwhile or the entry is no longer waiting.
   */
  hold(entry: WaitlistEntry, offer: NewOffer, message: NewMessage | null): Promise<boolean>;
  /** Ends the entry's open offer (its hold released). */
  endOffer(entryId: string, status: 'ACCEPTED' | 'DECLINED' | 'EXPIRED' | 'WITHDRAWN'): Promise<void>;
  setStatus(entryId: string, status: WaitlistStatus, reservationId?: string | null): Promise<void>;
  /** Open offers whose `expiresAt` is at or before `nowMs`, locked (others' skipped). */
  dueOffers(nowMs: number, limit: number): Promise<DueOffer[]>;
}

export interface WaitlistRepositoryPort {
  /**
   * Runs `work` in one transaction; again, if the database ended it to break a deadlock (so `work`
   * is database work only, which the rollback undoes). A failed `Result` answered by `work` rolls
   * it back, as `ReservationRepositoryPort.inTransaction` does.
   */
  inTransaction<T>(work: (tx: WaitlistTx) => Promise<T>): Promise<T>;
  /**
   * Writes a new entry (and, for a guest, its registration message) in one transaction, under a
   * lock of the person (`waitlistPersonKey`) and of the client address. Storage facts, which the use
   * case turns into its answers: `open` when the person already has an open entry of the clinic
   * and menu (a unique index, so racing joins write one), `capped` when they already hold
   * `limits.perPerson` open entries, or the address (a guest's) `limits.perAddress`.
   */
  join(
    entry: NewWaitlistEntry,
    message: NewMessage | null,
    limits: { readonly perPerson: number; readonly perAddress: number },
  ): Promise<{ readonly written: WaitlistEntry } | { readonly refused: 'open' | 'capped' }>;
  findById(id: string): Promise<WaitlistEntry | null>;
  findByTokenHash(hash: string): Promise<WaitlistEntry | null>;
  listForMember(userId: string): Promise<WaitlistEntry[]>;
  /** A clinic's entries: with `day`, those whose days include it, else every open one; newest last. */
  listForClinic(clinicId: string, day: string | null): Promise<WaitlistEntry[]>;
  /** Open offers of a clinic whose time touches [fromMs, toMs): the calendar's held blocks. */
  heldOffers(clinicId: string, fromMs: number, toMs: number): Promise<HeldOffer[]>;
  /** Whether a guest's details name a FULL member (phone and name at the clinic, or the e-mail anywhere): they must log in. */
  memberLoginRequired(clinicId: string, guest: WaitlistGuest): Promise<boolean>;
  /** Whether the member (or guest phone) already waits (WAITING or OFFERED) for the menu. */
  hasOpenEntry(clinicId: string, menuId: string, who: { userId: string } | { phone: string; name: string }): Promise<boolean>;
}
