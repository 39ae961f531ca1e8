/**
 * The authorization matrix: who may call which route, as a second opinion written from
 * /work/shared/DOMAIN.md ("Who may do what") and the specification — NOT derived from the
 * `access` each route declares. `authorization-matrix.test.ts` walks the real router and fails
 * when a route is missing here, when a row names a route that no longer exists, or when any cell
 * differs from what the running server answers. How to read and extend it: docs/security.md.
 *
 * Columns, always in this order:
 *   anonymous  no session, no token
 *   guest      no session, but holding a valid single-use token for the route (a guest
 *              booking's cancel token, a member registration or reset token, a staff invitation)
 *   memberA    logged-in FULL member who owns the resources in the path (reservation of A)
 *   memberB    another logged-in FULL member of the same clinic, asking for A's resources
 *   staffX     STAFF of clinic X, where every resource in the request lives
 *   staffY     STAFF of clinic Y, asking for clinic X's resources
 *   admin      ADMIN without a clinic (head office, chain-wide)
 *   adminX     ADMIN of clinic X: administers clinic X only, never the head office
 *   adminY     ADMIN of clinic Y, asking for clinic X's resources
 *
 * Cells: `ok` (any 2xx), `400` (only where the route needs an input the caller cannot have: a
 * token), `401` (not logged in — to this audience: member sessions and staff sessions are separate
 * doors, so a member on a staff route is 401, as a staff member on a member route), `403`
 * (logged in without the right), `404` (not yours: hidden as if it did not exist).
 */

export const ROLES = ['anonymous', 'guest', 'memberA', 'memberB', 'staffX', 'staffY', 'admin', 'adminX', 'adminY'] as const;
export type Role = (typeof ROLES)[number];
export type Outcome = 'ok' | '400' | '401' | '403' | '404';

export interface MatrixRow {
  /** `METHOD /api/path/:param` exactly as the router registers it. */
  readonly route: string;
  /** When one route is checked in several situations (e.g. a clinic's report vs. the whole chain). */
  readonly variant?: string;
  readonly expected: Readonly<Record<Role, Outcome>>;
  /** Why a row is not the obvious pattern, with its source. */
  readonly note?: string;
}

// Patterns, written out cell by cell:        anon guest mA   mB   sX   sY   admin adminX adminY
/** Public: anyone, logged in or not. */
const EVERYONE = '                            ok   ok    ok   ok   ok   ok   ok    ok     ok';
/** Needs a token only the guest column holds (a made-up token is INVALID_TOKEN, whoever sends it). */
const TOKEN_HOLDER = '                        400  ok    400  400  400  400  400   400    400';
/** The logged-in member's own data (no id of another member can be named). */
const MEMBER = '                              401  401   ok   ok   401  401  401   401    401';
/** Member A's resource: B gets 404, as if it did not exist. */
const MEMBER_OWN = '                          401  401   ok   404  401  401  401   401    401';
/** Any staff member, for any clinic of the chain (calendar, reservations, members, memos, reads). */
const STAFF_ANY_CLINIC = '                    401  401   401  401  ok   ok   ok    ok     ok';
/** Writes to clinic X's settings/resources: its own STAFF and ADMIN and the head office; STAFF and ADMIN of Y 403. */
const CLINIC_X_MANAGERS = '                   401  401   401  401  ok   403  ok    ok     403';
/** Admin decisions about clinic X (two-factor requirement and resets, its announcements): its ADMIN and the head office. */
const CLINIC_X_ADMINS = '                     401  401   401  401  403  403  ok    ok     403';
/** Chain-wide settings, head-office accounts, the mail outbox: the head-office ADMIN only (docs/decisions.md). */
const HEAD_OFFICE = '                         401  401   401  401  403  403  ok    403    403';

const row = (route: string, cells: string, extra: { note?: string; variant?: string } = {}): MatrixRow => {
  const parts = cells.trim().split(/\s+/);
  if (parts.length !== ROLES.length) throw new Error(`${route}: ${parts.length} cells, expected ${ROLES.length}`);
  const expected = Object.fromEntries(ROLES.map((role, index) => [role, parts[index]])) as Record<Role, Outcome>;
  return { route, expected, ...extra };
};

export const AUTHORIZATION_MATRIX: readonly MatrixRow[] = [
  // --- sessions and operations ---
  row('POST /api/login', EVERYONE, { note: 'each column logs in from a fresh browser with valid credentials' }),
  row('POST /api/logout', EVERYONE, { note: 'from a fresh browser logged in as the column' }),
  row('GET /api/health', EVERYONE),
  row('POST /api/page-views', EVERYONE),

  // --- who am I ---
  row('GET /api/staffs/profile', STAFF_ANY_CLINIC),
  row('GET /api/users/profile', MEMBER),
  row('GET /api/users/detailed-profile', MEMBER),
  row('PUT /api/users', MEMBER),

  // --- clinics ---
  row('GET /api/guests/clinics', EVERYONE),
  row('GET /api/users/clinics', MEMBER),
  row('GET /api/users/clinics/:id', MEMBER),
  row('GET /api/staffs/clinics', STAFF_ANY_CLINIC),
  row('GET /api/admin/clinics', STAFF_ANY_CLINIC),
  row('GET /api/admin/clinics/:id', STAFF_ANY_CLINIC),
  row('POST /api/admin/clinics', HEAD_OFFICE, { note: 'a new clinic is chain-wide: not for the ADMIN of one clinic' }),
  row('PUT /api/admin/clinics/:id', CLINIC_X_MANAGERS),
  row('PUT /api/admin/clinics/:id/simple', CLINIC_X_MANAGERS),
  row('POST /api/admin/clinics/:id/holidays', CLINIC_X_MANAGERS),
  row('DELETE /api/admin/clinics/:id/holidays/:date', CLINIC_X_MANAGERS),

  // --- rooms and machines ---
  row('GET /api/admin/rooms', STAFF_ANY_CLINIC),
  row('GET /api/admin/rooms/:id', STAFF_ANY_CLINIC),
  row('POST /api/admin/rooms', CLINIC_X_MANAGERS),
  row('PUT /api/admin/rooms/:id', CLINIC_X_MANAGERS),
  row('DELETE /api/admin/rooms/:id', CLINIC_X_MANAGERS),
  row('GET /api/admin/machines', STAFF_ANY_CLINIC),
  row('GET /api/admin/machines/:id', STAFF_ANY_CLINIC),
  row('POST /api/admin/machines', CLINIC_X_MANAGERS),
  row('PUT /api/admin/machines/:id', CLINIC_X_MANAGERS),
  row('DELETE /api/admin/machines/:id', CLINIC_X_MANAGERS),
  row('GET /api/staffs/rooms', STAFF_ANY_CLINIC),
  row('GET /api/staffs/machines', STAFF_ANY_CLINIC),

  // --- menu categories and menus ---
  row('GET /api/admin/menu-categories', STAFF_ANY_CLINIC),
  row('GET /api/admin/menu-categories/:id', STAFF_ANY_CLINIC),
  row('POST /api/admin/menu-categories', CLINIC_X_MANAGERS),
  row('PUT /api/admin/menu-categories/display-order', CLINIC_X_MANAGERS),
  row('PUT /api/admin/menu-categories/:id', CLINIC_X_MANAGERS),
  row('DELETE /api/admin/menu-categories/:id', CLINIC_X_MANAGERS),
  row('GET /api/admin/menus', STAFF_ANY_CLINIC),
  row('GET /api/admin/menus/all', STAFF_ANY_CLINIC),
  row('GET /api/admin/menus/:id', STAFF_ANY_CLINIC),
  row('POST /api/admin/menus', CLINIC_X_MANAGERS),
  row('PUT /api/admin/menus/display-order', CLINIC_X_MANAGERS),
  row('PUT /api/admin/menus/:id', CLINIC_X_MANAGERS),
  row('DELETE /api/admin/menus/:id', CLINIC_X_MANAGERS),
  row('GET /api/staffs/menu-categories', STAFF_ANY_CLINIC),
  row('GET /api/staffs/menus', STAFF_ANY_CLINIC),
  row('GET /api/guests/menu-categories', EVERYONE),
  row('GET /api/guests/menus', EVERYONE),
  row('GET /api/guests/menus/by-ids', EVERYONE),
  row('GET /api/users/menu-categories', MEMBER),
  row('GET /api/users/menus', MEMBER),
  row('GET /api/users/menus/by-ids', MEMBER),

  // --- staff accounts ---
  row('GET /api/admin/staffs', STAFF_ANY_CLINIC),
  row('GET /api/admin/staffs/:id', STAFF_ANY_CLINIC),
  row('POST /api/admin/staffs', CLINIC_X_MANAGERS, { note: 'a STAFF-role account for clinic X' }),
  row('POST /api/admin/staffs', HEAD_OFFICE, {
    variant: 'granting ADMIN',
    note: 'DOMAIN.md: granting the ADMIN role is chain-wide, even for clinic X by its own ADMIN',
  }),
  row('PUT /api/admin/staffs/:id', CLINIC_X_MANAGERS),
  row('DELETE /api/admin/staffs/:id', CLINIC_X_MANAGERS),
  // A clinic's ADMIN never touches the head office's accounts or another ADMIN (issue 16, item 3).
  row('PUT /api/admin/staffs/:id', HEAD_OFFICE, {
    variant: 'head-office ADMIN account',
    note: 'changing its e-mail would take the head office over with a reset',
  }),
  row('PUT /api/admin/staffs/:id', HEAD_OFFICE, { variant: 'head-office STAFF account' }),
  row('PUT /api/admin/staffs/:id', HEAD_OFFICE, {
    variant: 'ADMIN of clinic X',
    note: 'only the head office changes ADMIN accounts, including those of a clinic',
  }),
  row('DELETE /api/admin/staffs/:id', HEAD_OFFICE, { variant: 'head-office ADMIN account' }),
  row('POST /api/admin/staffs/:id/invitation', HEAD_OFFICE, { variant: 'head-office ADMIN account' }),

  // --- two-factor login (docs/security.md): each staff member's own, an ADMIN's reset and per-clinic requirement ---
  row('GET /api/staffs/two-factor', STAFF_ANY_CLINIC),
  row('POST /api/staffs/two-factor/setup', STAFF_ANY_CLINIC),
  row('POST /api/staffs/two-factor/activate', STAFF_ANY_CLINIC),
  row('POST /api/staffs/two-factor/recovery-codes', STAFF_ANY_CLINIC),
  row('DELETE /api/staffs/two-factor', '401  401   401  401  ok   ok   403  403  403', {
    note: 'an ADMIN must always use two-factor login (TWO_FACTOR_MANDATORY); STAFF of a clinic that does not require it may turn it off',
  }),
  row('DELETE /api/admin/staffs/:id/two-factor', CLINIC_X_ADMINS, {
    note: "resetting a STAFF of clinic X's second factor: ADMIN of X or the head office (docs/security.md)",
  }),
  row('DELETE /api/admin/staffs/:id/two-factor', HEAD_OFFICE, {
    variant: 'head-office ADMIN account',
    note: "issue 16: a clinic ADMIN reset the head-office ADMIN's second factor",
  }),
  row('GET /api/admin/clinics/:id/two-factor', CLINIC_X_ADMINS),
  row('PUT /api/admin/clinics/:id/two-factor', CLINIC_X_ADMINS),
  row('PUT /api/admin/staffs/:id/priority', CLINIC_X_MANAGERS),
  row('POST /api/admin/staffs/:id/invitation', CLINIC_X_MANAGERS),
  row('GET /api/admin/mail-outbox', HEAD_OFFICE, { note: 'the development mailbox holds live tokens of every clinic and of the head office' }),
  row('GET /api/staffs', STAFF_ANY_CLINIC),
  row('GET /api/staffs/:id', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/:id/menus', CLINIC_X_MANAGERS),
  row('POST /api/guests/staff-password', TOKEN_HOLDER),
  row('POST /api/guests/staff-password-reset', EVERYONE, { note: 'answers the same 202 whether or not the address is known' }),

  // --- schedules and blocks ---
  row('GET /api/staffs/schedules', STAFF_ANY_CLINIC),
  row('POST /api/staffs/schedules', STAFF_ANY_CLINIC),
  row('POST /api/staffs/schedules/bulk', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/schedules/:id', STAFF_ANY_CLINIC),
  row('DELETE /api/staffs/schedules/:id', STAFF_ANY_CLINIC),
  row('GET /api/staffs/blocks', STAFF_ANY_CLINIC),
  row('POST /api/staffs/blocks', STAFF_ANY_CLINIC),
  row('DELETE /api/staffs/blocks/:id', STAFF_ANY_CLINIC),

  // --- chain-wide settings: tags, check conditions, announcements; check items ---
  row('GET /api/admin/tags', STAFF_ANY_CLINIC),
  row('POST /api/admin/tags', HEAD_OFFICE, { note: 'tags and check conditions are shared by every clinic' }),
  row('PUT /api/admin/tags/:id', HEAD_OFFICE),
  row('DELETE /api/admin/tags/:id', HEAD_OFFICE),
  row('GET /api/admin/check-conditions', STAFF_ANY_CLINIC),
  row('POST /api/admin/check-conditions', HEAD_OFFICE),
  row('PUT /api/admin/check-conditions/:id', HEAD_OFFICE),
  row('DELETE /api/admin/check-conditions/:id', HEAD_OFFICE),
  row('GET /api/admin/announcements', STAFF_ANY_CLINIC),
  row('POST /api/admin/announcements', CLINIC_X_ADMINS, { note: 'an announcement of clinic X' }),
  row('POST /api/admin/announcements', HEAD_OFFICE, { variant: 'chain-wide' }),
  row('PUT /api/admin/announcements/:id', CLINIC_X_ADMINS),
  row('DELETE /api/admin/announcements/:id', CLINIC_X_ADMINS),
  row('GET /api/users/announcements', MEMBER),
  row('GET /api/staffs/tags', STAFF_ANY_CLINIC),
  row('GET /api/staffs/check-items', STAFF_ANY_CLINIC),
  // Web forms (issue 23): the chain's forms belong to the head office; the person's own visit; any staff of the chain reads and countersigns.
  row('GET /api/admin/forms', HEAD_OFFICE),
  row('POST /api/admin/forms', HEAD_OFFICE, { note: 'forms belong to the chain: a clinic ADMIN is 403 (shared/API.md)' }),
  row('GET /api/admin/forms/:id', HEAD_OFFICE),
  row('GET /api/admin/forms/:id/versions/:versionId', HEAD_OFFICE),
  row('POST /api/admin/forms/:id/versions', HEAD_OFFICE),
  row('PUT /api/admin/forms/:id/versions/:versionId', HEAD_OFFICE),
  row('POST /api/admin/forms/:id/versions/:versionId/publish', HEAD_OFFICE),
  row('GET /api/users/reservations/:id/forms', MEMBER_OWN),
  row('POST /api/users/reservations/:id/forms/:formId', MEMBER_OWN),
  row('GET /api/guests/reservations/forms', TOKEN_HOLDER, { note: 'by the booking token only, never by id (DOMAIN.md)' }),
  row('POST /api/guests/reservations/forms/:formId', TOKEN_HOLDER),
  row('GET /api/staffs/reservations/:id/forms', STAFF_ANY_CLINIC),
  row('POST /api/staffs/form-responses/:responseId/countersign', STAFF_ANY_CLINIC, {
    note: 'any staff records it; explainedBy must be a doctor of the clinic',
  }),
  row('GET /api/staffs/form-responses/:responseId', STAFF_ANY_CLINIC, { note: 'the printable page of one response' }),
  row('GET /api/staffs/users/:id/forms/export', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/check-items/:id', STAFF_ANY_CLINIC),

  // --- calendar memos ---
  // --- 送信履歴 (docs/messages.md) ---
  row('GET /api/staffs/messages', STAFF_ANY_CLINIC),
  row('POST /api/staffs/messages/:id/resend', STAFF_ANY_CLINIC),
  row('GET /api/staffs/calendar-memo', STAFF_ANY_CLINIC),
  row('POST /api/staffs/calendar-memo', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/calendar-memo/:id', STAFF_ANY_CLINIC),
  row('DELETE /api/staffs/calendar-memo/:id', STAFF_ANY_CLINIC),

  // --- reservations: members ---
  row('POST /api/users/reservations/search-available', MEMBER),
  row('POST /api/users/reservations', MEMBER),
  row('GET /api/users/reservations', MEMBER),
  row('GET /api/users/reservations/:id', MEMBER_OWN),
  row('PUT /api/users/reservations/:id', MEMBER_OWN),
  row('PUT /api/users/reservations/:id/cancel', MEMBER_OWN),
  row('PUT /api/users/reservations/:id/confirm', MEMBER_OWN),

  // --- reservations: guests ---
  row('POST /api/guests/reservations/search-available', EVERYONE),
  row('POST /api/guests/reservations', EVERYONE),
  row('GET /api/guests/challenge', EVERYONE, { note: 'a proof-of-work challenge for the guest booking guard' }),
  row('PUT /api/guests/reservations/cancel', TOKEN_HOLDER, { note: 'never by id alone (DOMAIN.md)' }),
  row('PUT /api/guests/reservations/confirm', TOKEN_HOLDER, { note: 'never by id alone (DOMAIN.md)' }),

  // --- waitlist (キャンセル待ち) and the no-show policy ---
  row('POST /api/users/waitlist', MEMBER),
  row('GET /api/users/waitlist', MEMBER),
  row('DELETE /api/users/waitlist/:id', MEMBER_OWN),
  row('POST /api/users/waitlist/:id/accept', MEMBER_OWN),
  row('POST /api/users/waitlist/:id/decline', MEMBER_OWN),
  row('POST /api/guests/waitlist', EVERYONE),
  row('GET /api/guests/waitlist', TOKEN_HOLDER, { note: 'never by id alone (DOMAIN.md)' }),
  row('PUT /api/guests/waitlist/cancel', TOKEN_HOLDER),
  row('POST /api/guests/waitlist/accept', TOKEN_HOLDER),
  row('PUT /api/guests/waitlist/decline', TOKEN_HOLDER),
  row('GET /api/staffs/waitlist', STAFF_ANY_CLINIC),
  row('GET /api/staffs/waitlist/holds', STAFF_ANY_CLINIC),
  row('POST /api/staffs/waitlist/:id/offer', STAFF_ANY_CLINIC),
  row('DELETE /api/staffs/waitlist/:id', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/users/:id/booking-restriction', STAFF_ANY_CLINIC),
  row('DELETE /api/staffs/users/:id/guest-limit', STAFF_ANY_CLINIC),

  // --- reservations: staff, any clinic of the chain ---
  row('POST /api/staffs/reservations/search-available', STAFF_ANY_CLINIC),
  row('GET /api/staffs/reservations', STAFF_ANY_CLINIC),
  row('POST /api/staffs/reservations', STAFF_ANY_CLINIC),
  row('POST /api/staffs/reservations/available-resources', STAFF_ANY_CLINIC),
  row('POST /api/staffs/reservations/search', STAFF_ANY_CLINIC),
  row('GET /api/staffs/reservations/search-recent', STAFF_ANY_CLINIC),
  row('GET /api/staffs/reservations/search-recent-canceled', STAFF_ANY_CLINIC),
  row('GET /api/staffs/events', STAFF_ANY_CLINIC),
  row('GET /api/staffs/reservations/:id/history', STAFF_ANY_CLINIC),
  row('GET /api/staffs/reservations/:id', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/reservations/:id', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/reservations/:id/move', STAFF_ANY_CLINIC),
  row('DELETE /api/staffs/reservations/:id', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/reservations/:id/cancel', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/reservations/:id/not-visited', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/reservations/:id/visited', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/reservations/:id/reserved', STAFF_ANY_CLINIC),

  // --- members, managed by staff of any clinic ---
  row('GET /api/staffs/users', STAFF_ANY_CLINIC),
  row('GET /api/staffs/users/advanced-search', STAFF_ANY_CLINIC),
  row('POST /api/staffs/users/all-by-ids', STAFF_ANY_CLINIC),
  row('POST /api/staffs/users/all-by-ids-with-details', STAFF_ANY_CLINIC),
  row('POST /api/staffs/users', STAFF_ANY_CLINIC),
  row('GET /api/staffs/users/:id', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/users/:id', STAFF_ANY_CLINIC),
  row('GET /api/staffs/users/:id/registration-token', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/users/:id/reset-gift', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/users/:id/unlink-line', STAFF_ANY_CLINIC),
  row('PUT /api/staffs/users/:id/tags', STAFF_ANY_CLINIC),
  row('GET /api/staffs/users/:id/with-details', STAFF_ANY_CLINIC),
  row('GET /api/staffs/users/:id/contracts', STAFF_ANY_CLINIC),
  row('POST /api/staffs/users/:id/contracts', STAFF_ANY_CLINIC),
  row('GET /api/users/menus/own-ekimu', MEMBER),
  row('GET /api/users/contracts', MEMBER),

  // --- member accounts by token ---
  row('GET /api/guests/users', TOKEN_HOLDER),
  row('PUT /api/guests/users', TOKEN_HOLDER),
  row('POST /api/guests/reset-password', EVERYONE, { note: 'answers the same 202 whether or not the address is known' }),
  row('PUT /api/guests/update-password', TOKEN_HOLDER),

  // --- added when these routes appeared (reports, access audit, LINE, salon system) ---
  row('GET /api/admin/reports', CLINIC_X_MANAGERS, { note: 'DOMAIN.md: STAFF read and write reports for their own clinic' }),
  row('GET /api/admin/reports', HEAD_OFFICE, { variant: 'chain-wide', note: 'no clinicId: the whole chain, ADMIN only (shared/API.md)' }),
  row('GET /api/admin/audit-logs', '401 401 401 401 403 403 ok ok ok', {
    note: "who read which member's data: any ADMIN; a clinic's ADMIN sees only its own staff's records (docs/decisions.md)",
  }),
  row('GET /api/admin/audit-logs/export', '401 401 401 401 403 403 ok ok ok'),
  row('GET /api/guests/line', EVERYONE),
  row('POST /api/guests/line/login', EVERYONE),
  row('POST /api/guests/line/callback', '400 400 400 400 400 400 400 400 400', {
    note: 'finishes a LINE flow begun in the same session; no column has one, so every caller gets 400 LINE_FLOW_EXPIRED (the whole flow: line-login.test.ts)',
  }),
  row('GET /api/users/line', MEMBER),
  row('POST /api/users/line/link', MEMBER),
  row('GET /api/staffs/users/salons-member-info', STAFF_ANY_CLINIC),
  row('GET /api/users/salons-ekimu', MEMBER),
  row('POST /api/admin/salons/salons-api', HEAD_OFFICE, { note: 'DOMAIN.md: salon pass-through is chain-wide' }),
  // --- the LINE app (LIFF) and LINE's webhook (issue 24) ---
  row('GET /api/line/app/config', EVERYONE),
  row('POST /api/line/app/session', EVERYONE, {
    note: "anyone holding an ID token LINE verifies; the session then is that LINE user's, whoever was logged in (sent from a fresh browser: line-app.test.ts)",
  }),
  row('GET /api/line/app/reservations', '401 401 401 401 401 401 401 401 401', {
    note: 'only a LINE app session (opened with a verified ID token) has a LINE user; no column has one (line-app.test.ts)',
  }),
  row('PUT /api/line/app/reservations/:id/cancel', '401 401 401 401 401 401 401 401 401', {
    note: "a LINE app session's own reservations only; another LINE user's id is 404 (line-app.test.ts)",
  }),
  row('GET /api/admin/line-messages', CLINIC_X_ADMINS, {
    note: "LINE's bill (issue 24): ADMIN only; a clinic's ADMIN its own clinic, the head office any",
  }),
  row('GET /api/admin/line-messages', '401 401 401 401 403 403 ok ok ok', {
    variant: 'own clinic or chain',
    note: "no clinicId: the head office's whole chain, a clinic ADMIN's own clinic (line-usage.test.ts)",
  }),
  row('POST /api/line/webhook', '401 401 401 401 401 401 401 401 401', {
    note: "LINE's platform, which signs the raw body with the Messaging API channel's secret; no column can (line-app.test.ts)",
  }),
];

/** `METHOD path` plus the variant, the key of one row. */
export const rowKey = (entry: Pick<MatrixRow, 'route' | 'variant'>): string => (entry.variant ? `${entry.route} [${entry.variant}]` : entry.route);
