export { openDatabase, migrateToLatest, migratedPgliteImage } from './database';
export { warmSearchCopies, warmUpConnections } from './warm-up';
// Bulk demo data: written straight into the tables, which only this adapter knows.
export { loadDemoSchedules } from './demo/demo-schedules';
export { loadDemoReservations } from './demo/demo-reservations';
export type { Database, DatabaseKind, OpenDatabaseOptions } from './database';
export { sqlState, translateDbError } from './pg-errors';
export { KnexClinicRepository } from './repositories/knex-clinic-repository';
export { KnexStaffRepository } from './repositories/knex-staff-repository';
export { KnexMemberRepository } from './repositories/knex-member-repository';
export { KnexSessionStore } from './repositories/knex-session-store';
export { AccountCache, CachedSessionStore, InvalidatedCache, ACCOUNT_CHANGES_CHANNEL, sessionKey } from './account-cache';
export { KnexLoginAttemptLimiter } from './repositories/knex-login-attempt-limiter';
export { PgAttemptCounter, knexRateLimiterStore, type AttemptCounterOptions } from './repositories/pg-attempt-counter';
export { KnexAppSecrets } from './repositories/knex-app-secrets';
export { KnexTwoFactorRepository } from './repositories/knex-two-factor-repository';
export { KnexAuditLog } from './repositories/knex-audit-log';
export { KnexPageViewRepository } from './repositories/knex-page-view-repository';

// --- facilities (rooms, machines) ---
export { KnexFacilityRepository } from './repositories/knex-facility-repository';

// --- menus (categories, menus, tasks) ---
export { KnexMenuCategoryRepository } from './repositories/knex-menu-category-repository';
export { KnexMenuRepository } from './repositories/knex-menu-repository';

// --- staff management (staff admin, invitations, password reset, mail) ---
export { KnexStaffTokenRepository } from './repositories/knex-staff-token-repository';
export { KnexStaffReferences } from './repositories/knex-staff-references';
export { KnexMailOutbox } from './repositories/knex-mail-outbox';

// --- schedules and blocks ---
export { KnexScheduleRepository } from './repositories/knex-schedule-repository';
export { KnexBlockRepository } from './repositories/knex-block-repository';
export { KnexScheduleLookups } from './repositories/knex-schedule-lookups';

// --- settings (breaks, holidays, memos, tags, check items, announcements) ---
export { KnexMenuCategoryLookup } from './repositories/knex-menu-category-lookup';
export { KnexCalendarMemoRepository } from './repositories/knex-calendar-memo-repository';
export { KnexFormRepository } from './repositories/knex-form-repository';
export { KnexFormResponseStore } from './repositories/knex-form-response-store';
export { KnexTagRepository } from './repositories/knex-tag-repository';
export { KnexCheckConditionRepository } from './repositories/knex-check-condition-repository';
export { KnexCheckItemRepository, KnexMemberHistory } from './repositories/knex-check-item-repository';
export { KnexAnnouncementRepository } from './repositories/knex-announcement-repository';

// --- reservations ---
export { KnexAvailabilitySource, ScheduleCopies } from './repositories/knex-availability-source';
export { KnexReservationRepository } from './repositories/knex-reservation-repository';
export { KnexContractLedger } from './repositories/knex-contract-ledger';
export { KnexIdempotencyStore } from './repositories/knex-idempotency-store';
export { DatabaseChangeFeed } from './repositories/database-change-feed';
export { KnexReservationHistory } from './repositories/knex-reservation-history';

// --- members ---
export { KnexMemberTokenRepository } from './repositories/knex-member-token-repository';
export { KnexMemberDirectory } from './repositories/knex-member-directory';
export { KnexContractRepository } from './repositories/knex-contract-repository';
export { KnexSalonMirror } from './repositories/knex-salon-mirror';

// --- LINE Login ---
export { KnexLineLinkRepository } from './repositories/knex-line-link-repository';
export { KnexLineAppRepository } from './repositories/knex-line-app-repository';

// --- reports ---
export { KnexReportQueries } from './reports/knex-report-queries';
export type { ReportSource } from './reports/report-sql';

// --- messages (outbox and its job queue) ---
export { MessageQueue, DELIVERY_QUEUE, LINE_EVENT_QUEUE, knexExecutor } from './messages/pg-boss-queue';
export type { DeliveryJob, MessageQueueOptions } from './messages/pg-boss-queue';
export { PayloadTokens } from './messages/payload-tokens';
export { LOST_JOB_GRACE_MS, LOST_JOB_SWEEP_MS, OutboxWriter, QUEUE_AHEAD_MS, QUEUE_SWEEP_MS } from './messages/outbox-writer';
export { KnexMessageRepository } from './messages/knex-message-repository';
export { KnexWaitlistRepository, type WaitlistTxPorts } from './repositories/knex-waitlist-repository';
export { KnexNoShowRecords } from './repositories/knex-no-show-records';
export type { FreedTimeOffer } from './repositories/knex-reservation-repository';
