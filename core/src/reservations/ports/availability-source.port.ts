import type { ReminderRule } from '../../messages/domain/reminder-rules';
import type { EngineBusy, EngineBusyDay, EngineSchedule, EngineTask } from '../domain/availability-engine';
import type { ClinicCalendar } from '../domain/booking-calendar';

export interface BookingClinic extends ClinicCalendar {
  readonly id: string;
  readonly name: string;
  readonly phone: string;
  readonly webBookingEnabled: boolean;
  readonly minLeadMinutes: number;
  readonly updateDeadlineHours: number;
  readonly cancelDeadlineHours: number;
  /** When reminders go out (clinic settings). */
  readonly reminderRules: readonly ReminderRule[];
  /** How long a waitlist offer holds its time (minutes). */
  readonly waitlistHoldMinutes: number;
  /** No-shows in `noShowWindowDays` that restrict online booking (null: no limit). */
  readonly noShowLimit: number | null;
  readonly noShowWindowDays: number;
}

export interface BookingMenuTask extends EngineTask {
  readonly id: string;
  readonly label: string;
}

export interface BookingMenu {
  readonly id: string;
  readonly clinicId: string;
  readonly categoryId: string;
  readonly name: string;
  readonly kind: 'NEW' | 'CONTRACT' | 'INSURANCE';
  readonly enabled: boolean;
  readonly webBookable: boolean;
  readonly tasks: readonly BookingMenuTask[];
}

/** The clinic, the menu and who and what may serve it in a time range: all of availability but the busy time. */
export interface AvailabilitySetting {
  readonly clinic: BookingClinic;
  /** The menu asked for, when one was (null when it does not exist at that clinic). */
  readonly menu: BookingMenu | null;
  /** Staff who perform the menu (or every staff member of the clinic without a menu), by priority. */
  readonly staffIds: readonly string[];
  /** Enabled, not deleted rooms and machines of the clinic. */
  readonly roomIds: readonly string[];
  readonly machineIds: readonly string[];
  readonly schedules: readonly EngineSchedule[];
}

/** Everything availability needs for one clinic and time range, read in a few queries. */
export interface AvailabilityContext extends AvailabilitySetting {
  /** Live allocations (reservations, blocks, waitlist offers) overlapping the range, to the millisecond. */
  readonly busy: readonly EngineBusy[];
}

/**
 * What a search needs: the same, with the busy time as busy quarter-hours per resource and day
 * (the engine's own rule: busy time blocks any quarter-hour it touches). Not for checking a time
 * given by hand, which needs the holds themselves.
 */
export interface SearchContext extends AvailabilitySetting {
  /** For each day of the range, the resources of the menu with a live hold that day. */
  readonly busyDays: readonly EngineBusyDay[];
}

export interface AvailabilitySourcePort {
  /** The clinic's booking settings (hours, breaks, holidays from today, deadlines), or null. */
  clinic(clinicId: string): Promise<BookingClinic | null>;

  /**
   * Null when the clinic does not exist. `excludeReservationId` leaves that reservation's own
   * allocations out, for changing it.
   */
  load(
    clinicId: string,
    menuId: string | null,
    fromMs: number,
    toMs: number,
    options?: { readonly excludeReservationId?: string },
  ): Promise<AvailabilityContext | null>;

  /**
   * The same for a search of whole days (`fromMs`, `toMs`: local midnights), with the busy time
   * as quarter-hours per resource and day: about a sixth of the rows of the holds for a month.
   * Its schedules may include those of staff who do not perform the menu (one copy of a clinic's
   * schedules serves every menu): the engine passes over any staff member not in `staffIds`.
   */
  loadForSearch(clinicId: string, menuId: string | null, fromMs: number, toMs: number): Promise<SearchContext | null>;
}
