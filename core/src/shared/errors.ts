/**
 * Every expected failure of the product has one code (shared/API.md). Use cases return them in a
 * `Result`; the HTTP adapter maps each to a status and a Japanese message.
 */
export const ERROR_CODES = [
  'ACCOUNT_NOT_FOUND',
  'INVALID_CREDENTIALS',
  'NOT_FULLY_REGISTERED',
  'ACCOUNT_EXISTS',
  'TOKEN_EXPIRED',
  'INVALID_TOKEN',
  'CLINIC_DUPLICATE',
  'CLINIC_NOT_FOUND',
  'WEB_BOOKING_DISABLED',
  'STAFF_EXISTS',
  'STAFF_NOT_FOUND',
  'STAFF_NO_PASSWORD',
  'ROOM_EXISTS',
  'ROOM_NOT_FOUND',
  'MACHINE_EXISTS',
  'MACHINE_NOT_FOUND',
  'CATEGORY_EXISTS',
  'CATEGORY_NOT_FOUND',
  'MENU_EXISTS',
  'MENU_NOT_FOUND',
  'SCHEDULE_EXISTS',
  'SCHEDULE_NOT_FOUND',
  'TAG_EXISTS',
  'TAG_NOT_FOUND',
  'CHECK_ITEM_EXISTS',
  'CHECK_ITEM_NOT_FOUND',
  'USER_NOT_FOUND',
  'ALREADY_MEMBER',
  'INTRODUCER_NOT_FOUND',
  'EXTERNAL_USER_NOT_FOUND',
  'UPDATE_FAILED',
  'EMAIL_DUPLICATE',
  'RESERVATION_NOT_FOUND',
  'RESERVATION_CONFLICT',
  'RESOURCE_COLLISION',
  'CLINIC_CLOSED',
  'TOO_FAR_AHEAD',
  'INVALID_TIMESLOT',
  'MENU_NOT_ENABLED',
  'MENU_NOT_SPECIFIED',
  'MENU_NOT_SUBSCRIBED',
  'AFTER_MENU_NOT_WEB_BOOKABLE',
  'ALREADY_RESERVED',
  'MEMBER_LOGIN_REQUIRED',
  'CHALLENGE_REQUIRED',
  'RESERVATION_CHANGED',
  'UPDATE_DEADLINE_PASSED',
  'CANCEL_DEADLINE_PASSED',
  'HOLIDAY_ALREADY_REGISTERED',
  'CLINIC_SETTINGS_INADEQUATE',
  'MOVE_NOT_ALLOWED',
  'VISIT_NOT_CONFIRMABLE',
  'SEARCH_PERIOD_TOO_LONG',
  'REPORT_MONTH_TOO_EARLY',
  'IN_USE',
  'VALIDATION_FAILED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'LINE_FLOW_EXPIRED',
  'LINE_STATE_MISMATCH',
  'LINE_CONSENT_DENIED',
  'LINE_AUTH_FAILED',
  'LINE_NOT_LINKED',
  'LINE_ALREADY_LINKED',
  'LINE_UNAVAILABLE',
  'LINE_APP_NOT_FOUND',
  'TWO_FACTOR_REQUIRED',
  'INVALID_TWO_FACTOR_CODE',
  'TWO_FACTOR_SETUP_REQUIRED',
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_ENABLED',
  'TWO_FACTOR_SETUP_NOT_STARTED',
  'TWO_FACTOR_MANDATORY',
  'MESSAGE_NOT_FOUND',
  'MESSAGE_NOT_RESENDABLE',
  'MESSAGE_RESEND_TOO_SOON',
  'MESSAGE_RESERVATION_ENDED',
  'OUTSIDE_OPENING_HOURS',
  'CROSS_SITE_REQUEST',
  'HTTPS_REQUIRED',
  'WAITLIST_NOT_FOUND',
  'WAITLIST_ALREADY_JOINED',
  'WAITLIST_LIMIT_REACHED',
  'OFFER_NOT_AVAILABLE',
  'OFFER_EXPIRED',
  'ONLINE_BOOKING_RESTRICTED',
  'FORM_NOT_FOUND',
  'FORM_VERSION_NOT_FOUND',
  'FORM_VERSION_PUBLISHED',
  'FORM_VERSION_CHANGED',
  'FORM_RESPONSE_NOT_FOUND',
  'NOT_A_DOCTOR',
  'ALREADY_COUNTERSIGNED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A field that failed validation: a dotted path and a Japanese reason. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** An expected failure. `fields` is set for VALIDATION_FAILED; `detail` carries safe extra facts (e.g. a phone number). */
export interface DomainError<C extends ErrorCode = ErrorCode> {
  readonly code: C;
  readonly fields?: readonly FieldError[];
  readonly detail?: Readonly<Record<string, string | number>>;
}

export const domainError = <C extends ErrorCode>(code: C, extra: Omit<DomainError<C>, 'code'> = {}): DomainError<C> => ({ code, ...extra });

/**
 * Thrown by adapters when a domain rule is broken at the storage level (a unique index, an
 * exclusion constraint). Use cases catch nothing: the HTTP adapter treats it like a returned error.
 */
export class DomainRuleViolation extends Error {
  constructor(readonly error: DomainError) {
    super(error.code);
    this.name = 'DomainRuleViolation';
  }
}

/** Thrown by adapters when something they depend on (database, external system) is unreachable. */
export class ServiceUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ServiceUnavailableError';
  }
}
