export {
  InMemoryAuditLog,
  InMemoryClinicRepository,
  InMemoryLoginAttemptLimiter,
  InMemoryMemberRepository,
  InMemoryPageViewRepository,
  InMemorySessionStore,
  InMemoryStaffRepository,
} from './in-memory-repositories';
export { InMemoryTwoFactorRepository } from './in-memory-two-factor';

// --- facilities (rooms, machines) ---
export { InMemoryFacilityRepository } from './in-memory-facilities-menus';

// --- menus (categories, menus, tasks) ---
export { InMemoryMenuCategoryRepository, InMemoryMenuRepository } from './in-memory-facilities-menus';

// --- staff management (staff admin, invitations, password reset, mail) ---
export { InMemoryMailOutbox, InMemoryStaffReferences, InMemoryStaffTokenRepository, SequentialSecretTokens } from './in-memory-staff-management';

// --- schedules and blocks ---
export { InMemoryBlockRepository, InMemoryScheduleLookups, InMemoryScheduleRepository } from './in-memory-schedules';

// --- settings (breaks, holidays, memos, tags, check items, announcements) ---
export {
  InMemoryAnnouncementRepository,
  InMemoryCalendarMemoRepository,
  InMemoryCheckConditionRepository,
  InMemoryCheckItemRepository,
  InMemoryMemberHistory,
  InMemoryMenuCategoryLookup,
  InMemoryTagRepository,
} from './in-memory-settings';

// --- reservations (the allocations are shared with the blocks) ---
export { InMemoryAllocations } from './in-memory-allocations';
export {
  InMemoryAvailabilitySource,
  InMemoryContracts,
  InMemoryReservationRepository,
  SequentialCancelTokens,
  inMemoryReservationWorld,
  type InMemoryReservationWorld,
  type ReservationWorld,
} from './in-memory-reservations';
export { seedBookableClinic, type BookableClinic } from './bookable-clinic';

// --- members: the directory's tags and lookups, password tokens ---
export { InMemoryMemberDirectory, InMemoryMemberTokens } from './in-memory-members';

// --- waitlist (its offers hold time in the shared allocations) and no-shows ---
export { InMemoryNoShows, InMemoryWaitlist } from './in-memory-waitlist';

// --- forms: 問診票 and 同意書 ---
export { InMemoryFormRepository, InMemoryFormResponseStore, sha256Hasher } from './in-memory-forms';
