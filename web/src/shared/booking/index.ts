// The booking flow shared by the guest and the member booking pages.
export {
  CLINIC_ZONE,
  WINDOW_DAYS,
  addDays,
  bookingWindow,
  dateLabel,
  dateTimeLabel,
  longDateLabel,
  slotsByDay,
  tokyoDate,
  tokyoTime,
  weekday,
  weekdayLabel,
} from './booking-time';
export type { Slot } from './booking-time';
export { BOOKING_STEPS, bookingReducer, newIdempotencyKey, startBooking } from './booking-flow';
export type { BookingAction, BookingFailure, BookingRefusal, BookingStart, BookingState, BookingStep } from './booking-flow';
export { BACK_TO, bookingFailure, refusalText } from './booking-errors';
export { useBookingFlow } from './useBookingFlow';
export { SlotTimes } from './SlotTimes';
export type { SlotTimesProps } from './SlotTimes';
