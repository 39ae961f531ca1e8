/**
 * The steps of a booking as one reducer, shared by the guest page (a wizard: menu → time →
 * details → confirm, a "next" button between steps) and the member page (one page that opens
 * each step as the one before is chosen, no details step; a change of time has no menu step).
 * The refusals of the server move the flow as `booking-errors.ts` decides. No React, no fetch.
 */
import type { Slot } from './booking-time';

/** Every step there is, in order; a page has some of them. */
export const BOOKING_STEPS = ['menu', 'time', 'details', 'confirm'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** What the page shows of a refused booking. */
export interface BookingRefusal {
  text: string;
  /** The way to the member login (a guest typed a member's phone or e-mail). */
  memberLogin: boolean;
  /** The clinic's phone: a deadline has passed and only the clinic can help. */
  callClinic: boolean;
}

/** A refused or failed booking, as the error policy (`bookingFailure`) puts it. */
export interface BookingFailure {
  backTo: BookingStep | null;
  /** What the page says; empty when there is nothing to say here (the app goes to the login). */
  text: string;
  memberLogin: boolean;
  callClinic: boolean;
  /** The server answered: the next attempt is a new request; a lost answer keeps the key. */
  answered: boolean;
}

export interface BookingState {
  /** The steps of this page, in order. */
  steps: readonly BookingStep[];
  /** Each choice opens the next step by itself (member); otherwise a "next" button does (guest). */
  advance: boolean;
  step: BookingStep;
  clinicId: string | null;
  menuId: string | null;
  day: string | null;
  slot: Slot | null;
  /** Raised each time the free times must be searched again. */
  search: number;
  pending: boolean;
  refusal: BookingRefusal | null;
  /**
   * The Idempotency-Key of the booking last sent: a retry after a lost answer sends it again (the
   * server answers the first result instead of booking twice); any answer, or another choice,
   * drops it and the next booking is a new request.
   */
  key: string | null;
}

export type BookingAction =
  | { type: 'start'; steps: readonly BookingStep[]; start?: BookingStart }
  | { type: 'clinic'; clinicId: string; menuId: string | null }
  | { type: 'menu'; menuId: string | null }
  | { type: 'day'; day: string | null }
  | { type: 'slot'; slot: Slot | null }
  | { type: 'step'; step: BookingStep }
  | { type: 'search' }
  | { type: 'send'; key: string }
  | { type: 'refused'; failure: BookingFailure };

export interface BookingStart {
  advance?: boolean;
  clinicId?: string | null;
  /** A menu chosen from the start (a booking link, a reservation whose time changes). */
  menuId?: string | null;
}

const order = (step: BookingStep): number => BOOKING_STEPS.indexOf(step);

/** The first step the page has at `step` or after it. */
const stepAtOrAfter = (steps: readonly BookingStep[], step: BookingStep): BookingStep | undefined => steps.find((s) => order(s) >= order(step));

export function startBooking(steps: readonly BookingStep[], { advance = false, clinicId = null, menuId = null }: BookingStart = {}): BookingState {
  const first = steps[0] ?? 'menu';
  return {
    steps,
    advance,
    step: advance && menuId ? (stepAtOrAfter(steps, 'time') ?? first) : first,
    clinicId,
    menuId,
    day: null,
    slot: null,
    search: 0,
    pending: false,
    refusal: null,
    key: null,
  };
}

/** The step after the choice of `step` when choices open the next one, else the step as it is. */
const afterChoice = (state: BookingState, step: BookingStep, chosen: boolean): BookingStep => {
  if (!state.advance) return state.step;
  if (!chosen) return stepAtOrAfter(state.steps, step) ?? state.step;
  return state.steps[state.steps.indexOf(step) + 1] ?? state.step;
};

export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  // Every new choice makes the next booking a new request (`key: null`).
  switch (action.type) {
    case 'start':
      return startBooking(action.steps, action.start);
    case 'clinic':
      if (action.clinicId === state.clinicId) return state;
      return { ...state, key: null, clinicId: action.clinicId, menuId: action.menuId, day: null, slot: null, refusal: null };
    case 'menu':
      return { ...state, key: null, menuId: action.menuId, day: null, slot: null, refusal: null, step: afterChoice(state, 'menu', action.menuId !== null) };
    case 'day':
      return { ...state, key: null, day: action.day, slot: null, step: afterChoice(state, 'time', false) };
    case 'slot':
      return { ...state, key: null, slot: action.slot, step: afterChoice(state, 'time', action.slot !== null) };
    case 'step':
      // Going on means the refusal was read; going back keeps it in sight.
      return { ...state, step: action.step, refusal: order(action.step) > order(state.step) ? null : state.refusal };
    case 'search':
      return { ...state, search: state.search + 1 };
    case 'send':
      return { ...state, pending: true, refusal: null, key: action.key };
    case 'refused': {
      const { failure } = action;
      const found = failure.backTo ? stepAtOrAfter(state.steps, failure.backTo) : undefined;
      // Back only: a step the page lacks (members enter no details) means staying where one is.
      const back = found && order(found) < order(state.step) ? found : undefined;
      return {
        ...state,
        pending: false,
        key: failure.answered ? null : state.key,
        refusal: failure.text ? { text: failure.text, memberLogin: failure.memberLogin, callClinic: failure.callClinic } : null,
        step: back ?? state.step,
        // Sent back to a step, one chooses again from there: the menu anew, or a time from a new search.
        ...(back === 'menu' ? { menuId: null, day: null, slot: null } : back === 'time' ? { slot: null, search: state.search + 1 } : {}),
      };
    }
  }
}

/** A key that makes a resent booking answer the first result instead of booking twice. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
