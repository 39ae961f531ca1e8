import { adminFacilitiesRouter, staffsFacilitiesRouter } from '@clinic/adapters/http';
import { KnexFacilityRepository, type Database } from '@clinic/adapters/persistence';
import {
  ManageFacilitiesUseCase,
  type AuditLogPort,
  type ClinicRepositoryPort,
  type ClockPort,
  type FacilityRepositoryPort,
  type MemberRepositoryPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { ACCOUNTS, CLINICS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.facilities.${name}`);

/** Rooms and machines: one repository and one use case per kind. */
export const FACILITIES = {
  rooms: token<FacilityRepositoryPort>('rooms'),
  machines: token<FacilityRepositoryPort>('machines'),
  manageRooms: token<ManageFacilitiesUseCase>('manageRooms'),
  manageMachines: token<ManageFacilitiesUseCase>('manageMachines'),
} as const;

export const facilitiesModule = new ContainerModule(({ bind }) => {
  bind(FACILITIES.rooms)
    .toResolvedValue((db: Database) => new KnexFacilityRepository(db.knex, 'ROOM'), [SHARED.database])
    .inSingletonScope();
  bind(FACILITIES.machines)
    .toResolvedValue((db: Database) => new KnexFacilityRepository(db.knex, 'MACHINE'), [SHARED.database])
    .inSingletonScope();
  const manage = (facilities: FacilityRepositoryPort, clinics: ClinicRepositoryPort, audit: AuditLogPort, clock: ClockPort) =>
    new ManageFacilitiesUseCase(facilities, clinics, audit, clock);
  bind(FACILITIES.manageRooms).toResolvedValue(manage, [FACILITIES.rooms, CLINICS.clinics, SHARED.audit, SHARED.clock]).inSingletonScope();
  bind(FACILITIES.manageMachines).toResolvedValue(manage, [FACILITIES.machines, CLINICS.clinics, SHARED.audit, SHARED.clock]).inSingletonScope();

  bind(HTTP.router)
    .toResolvedValue(
      (
        rooms: FacilityRepositoryPort,
        machines: FacilityRepositoryPort,
        manageRooms: ManageFacilitiesUseCase,
        manageMachines: ManageFacilitiesUseCase,
        staffs: StaffRepositoryPort,
        members: MemberRepositoryPort,
      ) => adminFacilitiesRouter({ repository: rooms, manage: manageRooms }, { repository: machines, manage: manageMachines }, { staffs, members }),
      [FACILITIES.rooms, FACILITIES.machines, FACILITIES.manageRooms, FACILITIES.manageMachines, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (rooms: FacilityRepositoryPort, machines: FacilityRepositoryPort, staffs: StaffRepositoryPort, members: MemberRepositoryPort) =>
        staffsFacilitiesRouter(rooms, machines, { staffs, members }),
      [FACILITIES.rooms, FACILITIES.machines, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
