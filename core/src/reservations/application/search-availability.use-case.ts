import { fail, ok, type Result } from '../../shared/result';
import { dayStartMs } from '../../shared/period';
import type { ClockPort } from '../../shared/clock.port';
import type { ErrorCode } from '../../shared/errors';
import { AvailabilityEngine, type Slot } from '../domain/availability-engine';
import { bookingDays } from '../domain/booking-calendar';
import { SEARCH_DAYS, checkSearchWindow, horizonMs } from '../domain/booking-policy';
import type { AvailabilityContext, AvailabilitySetting, AvailabilitySourcePort } from '../ports/availability-source.port';
import type { ContractLedgerPort } from '../ports/contract-ledger.port';

export type Audience = 'member' | 'guest' | 'staff';

export interface SearchCommand {
  readonly audience: Audience;
  readonly clinicId: string;
  readonly menuId: string;
  readonly from: string;
  readonly to: string;
  /** The member searching, for contract menus. */
  readonly userId?: string;
}

/**
 * The codes of each outcome, as lists: the types are made from them and the HTTP routes list them
 * in their documented errors, so that the document says what the use case can answer.
 */
export const MENU_REJECTIONS = [
  'CLINIC_NOT_FOUND',
  'WEB_BOOKING_DISABLED',
  'MENU_NOT_FOUND',
  'MENU_NOT_ENABLED',
  'MENU_NOT_SUBSCRIBED',
  'CLINIC_SETTINGS_INADEQUATE',
] as const satisfies readonly ErrorCode[];
export type MenuRejection = (typeof MENU_REJECTIONS)[number];

export const SEARCH_ERRORS = [...MENU_REJECTIONS, 'SEARCH_PERIOD_TOO_LONG', 'VALIDATION_FAILED'] as const satisfies readonly ErrorCode[];
/** A staff search's answers, as the API documents them. */
export const STAFF_SEARCH_ERRORS = [
  'CLINIC_NOT_FOUND',
  'MENU_NOT_FOUND',
  'SEARCH_PERIOD_TOO_LONG',
  'TOO_FAR_AHEAD',
  'CLINIC_SETTINGS_INADEQUATE',
] as const satisfies readonly ErrorCode[];
export type SearchError = (typeof SEARCH_ERRORS)[number];

/**
 * Checks that a clinic and menu may be booked by this audience: the clinic takes web bookings
 * (online only), the menu exists there, is enabled (and web-bookable online), a contract menu is
 * subscribed by the member (guests never hold contracts), and the clinic has opening hours.
 */
export const checkBookable = async <C extends AvailabilitySetting = AvailabilityContext>(
  context: C | null,
  audience: Audience,
  ledger: ContractLedgerPort,
  userId: string | undefined,
  today: string,
): Promise<Result<C & { menu: NonNullable<AvailabilitySetting['menu']> }, MenuRejection>> => {
  if (!context) return fail('CLINIC_NOT_FOUND');
  const online = audience !== 'staff';
  if (online && !context.clinic.webBookingEnabled) return fail('WEB_BOOKING_DISABLED', { detail: { phone: context.clinic.phone } });
  const { menu } = context;
  if (!menu) return fail('MENU_NOT_FOUND');
  if (!menu.enabled || (online && !menu.webBookable)) return fail('MENU_NOT_ENABLED');
  if (online && menu.kind === 'CONTRACT') {
    if (audience === 'guest' || !userId || !(await ledger.hasRemainingSessions(userId, menu.id, today))) return fail('MENU_NOT_SUBSCRIBED');
  }
  if (context.clinic.openingHours.length === 0) return fail('CLINIC_SETTINGS_INADEQUATE');
  return ok({ ...context, menu });
};

/** Free start times of a menu: 30 days ahead online, 90 days for staff, from today. */
export class SearchAvailabilityUseCase {
  constructor(
    private readonly source: AvailabilitySourcePort,
    private readonly ledger: ContractLedgerPort,
    private readonly clock: ClockPort,
  ) {}

  async execute(command: SearchCommand): Promise<Result<Slot[], SearchError>> {
    const now = this.clock.now();
    const nowMs = now.toMillis();
    const zone = now.zoneName ?? 'Asia/Tokyo';
    const window = checkSearchWindow(zone, nowMs, command.from, command.to, command.audience === 'staff' ? SEARCH_DAYS.staff : SEARCH_DAYS.online);
    if (!window.ok) return window;
    const fromMs = dayStartMs(zone, command.from);
    const toMs = dayStartMs(zone, command.to, 1);
    const context = await this.source.loadForSearch(command.clinicId, command.menuId, fromMs, toMs);
    const bookable = await checkBookable(context, command.audience, this.ledger, command.userId, now.toISODate()!);
    if (!bookable.ok) return bookable;
    const { clinic, menu } = bookable.value;
    const engine = new AvailabilityEngine({
      days: bookingDays(clinic, command.from, command.to),
      tasks: menu.tasks,
      menuCategoryId: menu.categoryId,
      staffIds: bookable.value.staffIds,
      roomIds: bookable.value.roomIds,
      machineIds: bookable.value.machineIds,
      schedules: bookable.value.schedules,
      busy: [],
      busyDays: bookable.value.busyDays,
      earliestStartMs: command.audience === 'staff' ? nowMs : nowMs + clinic.minLeadMinutes * 60_000,
      latestStartMs: horizonMs(clinic.zone, nowMs),
    });
    return ok(engine.search());
  }
}
