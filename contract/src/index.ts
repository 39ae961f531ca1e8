// The API's answers as zod schemas, one module per subject. The HTTP adapter validates its
// OpenAPI document and its tests against them; the web app imports their types (type-only).
export {
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  availableResourcesJson,
  guestBookingJson,
  guestConfirmationJson,
  reservationHistoryJson,
  reservationJson,
  slotsJson,
  staffReservationJson,
  staffSlotsJson,
} from './reservations';
export type {
  AvailableResourcesJson,
  GuestBookingJson,
  GuestConfirmationJson,
  ReservationHistoryJson,
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
export * from './clinics';
export * from './menus';
export * from './calendar-memos';
export * from './settings';
export * from './line-login';
