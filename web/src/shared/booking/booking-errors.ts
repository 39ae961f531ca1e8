/**
 * The one error policy of booking, for guests and members alike: which refusals send the person
 * back to which step, what the page says, and when the next attempt is a new request.
 */
import { HttpError, type ApiErrorCode } from '../api/http';
import type { BookingFailure, BookingStep } from './booking-flow';

/**
 * Refusals that a new choice can mend, and the step where that choice is made. Any other refusal
 * leaves the person where they are, with its text.
 */
export const BACK_TO: Partial<Record<ApiErrorCode, BookingStep>> = {
  // The time was taken or is not bookable (any more): another time, from a new search.
  RESERVATION_CONFLICT: 'time',
  RESOURCE_COLLISION: 'time',
  INVALID_TIMESLOT: 'time',
  CLINIC_CLOSED: 'time',
  TOO_FAR_AHEAD: 'time',
  SEARCH_PERIOD_TOO_LONG: 'time',
  // The clinic or the menu cannot be booked (so): another menu (or clinic).
  WEB_BOOKING_DISABLED: 'menu',
  CLINIC_NOT_FOUND: 'menu',
  CLINIC_SETTINGS_INADEQUATE: 'menu',
  MENU_NOT_FOUND: 'menu',
  MENU_NOT_ENABLED: 'menu',
  MENU_NOT_SPECIFIED: 'menu',
  MENU_NOT_SUBSCRIBED: 'menu',
  AFTER_MENU_NOT_WEB_BOOKABLE: 'menu',
  ALREADY_RESERVED: 'menu',
  // What was typed: the details again (a page without that step stays where it is).
  VALIDATION_FAILED: 'details',
};

/**
 * The text of a refusal: the notice of the HTTP client, which for any code is the server's own
 * words, in the person's language (the no-show restriction's with the clinic's phone).
 */
export const refusalText = (error: HttpError): string => error.notice.text;

/** What a failed booking does; anything but an `HttpError` is a bug: nothing is said (the caller rethrows it). */
export function bookingFailure(error: unknown): BookingFailure {
  const known = error instanceof HttpError;
  const code = known ? error.code : undefined;
  return {
    backTo: (code && Object.hasOwn(BACK_TO, code) && BACK_TO[code as ApiErrorCode]) || null,
    text: known && !error.notice.redirectTo ? refusalText(error) : '',
    memberLogin: code === 'MEMBER_LOGIN_REQUIRED',
    callClinic: code === 'UPDATE_DEADLINE_PASSED' || code === 'CANCEL_DEADLINE_PASSED',
    // The first call with this key still being answered is no answer: the retry keeps the key,
    // so that it gets that call's outcome instead of booking a second time.
    answered: known && error.status !== undefined && code !== 'IDEMPOTENCY_IN_PROGRESS',
  };
}
