// The API as zod schemas, one module per subject, and its route table (routes/). The HTTP adapter
// validates and documents with them; the web app takes its types from them and its client from
// the route table (docs/architecture.md, "Adding a route").
export { route, endpointsOf } from './route';
export type { GroupEndpoints, HttpMethod, RouteDefinition, RouteEndpoint, RouteInput, RouteOutput, RouteTable } from './route';
export { routes } from './routes';
export type { Routes } from './routes';
export * from './fields';
export * from './rules';
export {
  availableResourcesBody,
  clinicRangeQuery,
  guestBookingBody,
  guestDetailsBody,
  guestCancelJson,
  guestChallengeJson,
  guestPhoneSchema,
  memberBookingBody,
  memberChangeBody,
  moveBody,
  searchBody,
  staffBookingBody,
  staffSearchBody,
  staffUpdateBody,
  tokenBody,
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
export * from './forms';
export * from './line-app';
export * from './operations';
export * from './session';
export * from './reports';
export * from './salons';
