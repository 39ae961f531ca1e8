// The API's answers as zod schemas, one module per subject. The HTTP adapter validates its
// OpenAPI document and its tests against them; the web app imports their types (type-only).
export {
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  guestBookingJson,
  guestConfirmationJson,
  reservationJson,
  slotsJson,
  staffReservationJson,
  staffSlotsJson,
} from './reservations';
export type {
  GuestBookingJson,
  GuestConfirmationJson,
  ReservationJson,
  ReservationSource,
  ReservationStatus,
  SlotsJson,
  StaffReservationJson,
  StaffSlotsJson,
} from './reservations';
export * from './audit';
export * from './messages';
export * from './two-factor';
export * from './schedules';
export * from './staffs';
export * from './members';
export * from './waitlist';
