import { adminClinicsRouter, guestsRouter } from '@clinic/adapters/http';
import { KnexClinicRepository, KnexMenuCategoryLookup, type Database } from '@clinic/adapters/persistence';
import {
  ManageClinicHolidaysUseCase,
  SaveClinicUseCase,
  type AuditLogPort,
  type ClinicRepositoryPort,
  type ClockPort,
  type MemberRepositoryPort,
  type MenuCategoryLookupPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { ACCOUNTS, CLINICS, HTTP, SHARED } from './tokens';

/** Tokens of the clinic settings added with breaks, holidays and the insurance category. */
export const CLINIC_SETUP = {
  categoryLookup: Symbol.for('clinic.clinics.categoryLookup') as ServiceIdentifier<MenuCategoryLookupPort>,
  holidays: Symbol.for('clinic.clinics.holidays') as ServiceIdentifier<ManageClinicHolidaysUseCase>,
} as const;

export const clinicsModule = new ContainerModule(({ bind }) => {
  bind(CLINICS.clinics)
    .toResolvedValue((db: Database, clock: ClockPort) => new KnexClinicRepository(db.knex, clock), [SHARED.database, SHARED.clock])
    .inSingletonScope();
  bind(CLINIC_SETUP.categoryLookup)
    .toResolvedValue((db: Database) => new KnexMenuCategoryLookup(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(CLINICS.saveClinic)
    .toResolvedValue(
      (clinics: ClinicRepositoryPort, audit: AuditLogPort, categories: MenuCategoryLookupPort) => new SaveClinicUseCase(clinics, audit, categories),
      [CLINICS.clinics, SHARED.audit, CLINIC_SETUP.categoryLookup],
    )
    .inSingletonScope();
  bind(CLINIC_SETUP.holidays)
    .toResolvedValue(
      (clinics: ClinicRepositoryPort, audit: AuditLogPort, clock: ClockPort) => new ManageClinicHolidaysUseCase(clinics, audit, clock),
      [CLINICS.clinics, SHARED.audit, SHARED.clock],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (
        clinics: ClinicRepositoryPort,
        save: SaveClinicUseCase,
        holidays: ManageClinicHolidaysUseCase,
        staffs: StaffRepositoryPort,
        members: MemberRepositoryPort,
      ) => adminClinicsRouter(clinics, save, holidays, { staffs, members }),
      [CLINICS.clinics, CLINICS.saveClinic, CLINIC_SETUP.holidays, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (clinics: ClinicRepositoryPort, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => guestsRouter(clinics, { staffs, members }),
      [CLINICS.clinics, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
