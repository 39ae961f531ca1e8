import {
  InMemoryAnnouncementRepository,
  InMemoryCalendarMemoRepository,
  InMemoryCheckConditionRepository,
  InMemoryCheckItemRepository,
  InMemoryMemberHistory,
  InMemoryMenuCategoryLookup,
  InMemoryTagRepository,
} from '../fakes';
import {
  KnexAnnouncementRepository,
  KnexCalendarMemoRepository,
  KnexCheckConditionRepository,
  KnexCheckItemRepository,
  KnexMemberHistory,
  KnexMenuCategoryLookup,
  KnexTagRepository,
} from '@clinic/adapters/persistence';
import type {
  AnnouncementRepositoryPort,
  CalendarMemoRepositoryPort,
  CheckConditionRepositoryPort,
  CheckItemRepositoryPort,
  MemberHistoryPort,
  MenuCategoryLookupPort,
  TagRepositoryPort,
} from '@clinic/core';
import type { Knex } from 'knex';

type ReservationStatus = 'RESERVED' | 'VISITED' | 'CANCELLED' | 'NOT_VISITED';

/** The ports of calendar memos and chain-wide settings, with ways to seed what they read from other modules. */
export interface SettingsPorts {
  readonly memos: CalendarMemoRepositoryPort;
  readonly tags: TagRepositoryPort;
  readonly conditions: CheckConditionRepositoryPort;
  readonly checkItems: CheckItemRepositoryPort;
  readonly history: MemberHistoryPort;
  readonly announcements: AnnouncementRepositoryPort;
  readonly categories: MenuCategoryLookupPort;
  /** A menu category of the clinic; answers its id. */
  seedCategory(clinicId: string, name: string): Promise<string>;
  /** A reservation of the member for a menu of the category, in the given status. */
  seedReservation(userId: string, clinicId: string, categoryId: string, status: ReservationStatus): Promise<void>;
}

export const inMemorySettingsPorts = (tags: InMemoryTagRepository = new InMemoryTagRepository()): SettingsPorts => {
  const categories = new InMemoryMenuCategoryLookup();
  const conditions = new InMemoryCheckConditionRepository(categories);
  const history = new InMemoryMemberHistory();
  const reservations: { userId: string; categoryId: string; status: ReservationStatus }[] = [];
  let nextCategory = 1;
  return {
    memos: new InMemoryCalendarMemoRepository(),
    tags,
    conditions,
    checkItems: new InMemoryCheckItemRepository(conditions),
    history,
    announcements: new InMemoryAnnouncementRepository(),
    categories,
    seedCategory: async (clinicId) => {
      const id = String(nextCategory++);
      categories.add(id, clinicId);
      return id;
    },
    seedReservation: async (userId, _clinicId, categoryId, status) => {
      reservations.push({ userId, categoryId, status });
      const own = reservations.filter((reservation) => reservation.userId === userId);
      history.set(userId, {
        hasVisited: own.some((reservation) => reservation.status === 'VISITED'),
        categoryIds: [
          ...new Set(
            own.filter((reservation) => reservation.status === 'RESERVED' || reservation.status === 'VISITED').map((reservation) => reservation.categoryId),
          ),
        ],
      });
    },
  };
};

export const knexSettingsPorts = (knex: Knex): SettingsPorts => ({
  memos: new KnexCalendarMemoRepository(knex),
  tags: new KnexTagRepository(knex),
  conditions: new KnexCheckConditionRepository(knex),
  checkItems: new KnexCheckItemRepository(knex),
  history: new KnexMemberHistory(knex),
  announcements: new KnexAnnouncementRepository(knex),
  categories: new KnexMenuCategoryLookup(knex),
  seedCategory: async (clinicId, name) => {
    const [row] = await knex('menu_categories').insert({ clinic_id: clinicId, name }).returning('id');
    return String(row.id);
  },
  seedReservation: (userId, clinicId, categoryId, status) => seedReservationRows(knex, { userId, clinicId, categoryId, status }),
});

let menuCounter = 0;

/** Raw rows of a one-menu reservation (the reservations module owns the real way to book). */
export const seedReservationRows = async (
  knex: Knex,
  input: { userId: string; clinicId: string; categoryId: string; status: ReservationStatus; startsAt?: string },
): Promise<void> => {
  const [menu] = await knex('menus')
    .insert({ clinic_id: input.clinicId, category_id: input.categoryId, name: `テストメニュー${++menuCounter}`, kind: 'NEW' })
    .returning('id');
  const startsAt = input.startsAt ?? '2026-01-05T10:00:00+09:00';
  const [reservation] = await knex('reservations')
    .insert({
      clinic_id: input.clinicId,
      user_id: input.userId,
      status: input.status,
      source: 'STAFF',
      starts_at: startsAt,
      ends_at: knex.raw("?::timestamptz + interval '30 minutes'", [startsAt]),
      created_by_type: 'staff',
    })
    .returning('id');
  await knex('reservation_menus').insert({ reservation_id: reservation.id, position: 0, menu_id: menu.id });
};
