export { createHttpApp } from './app';
export type { HttpApp, HttpAppOptions } from './app';
export { knexPoolStats } from './middleware/metrics';
export type { MetricsOptions, PoolStats } from './middleware/metrics';
export { ApiRouter } from './routing/api-router';
export type { RegisteredRoute, RouteSpec } from './routing/api-router';
export { ERROR_STATUS } from './errors/error-status';
export { ERROR_MESSAGES, HTTP_MESSAGES } from './errors/error-messages';
export { errorMessage, httpMessage } from './errors/error-messages.i18n';
export { HttpDomainError } from './errors/http-error';
export { SESSION_COOKIE } from './middleware/session';
export { clientAddress } from './middleware/request-context';
export type { SessionSettings } from './middleware/session';
export type { AccountLookups, Access, TwoFactorGate } from './middleware/auth';
export { authRouter } from './routers/auth.router';
export { healthRouter } from './routers/health.router';
export { staffsRouter } from './routers/staffs.router';
export { twoFactorRouter } from './routers/two-factor.router';
export type { TwoFactorHttp } from './routers/two-factor.router';
export { adminClinicsRouter } from './routers/admin-clinics.router';
export { usersRouter } from './routers/users.router';
export { guestsRouter } from './routers/guests.router';
export { pageViewsRouter } from './routers/page-views.router';

// --- facilities (rooms, machines) ---
export { adminFacilitiesRouter, staffsFacilitiesRouter } from './routers/admin-facilities.router';
export type { FacilityRoutes } from './routers/admin-facilities.router';

// --- menus (categories, menus, tasks) ---
export { adminMenusRouter } from './routers/admin-menus.router';
export type { MenuAdminPorts } from './routers/admin-menus.router';
export { staffsMenusRouter, guestsMenusRouter, usersMenusRouter } from './routers/public-menus.router';
export type { MenuReadPorts } from './routers/public-menus.router';

// --- staff management (staff admin, invitations, password reset, mail) ---
export { adminStaffsRouter, staffDirectoryRouter, staffPasswordRouter } from './routers/staff-management.router';
export type { StaffManagementHttp } from './routers/staff-management.router';

// --- schedules and blocks ---
export { schedulesRouter } from './routers/schedules.router';
export type { SchedulesHttp } from './routers/schedules.router';

// --- settings (breaks, holidays, memos, tags, check items, announcements) ---
export { calendarMemosRouter } from './routers/calendar-memos.router';
export { adminFormsRouter, guestFormsRouter, memberFormsRouter, staffFormsRouter, toFormResponseJson, type FormsHttpDeps } from './routers/forms.router';
export { messagesRouter, toMessageJson } from './routers/messages.router';
export { adminSettingsRouter, staffsSettingsRouter, usersAnnouncementsRouter } from './routers/settings.router';
export type { SettingsRouterDependencies } from './routers/settings.router';

// --- reservations ---
export { guestReservationsRouter, memberReservationsRouter, staffReservationsRouter } from './routers/reservations.router';
export type { ReservationsHttpDeps } from './routers/reservations.router';
export { formatInstant } from './routers/instant';

// --- members ---
export { memberGuestsRouter, memberSelfRouter, staffMembersRouter } from './routers/members.router';
export type { MembersHttp } from './routers/members.router';

// --- LINE Login ---
export { LINE_DONE_PATHS, lineGuestRouter, lineMemberRouter } from './routers/line-login.router';
export type { LineLoginHttp } from './routers/line-login.router';
export { lineAppRouter, lineUserOfSession } from './routers/line-app.router';
export { lineUsageRouter } from './routers/line-usage.router';
export type { LineAppHttp } from './routers/line-app.router';

// --- reports ---
export { adminReportsRouter, reportCsv } from './routers/reports.router';
export type { ReportsHttp } from './routers/reports.router';

// --- salon-management system (販売管理システム) ---
export { adminSalonsRouter, memberSalonsRouter, staffSalonsRouter } from './routers/salons.router';
export type { SalonsHttp } from './routers/salons.router';

// --- staff access audit ---
export { auditRouter, accessCsv } from './routers/audit.router';
export type { AuditHttp } from './routers/audit.router';
export type { RouteAudit } from './routing/access-audit';
export {
  guestWaitlistRouter,
  memberWaitlistRouter,
  staffBookingRestrictionRouter,
  staffWaitlistRouter,
  waitlistJson,
  toWaitlistJson,
} from './routers/waitlist.router';
