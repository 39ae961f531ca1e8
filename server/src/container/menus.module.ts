import { adminMenusRouter, guestsMenusRouter, staffsMenusRouter, usersMenusRouter } from '@clinic/adapters/http';
import { KnexMenuCategoryRepository, KnexMenuRepository, type Database } from '@clinic/adapters/persistence';
import {
  ManageMenuCategoriesUseCase,
  SaveMenuUseCase,
  type AuditLogPort,
  type ClinicRepositoryPort,
  type FacilityRepositoryPort,
  type ManageFormsUseCase,
  type MemberRepositoryPort,
  type MenuCategoryRepositoryPort,
  type MenuRepositoryPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { FACILITIES } from './facilities.module';
import { ACCOUNTS, CLINICS, FORMS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.menus.${name}`);

/** Menu categories and menus with their tasks. */
export const MENUS = {
  categories: token<MenuCategoryRepositoryPort>('categories'),
  menus: token<MenuRepositoryPort>('menus'),
  manageCategories: token<ManageMenuCategoriesUseCase>('manageCategories'),
  saveMenu: token<SaveMenuUseCase>('saveMenu'),
} as const;

export const menusModule = new ContainerModule(({ bind }) => {
  bind(MENUS.categories)
    .toResolvedValue((db: Database) => new KnexMenuCategoryRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(MENUS.menus)
    .toResolvedValue((db: Database) => new KnexMenuRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(MENUS.manageCategories)
    .toResolvedValue(
      (categories: MenuCategoryRepositoryPort, clinics: ClinicRepositoryPort, audit: AuditLogPort) =>
        new ManageMenuCategoriesUseCase(categories, clinics, audit),
      [MENUS.categories, CLINICS.clinics, SHARED.audit],
    )
    .inSingletonScope();
  bind(MENUS.saveMenu)
    .toResolvedValue(
      (
        menus: MenuRepositoryPort,
        categories: MenuCategoryRepositoryPort,
        rooms: FacilityRepositoryPort,
        machines: FacilityRepositoryPort,
        audit: AuditLogPort,
        forms: ManageFormsUseCase,
      ) => new SaveMenuUseCase(menus, categories, rooms, machines, audit, forms),
      [MENUS.menus, MENUS.categories, FACILITIES.rooms, FACILITIES.machines, SHARED.audit, FORMS.manage],
    )
    .inSingletonScope();

  bind(HTTP.router)
    .toResolvedValue(
      (
        categories: MenuCategoryRepositoryPort,
        menus: MenuRepositoryPort,
        manageCategories: ManageMenuCategoriesUseCase,
        saveMenu: SaveMenuUseCase,
        staffs: StaffRepositoryPort,
        members: MemberRepositoryPort,
        forms: ManageFormsUseCase,
      ) => adminMenusRouter({ categories, menus, manageCategories, saveMenu, forms }, { staffs, members }),
      [MENUS.categories, MENUS.menus, MENUS.manageCategories, MENUS.saveMenu, ACCOUNTS.staffs, ACCOUNTS.members, FORMS.manage],
    )
    .inSingletonScope();
  for (const router of [staffsMenusRouter, guestsMenusRouter, usersMenusRouter]) {
    bind(HTTP.router)
      .toResolvedValue(
        (categories: MenuCategoryRepositoryPort, menus: MenuRepositoryPort, staffs: StaffRepositoryPort, members: MemberRepositoryPort) =>
          router({ categories, menus }, { staffs, members }),
        [MENUS.categories, MENUS.menus, ACCOUNTS.staffs, ACCOUNTS.members],
      )
      .inSingletonScope();
  }
});
