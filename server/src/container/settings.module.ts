import {
  adminSettingsRouter,
  calendarMemosRouter,
  staffsSettingsRouter,
  usersAnnouncementsRouter,
  type SettingsRouterDependencies,
} from '@clinic/adapters/http';
import {
  KnexAnnouncementRepository,
  KnexCalendarMemoRepository,
  KnexCheckConditionRepository,
  KnexCheckItemRepository,
  KnexMemberHistory,
  KnexTagRepository,
  type Database,
} from '@clinic/adapters/persistence';
import {
  ChecklistUseCase,
  ManageAnnouncementsUseCase,
  ManageCalendarMemosUseCase,
  ManageCheckConditionsUseCase,
  ManageTagsUseCase,
  type AnnouncementRepositoryPort,
  type AuditLogPort,
  type CalendarMemoRepositoryPort,
  type CheckConditionRepositoryPort,
  type CheckItemRepositoryPort,
  type ClinicRepositoryPort,
  type ClockPort,
  type MemberHistoryPort,
  type MemberRepositoryPort,
  type MenuCategoryLookupPort,
  type StaffRepositoryPort,
  type TagRepositoryPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { CLINIC_SETUP } from './clinics.module';
import { ACCOUNTS, CLINICS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.settings.${name}`);

/** Calendar memos and the chain-wide settings: tags, check conditions and items, announcements. */
export const SETTINGS = {
  memos: token<CalendarMemoRepositoryPort>('memos'),
  manageMemos: token<ManageCalendarMemosUseCase>('manageMemos'),
  tags: token<TagRepositoryPort>('tags'),
  manageTags: token<ManageTagsUseCase>('manageTags'),
  conditions: token<CheckConditionRepositoryPort>('conditions'),
  manageConditions: token<ManageCheckConditionsUseCase>('manageConditions'),
  checkItems: token<CheckItemRepositoryPort>('checkItems'),
  memberHistory: token<MemberHistoryPort>('memberHistory'),
  checklist: token<ChecklistUseCase>('checklist'),
  announcements: token<AnnouncementRepositoryPort>('announcements'),
  manageAnnouncements: token<ManageAnnouncementsUseCase>('manageAnnouncements'),
  routerDependencies: token<SettingsRouterDependencies>('routerDependencies'),
} as const;

export const settingsModule = new ContainerModule(({ bind }) => {
  const knexBound = <T>(id: ServiceIdentifier<T>, make: (db: Database) => T) => bind(id).toResolvedValue(make, [SHARED.database]).inSingletonScope();
  knexBound(SETTINGS.memos, (db) => new KnexCalendarMemoRepository(db.knex));
  knexBound(SETTINGS.tags, (db) => new KnexTagRepository(db.knex));
  knexBound(SETTINGS.conditions, (db) => new KnexCheckConditionRepository(db.knex));
  knexBound(SETTINGS.checkItems, (db) => new KnexCheckItemRepository(db.knex));
  knexBound(SETTINGS.memberHistory, (db) => new KnexMemberHistory(db.knex));
  knexBound(SETTINGS.announcements, (db) => new KnexAnnouncementRepository(db.knex));

  bind(SETTINGS.manageMemos)
    .toResolvedValue(
      (memos: CalendarMemoRepositoryPort, clinics: ClinicRepositoryPort, audit: AuditLogPort) => new ManageCalendarMemosUseCase(memos, clinics, audit),
      [SETTINGS.memos, CLINICS.clinics, SHARED.audit],
    )
    .inSingletonScope();
  bind(SETTINGS.manageTags)
    .toResolvedValue((tags: TagRepositoryPort, audit: AuditLogPort) => new ManageTagsUseCase(tags, audit), [SETTINGS.tags, SHARED.audit])
    .inSingletonScope();
  bind(SETTINGS.manageConditions)
    .toResolvedValue(
      (conditions: CheckConditionRepositoryPort, categories: MenuCategoryLookupPort, audit: AuditLogPort) =>
        new ManageCheckConditionsUseCase(conditions, categories, audit),
      [SETTINGS.conditions, CLINIC_SETUP.categoryLookup, SHARED.audit],
    )
    .inSingletonScope();
  bind(SETTINGS.checklist)
    .toResolvedValue(
      (
        members: MemberRepositoryPort,
        conditions: CheckConditionRepositoryPort,
        items: CheckItemRepositoryPort,
        history: MemberHistoryPort,
        audit: AuditLogPort,
        clock: ClockPort,
      ) => new ChecklistUseCase(members, conditions, items, history, audit, clock),
      [ACCOUNTS.members, SETTINGS.conditions, SETTINGS.checkItems, SETTINGS.memberHistory, SHARED.audit, SHARED.clock],
    )
    .inSingletonScope();
  bind(SETTINGS.manageAnnouncements)
    .toResolvedValue(
      (announcements: AnnouncementRepositoryPort, clinics: ClinicRepositoryPort, audit: AuditLogPort) =>
        new ManageAnnouncementsUseCase(announcements, clinics, audit),
      [SETTINGS.announcements, CLINICS.clinics, SHARED.audit],
    )
    .inSingletonScope();
  bind(SETTINGS.routerDependencies)
    .toResolvedValue(
      (
        tags: TagRepositoryPort,
        manageTags: ManageTagsUseCase,
        conditions: CheckConditionRepositoryPort,
        manageConditions: ManageCheckConditionsUseCase,
        checklist: ChecklistUseCase,
        announcements: AnnouncementRepositoryPort,
        manageAnnouncements: ManageAnnouncementsUseCase,
        clock: ClockPort,
      ): SettingsRouterDependencies => ({ tags, manageTags, conditions, manageConditions, checklist, announcements, manageAnnouncements, clock }),
      [
        SETTINGS.tags,
        SETTINGS.manageTags,
        SETTINGS.conditions,
        SETTINGS.manageConditions,
        SETTINGS.checklist,
        SETTINGS.announcements,
        SETTINGS.manageAnnouncements,
        SHARED.clock,
      ],
    )
    .inSingletonScope();

  const withAccounts = (
    make: (
      deps: SettingsRouterDependencies,
      accounts: { staffs: StaffRepositoryPort; members: MemberRepositoryPort },
    ) => ReturnType<typeof adminSettingsRouter>,
  ) =>
    bind(HTTP.router)
      .toResolvedValue(
        (deps: SettingsRouterDependencies, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => make(deps, { staffs, members }),
        [SETTINGS.routerDependencies, ACCOUNTS.staffs, ACCOUNTS.members],
      )
      .inSingletonScope();
  withAccounts(adminSettingsRouter);
  withAccounts(staffsSettingsRouter);
  withAccounts(usersAnnouncementsRouter);
  bind(HTTP.router)
    .toResolvedValue(
      (manage: ManageCalendarMemosUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => calendarMemosRouter(manage, { staffs, members }),
      [SETTINGS.manageMemos, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
