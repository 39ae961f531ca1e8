// Public API of the core: named re-exports only (shared/STYLE.md).
export { ERROR_CODES, DomainRuleViolation, ServiceUnavailableError, domainError } from './shared/errors';
export type { DomainError, ErrorCode, FieldError } from './shared/errors';
export { ok, fail, isFailure } from './shared/result';
export type { Result } from './shared/result';
export { CLINIC_ZONE } from './shared/clock.port';
export { clinicZone, zoneOf, zoneOffsetMinutes, HourCachedZone } from './shared/zone-offset';
export type { ClockPort } from './shared/clock.port';
export { systemClock, fixedClock } from './shared/system-clock';
export { SLOT_MINUTES, parseTimeOfDay, formatTimeOfDay, isOnSlotGrid } from './shared/time-of-day';
export type { Actor } from './shared/actor';
export { nameKey, phoneKey } from './shared/person-identity';
export {
  LANGUAGES,
  DEFAULT_LANGUAGE,
  TRANSLATED_LANGUAGES,
  NO_TRANSLATIONS,
  isLanguage,
  matchLanguage,
  languageOfAcceptHeader,
  validateTranslations,
  localizeTexts,
  missingTranslations,
} from './shared/language';
export type { Language, TranslatedLanguage, TranslatedText, Translations, TranslationLimits } from './shared/language';

export { mayWriteStaffAccount } from './accounts/domain/staff.entity';
export { STAFF_ROLES, isAdmin, isHeadOfficeAdmin, canManageClinic, checkClinicScope } from './clinic-scope/domain/clinic-scope';
export type { ScopedActor, ScopedStaff } from './clinic-scope/domain/clinic-scope';
export type { Staff, NewStaff, StaffRole } from './accounts/domain/staff.entity';
export { MEMBER_STATUSES, canLogIn } from './accounts/domain/member.entity';
export type { Member, MemberChanges, MemberWriteOptions, NewMember, MemberStatus } from './accounts/domain/member.entity';
export { parseLoginName, isEmailLike } from './accounts/domain/login-name.value-object';
export type { LoginName } from './accounts/domain/login-name.value-object';
export type { StaffRepositoryPort } from './accounts/ports/staff-repository.port';
export type { MemberRepositoryPort } from './accounts/ports/member-repository.port';
export type { PasswordHasherPort } from './accounts/ports/password-hasher.port';
export { DEFAULT_LOGIN_ATTEMPT_POLICY, LOGIN_LIMIT_POLICIES } from './accounts/ports/login-attempt-limiter.port';
export type { LoginAttemptLimiterPort, LoginAttemptPolicy, WiderLoginLimiters } from './accounts/ports/login-attempt-limiter.port';
export { RESET_REQUEST_POLICIES, ResetRequestThrottle, type ResetRequestLimiters } from './accounts/application/reset-request-throttle';
export type { SessionPrincipal, SessionRevokerPort, SessionStorePort, StoredSession } from './accounts/ports/session-store.port';
export { LogInUseCase } from './accounts/application/log-in.use-case';
export type { LogInCommand, LoggedIn, LogInError } from './accounts/application/log-in.use-case';
export { BOOTSTRAP_ADMIN_EMAIL, BootstrapAdminUseCase } from './accounts/application/bootstrap-admin.use-case';
export {
  TWO_FACTOR_ISSUER,
  RECOVERY_CODE_COUNT,
  DEFAULT_TWO_FACTOR_GRACE_DAYS,
  isEnrolled,
  mustUseTwoFactor,
  graceDeadline,
  asTotpCode,
  normaliseRecoveryCode,
} from './accounts/domain/two-factor';
export type { TwoFactorState } from './accounts/domain/two-factor';
export type { TotpPort, RecoveryCodesPort } from './accounts/ports/totp.port';
export type { TwoFactorRepositoryPort } from './accounts/ports/two-factor-repository.port';
export { ManageTwoFactorUseCase } from './accounts/application/manage-two-factor.use-case';
export type {
  TwoFactorSettings,
  TwoFactorStatus,
  TwoFactorLoginCheck,
  RequestFacts as TwoFactorRequestFacts,
} from './accounts/application/manage-two-factor.use-case';
export { AdministerTwoFactorUseCase } from './accounts/application/administer-two-factor.use-case';
export type { ClinicTwoFactorRequirement } from './accounts/application/administer-two-factor.use-case';

export { CLINIC_DEFAULTS, MAX_CLINIC_BREAKS, orderBreaks, validateClinicSettings, validateHoliday } from './clinics/domain/clinic.entity';
export type { Clinic, ClinicBreak, ClinicHoliday, ClinicSettings, NewClinicBreak, OpeningHours } from './clinics/domain/clinic.entity';
export type { ClinicRepositoryPort } from './clinics/ports/clinic-repository.port';
export type { MenuCategoryLookupPort } from './clinics/ports/menu-category-lookup.port';
export { SaveClinicUseCase } from './clinics/application/save-clinic.use-case';
export { ManageClinicHolidaysUseCase } from './clinics/application/manage-clinic-holidays.use-case';

export type { AuditEntry, AuditLogPort } from './audit/ports/audit-log.port';
// --- staff access audit ---
export { ACCESS_ACTIONS, ACCESS_OUTCOMES, MAX_RECORDED_MEMBER_IDS, outcomeOfStatus } from './audit/domain/access-entry';
export type { AccessAction, AccessFacts, AccessLogFilter, AccessMemberLabel, AccessOutcome, AccessRecord } from './audit/domain/access-entry';
export type { AccessLogSearchPort } from './audit/ports/access-log-search.port';
export { SearchAccessLogUseCase, ACCESS_EXPORT_MAX_ROWS } from './audit/application/search-access-log.use-case';
export type { AccessLogPage } from './audit/application/search-access-log.use-case';
export type { PageView, PageViewRepositoryPort } from './analytics/ports/page-view-repository.port';
export { FUNNEL_STEPS, type FunnelStep } from './analytics/ports/page-view-repository.port';

// --- facilities (rooms, machines) ---
export {
  FACILITY_TERMS,
  FACILITY_NAME_MAX,
  DISPLAY_ORDER_MAX,
  validateFacilityChanges,
  nextDisplayOrder,
  byDisplayOrder,
} from './facilities/domain/facility.entity';
export type { Facility, FacilityChanges, FacilityKind, NewFacility, FacilityExistsCode, FacilityNotFoundCode } from './facilities/domain/facility.entity';
export type { FacilityRepositoryPort } from './facilities/ports/facility-repository.port';
export { ManageFacilitiesUseCase } from './facilities/application/manage-facilities.use-case';
export type { NewFacilityCommand } from './facilities/application/manage-facilities.use-case';

// --- menus (categories, menus, tasks) ---
export { CATEGORY_NAME_MAX, validateCategoryName, validateNewOrder } from './menus/domain/menu-category.entity';
export type { MenuCategory, NewMenuCategory } from './menus/domain/menu-category.entity';
export { MENU_KINDS, MENU_RULES, menuDuration, isWebBookable, validateMenuDraft, checkTaskResources, oneMenuPerClinic } from './menus/domain/menu.entity';
export type { Menu, MenuDraft, MenuKind, MenuRecord, MenuTask, MenuTaskDraft } from './menus/domain/menu.entity';
export type { MenuCategoryRepositoryPort } from './menus/ports/menu-category-repository.port';
export type { MenuListFilter, MenuRepositoryPort } from './menus/ports/menu-repository.port';
export type { MenuFormsPort } from './menus/ports/menu-forms.port';
export { ManageMenuCategoriesUseCase } from './menus/application/manage-menu-categories.use-case';
export { SaveMenuUseCase, MENU_IN_USE } from './menus/application/save-menu.use-case';
export type { SaveMenuError } from './menus/application/save-menu.use-case';

// --- staff management (staff admin, invitations, password reset, mail) ---
export type { StaffChanges } from './accounts/domain/staff.entity';
export type { MailMessage, MailPort, MailOutboxPort, OutboxMail } from './mail/ports/mail.port';
export {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  mayManageStaffAt,
  mayWriteStaff,
  validatePassword,
  validateStaffChanges,
} from './staff-management/domain/staff-account.rules';
export { STAFF_TOKEN_PURPOSES, STAFF_TOKEN_LIFETIME_MINUTES, staffTokenUrl } from './staff-management/domain/staff-token';
export type { StaffToken, StaffTokenLinks, StaffTokenPurpose } from './staff-management/domain/staff-token';
export { invitationMail, passwordResetMail } from './staff-management/domain/staff-mails';
export type { StaffTokenRepositoryPort, RedeemOutcome } from './staff-management/ports/staff-token-repository.port';
export type { SecretTokensPort } from './staff-management/ports/secret-tokens.port';
export type { StaffReferencesPort } from './staff-management/ports/staff-references.port';
export { StaffTokenMailer } from './staff-management/application/staff-token-mailer';
export type { IssuedLink } from './staff-management/application/staff-token-mailer';
export { SaveStaffUseCase } from './staff-management/application/save-staff.use-case';
export type { CreateStaffCommand, CreatedStaff } from './staff-management/application/save-staff.use-case';
export { DeleteStaffUseCase } from './staff-management/application/delete-staff.use-case';
export { ReorderStaffUseCase } from './staff-management/application/reorder-staff.use-case';
export { SetStaffMenusUseCase } from './staff-management/application/set-staff-menus.use-case';
export { InviteStaffUseCase } from './staff-management/application/invite-staff.use-case';
export { StaffPasswordUseCase } from './staff-management/application/staff-password.use-case';

// --- schedules and blocks ---
export {
  SCHEDULE_RANGE_MAX_DAYS,
  datesOnWeekdays,
  instantOn,
  parseDate,
  placeSchedule,
  timeOfDayOn,
  validateDateRange,
  weekdayOf,
} from './schedules/domain/schedule.entity';
export type { PlacedSchedule, Schedule, ScheduleBreak, ScheduleTimes } from './schedules/domain/schedule.entity';
export { BLOCK_MAX_DAYS, BLOCK_RESOURCE_TYPES, overlapsBreak, validateBlockTimes } from './schedules/domain/block.entity';
export type { Block, BlockResourceType, NewBlock } from './schedules/domain/block.entity';
export type { ScheduleQuery, ScheduleRepositoryPort } from './schedules/ports/schedule-repository.port';
export type { BlockQuery, BlockRepositoryPort } from './schedules/ports/block-repository.port';
export type { ScheduleLookupsPort } from './schedules/ports/schedule-lookups.port';
export { SaveScheduleUseCase } from './schedules/application/save-schedule.use-case';
export type { ScheduleCommand } from './schedules/application/save-schedule.use-case';
export { CreateWeeklySchedulesUseCase } from './schedules/application/create-weekly-schedules.use-case';
export type { SkipReason, WeeklyScheduleCommand, WeeklyScheduleOutcome } from './schedules/application/create-weekly-schedules.use-case';
export { SaveBlockUseCase } from './schedules/application/save-block.use-case';
export type { BlockCommand } from './schedules/application/save-block.use-case';

// --- settings (breaks, holidays, memos, tags, check items, announcements) ---
export { MEMO_DATE_TAKEN, MEMO_MAX_LENGTH, validateMemoContent } from './calendar-memos/domain/calendar-memo.entity';
export type { CalendarMemo, NewCalendarMemo } from './calendar-memos/domain/calendar-memo.entity';
export type { CalendarMemoRepositoryPort } from './calendar-memos/ports/calendar-memo-repository.port';
export { ManageCalendarMemosUseCase } from './calendar-memos/application/manage-calendar-memos.use-case';
export { TAG_NAME_MAX, validateTagName } from './settings/domain/tag.entity';
export type { Tag } from './settings/domain/tag.entity';
export { CHECK_CONDITION_KINDS, conditionApplies, validateCheckCondition } from './settings/domain/check-condition.entity';
export type { CheckCondition, CheckConditionInput, CheckConditionKind, MemberHistory } from './settings/domain/check-condition.entity';
export { CHECK_ITEM_NOTE_MAX, tickCheckItem } from './settings/domain/check-item.entity';
export type { CheckItem, CheckItemState } from './settings/domain/check-item.entity';
export {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  isPublishedAt,
  mayWriteAnnouncement,
  toClinicInstant,
  validateAnnouncement,
} from './settings/domain/announcement.entity';
export type { Announcement, AnnouncementInput } from './settings/domain/announcement.entity';
export type { TagRepositoryPort } from './settings/ports/tag-repository.port';
export type { CheckConditionRepositoryPort } from './settings/ports/check-condition-repository.port';
export type { CheckItemRepositoryPort } from './settings/ports/check-item-repository.port';
export type { MemberHistoryPort } from './settings/ports/member-history.port';
export type { AnnouncementRepositoryPort } from './settings/ports/announcement-repository.port';
export { ManageTagsUseCase } from './settings/application/manage-tags.use-case';
export { ManageCheckConditionsUseCase } from './settings/application/manage-check-conditions.use-case';
export { ChecklistUseCase } from './settings/application/checklist.use-case';
export { ManageAnnouncementsUseCase } from './settings/application/manage-announcements.use-case';

// --- reservations ---
export { AvailabilityEngine, SLOTS_PER_DAY, SLOT_MS } from './reservations/domain/availability-engine';
export { dayStartMs } from './shared/period';
export type {
  AvailabilityQuery,
  EngineBusy,
  EngineBusyDay,
  EngineDay,
  EngineSchedule,
  EngineTask,
  ResourceType,
  Slot,
  TaskAssignment,
} from './reservations/domain/availability-engine';
export { bookingDays, openRangesOf } from './reservations/domain/booking-calendar';
export type { ClinicBreakHours, ClinicCalendar } from './reservations/domain/booking-calendar';
export {
  RESERVATION_STATUSES,
  beforeDeadline,
  confirmable,
  holdsMenu,
  isLive,
  planMove,
  replacementOf,
  spanOf,
  transition,
} from './reservations/domain/reservation.entity';
export type {
  MenuBooking,
  MoveTarget,
  NewReservation,
  Reservation,
  ReservationSource,
  ReservationStatus,
  ReservationTask,
  ReservationView,
  TaskReplacement,
} from './reservations/domain/reservation.entity';
export { BOOKING_HORIZON_DAYS, SEARCH_DAYS, START_REJECTIONS, checkSearchWindow, checkStart, horizonMs, todayIn } from './reservations/domain/booking-policy';
export type { StartRejection } from './reservations/domain/booking-policy';
export type {
  AvailabilityContext,
  AvailabilitySetting,
  AvailabilitySourcePort,
  BookingClinic,
  BookingMenu,
  BookingMenuTask,
  SearchContext,
} from './reservations/ports/availability-source.port';
export type {
  ConflictCode,
  CreateOptions,
  FreedTime,
  ReservationRepositoryPort,
  ReservationTx,
  StaffReservationFilter,
  StatusChange,
} from './reservations/ports/reservation-repository.port';
export { writeOnlineBooking } from './reservations/application/online-booking';
export { confirmVisit, hasLiveBookingOfMenu } from './reservations/application/reservation-checks';
export type { OnlinePerson, OnlineWriteError } from './reservations/application/online-booking';
export { CALENDAR_MAX_DAYS, RESERVATION_SEARCH_MAX_DAYS, ReservationQueriesUseCase } from './reservations/application/reservation-queries.use-case';
export type { FreeResources, ReservationSearch } from './reservations/application/reservation-queries.use-case';
export type { ContractLedgerPort } from './reservations/ports/contract-ledger.port';
export { decideGuestMember, normaliseGuest, normaliseGuestName, normaliseGuestPhone } from './reservations/domain/guest-member';
export type { GuestDetails, GuestLookup, GuestMemberDecision, NormalisedGuest, TemporaryMemberRecord } from './reservations/domain/guest-member';
export type { GuestMembersPort } from './reservations/ports/guest-members.port';
export { findOrCreateGuestMember } from './reservations/application/guest-member';
export { GuestLimitsUseCase } from './reservations/application/guest-limits.use-case';
export type { CancelTokensPort } from './reservations/ports/cancel-tokens.port';
export type { IdempotencyClaim, IdempotencyStorePort } from './reservations/ports/idempotency-store.port';
export type { ChangeFeedPort, ClinicChange } from './reservations/ports/change-feed.port';
export type { HistoryEntry, ReservationHistoryPort } from './reservations/ports/reservation-history.port';
export {
  MENU_REJECTIONS,
  SEARCH_ERRORS,
  STAFF_SEARCH_ERRORS,
  SearchAvailabilityUseCase,
  checkBookable,
} from './reservations/application/search-availability.use-case';
export type { Audience, MenuRejection, SearchCommand, SearchError } from './reservations/application/search-availability.use-case';
export {
  BookReservationUseCase,
  GUEST_BOOKING_ERRORS,
  MEMBER_BOOKING_ERRORS,
  PLAN_ERRORS,
  unusable,
} from './reservations/application/book-reservation.use-case';
export { STAFF_BOOKING_ERRORS, STAFF_UPDATE_ERRORS, StaffBookingUseCase, outsideHours } from './reservations/application/staff-booking.use-case';
export type { AutomaticStaffBooking, ExplicitStaffBooking, OutsideHoursReason, StaffBookingError } from './reservations/application/staff-booking.use-case';
export { GuestBookingGuard } from './reservations/application/guest-booking-guard';
export type { GuestAttempt, GuestGuardCounters, GuestGuardPolicy } from './reservations/application/guest-booking-guard';
export type { AttemptCounterPort, ProofOfWorkChallenge, ProofOfWorkPort } from './reservations/ports/guest-guard.port';
export type {
  BookingError,
  ExplicitTask,
  GuestBookingError,
  MemberBookingError,
  OnlineBooking,
  PlanError,
} from './reservations/application/book-reservation.use-case';
export {
  GUEST_CANCEL_ERRORS,
  GUEST_CONFIRM_ERRORS,
  MEMBER_CANCEL_ERRORS,
  MEMBER_CHANGE_ERRORS,
  MEMBER_CONFIRM_ERRORS,
  MOVE_ERRORS,
  ManageReservationUseCase,
} from './reservations/application/manage-reservation.use-case';

// --- members ---
export { MEMBER_TOKEN_LIFETIME_MINUTES, MEMBER_TOKEN_PURPOSES, guestCancelUrl, memberTokenUrl } from './members/domain/member-token';
export type { MemberLinks, MemberToken, MemberTokenPurpose } from './members/domain/member-token';
export { PASSWORD_MIN as MEMBER_PASSWORD_MIN, PASSWORD_MAX as MEMBER_PASSWORD_MAX, checkStatusChange } from './members/domain/member.rules';
export { isUsable, sessionsRemaining } from './members/domain/contract.entity';
export type { Contract, NewContract } from './members/domain/contract.entity';
export type { MemberTokenOutcome, MemberTokenRepositoryPort } from './members/ports/member-token-repository.port';
export type { MemberDirectoryPort, MemberFilter, MemberListing, MemberPage } from './members/ports/member-directory.port';
export type { ContractRepositoryPort } from './members/ports/contract-repository.port';
export { MemberQueriesUseCase } from './members/application/member-queries.use-case';
export type { MemberDetail } from './members/application/member-queries.use-case';
export { MemberAccountUseCase } from './members/application/member-account.use-case';
export { ManageMembersUseCase } from './members/application/manage-members.use-case';
export type { CreateMemberCommand, MemberDetails, OwnChangeCommand, UpdateMemberCommand } from './members/application/manage-members.use-case';

// --- LINE Login ---
export { LINE_FLOW_MINUTES, isLineFlowExpired, lineFlowFrom } from './line/domain/line-flow';
export type { LineFlow, LinePurpose } from './line/domain/line-flow';
export type { LineAuthorization, LineCodeExchange, LineLoginPort } from './line/ports/line-login.port';
export type { LineLinkOutcome, LineLinkRepositoryPort } from './line/ports/line-link-repository.port';
export { LineLoginUseCase } from './line/application/line-login.use-case';
export type { LineCallback, LineFinished, LineFinishError } from './line/application/line-login.use-case';

// --- the LINE app (LIFF) and LINE's webhook ---
export { parsePostback } from './line/domain/line-webhook-event';
export type { LineWebhookEvent } from './line/domain/line-webhook-event';
export type {
  LineAppReservationsPort,
  LineFriendshipsPort,
  LineIdTokenVerifierPort,
  LinePushPort,
  LineWebhookInboxPort,
  VerifiedLineUser,
} from './line/ports/line-app.port';
export { LINE_APP_CANCEL_ERRORS, LineAppUseCase } from './line/application/line-app.use-case';
export type { LineAppSession } from './line/application/line-app.use-case';
export { LineWebhookUseCase, welcomeText } from './line/application/line-webhook.use-case';
export type { LineEventOutcome } from './line/application/line-webhook.use-case';

// --- reports ---
export { REPORT_KEYS, REPORT_KEY_ALIASES, ACCEPTED_REPORT_KEYS, REPORT_DEFINITIONS, reportKeyOf } from './reports/domain/report-catalog';
export type { ReportCell, ReportColumn, ReportColumnKind, ReportDefinition, ReportKey, ReportRow } from './reports/domain/report-catalog';
export { FIRST_REPORT_MONTH, parseReportMonth } from './reports/domain/report-month.value-object';
export type { ReportMonth } from './reports/domain/report-month.value-object';
export { mayReadReport, percentOf } from './reports/domain/report.entity';
export type { Report } from './reports/domain/report.entity';
export type { ReportQueriesPort, ReportScope } from './reports/ports/report-queries.port';
export { GetReportUseCase } from './reports/application/get-report.use-case';
export type { GetReportCommand, GetReportError } from './reports/application/get-report.use-case';

// --- salon-management system (販売管理システム) ---
export { salonRefOf } from './salons/domain/salon-member';
export type {
  SalonContract,
  SalonExportedMember,
  SalonFailure,
  SalonMember,
  SalonMemberRef,
  SalonSyncCounts,
  SalonSyncError,
  SalonSyncReport,
} from './salons/domain/salon-member';
export { SalonSystemError } from './salons/domain/salon-system.error';
export type { SalonSystemPort } from './salons/ports/salon-system.port';
export type { SalonMirrorPort } from './salons/ports/salon-mirror.port';
export type { ContractSourcePort } from './salons/ports/contract-source.port';
export { LedgerContractSource } from './salons/application/ledger-contract-source';
export { SalonContractSource } from './salons/application/salon-contract-source';
export { SalonIntegrationUseCase } from './salons/application/salon-integration.use-case';
export { SourcedContractRepository } from './salons/application/sourced-contract-repository';

// --- messages: confirmations, changes, cancellations, reminders (docs/messages.md) ---
export {
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  MESSAGE_CHANNELS,
  NOTIFICATION_PREFERENCES,
  MAX_DELIVERY_ATTEMPTS,
  NO_MESSAGES,
  chooseAddress,
  retryDelayMs,
} from './messages/domain/message.entity';
export type {
  Address,
  MessageChannel,
  MessageKind,
  MessagePayload,
  MessageRecord,
  MessageStatus,
  NewMessage,
  NotificationPreference,
  OutboxWrite,
  Recipient,
} from './messages/domain/message.entity';
export { DEFAULT_REMINDER_RULES, MAX_REMINDER_RULES, MAX_REMINDER_HOURS, reminderTimes, validateReminderRules } from './messages/domain/reminder-rules';
export type { ReminderRule } from './messages/domain/reminder-rules';
export { clinicLabel, messageLinks, renderMessage, renderWaitlistMessage, waitlistLink } from './messages/domain/message-texts';
export type { MessageButton, MessageFacts, MessageText, RenderableKind, WaitlistFacts } from './messages/domain/message-texts';
export { confirmPostbackData, lineButtons } from './messages/domain/line-buttons';
export type { LineButtonLinks } from './messages/domain/line-buttons';
export type { DeliveryFacts, MessageFilter, MessageRecipientsPort, MessageRepositoryPort } from './messages/ports/message-repository.port';
export { MessageDeliveryError } from './messages/ports/message-channels.port';
export type { MessageChannelsPort } from './messages/ports/message-channels.port';
export { ReservationMessages } from './messages/application/reservation-messages';
export type { MessagingClinic, Visit } from './messages/application/reservation-messages';
export { DeliverMessageUseCase, LINE_UNFOLLOWED } from './messages/application/deliver-message.use-case';
export type { DeliveryOutcome, DeliveryPolicy } from './messages/application/deliver-message.use-case';
export {
  StaffMessagesUseCase,
  MESSAGE_LIST_LIMIT,
  MESSAGE_RESEND_ERRORS,
  RESEND_COOL_DOWN_MS,
  type StaffMessage,
} from './messages/application/staff-messages.use-case';
export type { MessageResendError } from './messages/application/staff-messages.use-case';
export { LineUsageUseCase, LINE_USAGE_ERRORS } from './messages/application/line-usage.use-case';
export type { LineUsage, LineUsageClinic, LineUsageError } from './messages/application/line-usage.use-case';
export type { LineUsagePort, LineUsageRow } from './messages/ports/line-usage.port';

// --- waitlist (キャンセル待ち) and the no-show policy (docs/waitlist.md) ---
export {
  WAITLIST_STATUSES,
  QUIET_FROM_HOUR,
  QUIET_UNTIL_HOUR,
  DEFAULT_HOLD_MINUTES,
  WAITLIST_MAX_OPEN_PER_ADDRESS,
  WAITLIST_MAX_OPEN_PER_PERSON,
  checkJoin,
  checkJoinHours,
  fitsEntry,
  offerTiming,
  waitlistPersonKey,
  waitlistView,
} from './waitlist/domain/waitlist.entity';
export type { NewWaitlistEntry, TimeRange, WaitlistEntry, WaitlistGuest, WaitlistOffer, WaitlistStatus } from './waitlist/domain/waitlist.entity';
export type { DueOffer, HeldOffer, NewOffer, WaitlistRepositoryPort, WaitlistTx } from './waitlist/ports/waitlist-repository.port';
export { WaitlistMatcher } from './waitlist/application/waitlist-matcher';

// --- the no-show policy, used by reservations and the waitlist (docs/waitlist.md) ---
export { bookingRestriction, noShowWindowStartMs } from './no-shows/domain/booking-restriction';
export type { BookingRestriction, ManualRestriction, NoShow, NoShowSettings } from './no-shows/domain/booking-restriction';
export type { NoShowRecordPort } from './no-shows/ports/no-show.port';
export { BookingRestrictions } from './no-shows/application/booking-restrictions';
export type { NoShowClinic, NoShowClinicsPort, Person } from './no-shows/application/booking-restrictions';
export {
  GUEST_WAITLIST_ACCEPT_ERRORS,
  GUEST_WAITLIST_DECLINE_ERRORS,
  GUEST_WAITLIST_JOIN_ERRORS,
  MEMBER_WAITLIST_JOIN_ERRORS,
  STAFF_WAITLIST_OFFER_ERRORS,
  WAITLIST_ACCEPT_ERRORS,
  WAITLIST_DECLINE_ERRORS,
  WAITLIST_JOIN_ERRORS,
  WAITLIST_LIMITS,
  WaitlistUseCase,
} from './waitlist/application/waitlist.use-case';
export type { AcceptError, JoinCommand, JoinError } from './waitlist/application/waitlist.use-case';
export type { FreedTimePort } from './schedules/ports/freed-time.port';

// --- forms: 問診票 and 同意書 (docs/forms.md) ---
export {
  FORM_KINDS,
  ITEM_TYPES,
  VERSION_STATUSES,
  MENU_FORM_WHEN,
  FORM_RULES,
  validateFormDraft,
  validateDefinition,
  localizeVersion,
  localizeTitle,
  definitionOf,
} from './forms/domain/form.entity';
export type {
  Answers,
  AnswerValue,
  Form,
  FormDraft,
  FormItem,
  FormKind,
  FormTitleTranslations,
  FormVersion,
  ItemTranslation,
  ItemType,
  MenuForm,
  MenuFormWhen,
  VersionDefinition,
  VersionStatus,
  VersionTranslation,
  VersionTranslations,
} from './forms/domain/form.entity';
export { validateAnswers, validateSignature, flagsOf, visibleKeys, SIGNATURE_IMAGE_MAX } from './forms/domain/form-answers';
export type { SignatureInput } from './forms/domain/form-answers';
export { canonicalJson, chainHash, verifyChain } from './forms/domain/form-chain';
export type { ChainLink } from './forms/domain/form-chain';
export { COUNTERSIGN_MODES, statusOf, responseRecord } from './forms/domain/form-response.entity';
export type { Countersign, CountersignMode, FormResponse, FormStatus, NewFormResponse, StoredSignature } from './forms/domain/form-response.entity';
export type { FormRepositoryPort } from './forms/ports/form-repository.port';
export type {
  ChainTip,
  Completion,
  FormResponseStorePort,
  FormsStatusFacts,
  MenuRequirement,
  ResponseStatus,
  StatusQuery,
} from './forms/ports/form-response-store.port';
export type { HashPort } from './forms/ports/hash.port';
export { ManageFormsUseCase, clinicIso } from './forms/application/manage-forms.use-case';
export type { FormWithVersions } from './forms/application/manage-forms.use-case';
export { FormsUseCase } from './forms/application/forms.use-case';
export type { FormsSummary, PersonForm, RequiredForm, ResponseView, SubmitInput, Submitted } from './forms/application/forms.use-case';
