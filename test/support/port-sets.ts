import {
  InMemoryAllocations,
  InMemoryAuditLog,
  InMemoryClinicRepository,
  InMemoryLoginAttemptLimiter,
  InMemoryMemberRepository,
  InMemoryPageViewRepository,
  InMemorySessionStore,
  InMemoryStaffRepository,
  InMemoryTagRepository,
  InMemoryTwoFactorRepository,
  inMemoryReservationWorld,
} from '../fakes';
import {
  KnexAuditLog,
  KnexClinicRepository,
  KnexLoginAttemptLimiter,
  KnexMemberRepository,
  KnexPageViewRepository,
  KnexSessionStore,
  KnexStaffRepository,
  KnexTwoFactorRepository,
  type Database,
} from '@clinic/adapters/persistence';
import type {
  AuditLogPort,
  ClinicRepositoryPort,
  LoginAttemptLimiterPort,
  LoginAttemptPolicy,
  MemberRepositoryPort,
  PageViewRepositoryPort,
  SessionRevokerPort,
  SessionStorePort,
  StaffRepositoryPort,
  TwoFactorRepositoryPort,
} from '@clinic/core';
import { SecretBox } from '@clinic/adapters/security';
import { closeTestDatabase, truncateAll, type DatabaseTarget } from './databases';
import { inMemoryStaffSchedulePorts, knexStaffSchedulePorts, type StaffSchedulePorts } from './staff-schedule-ports';
import { inMemorySettingsPorts, knexSettingsPorts, type SettingsPorts } from './settings-ports';
import { inMemoryFacilitiesMenus, knexFacilitiesMenus, type FacilitiesMenusPorts } from './facilities-menus-ports';
import { inMemoryReservationPorts, knexReservationPorts, type ReservationPorts } from './reservation-ports';
import { inMemoryMemberStorePorts, knexMemberStorePorts, type MemberStorePorts } from './member-ports';
import { inMemoryWaitlistPorts, knexWaitlistPorts, type WaitlistPorts } from './waitlist-ports';

/** One implementation of every port, made fresh for each test. */
export interface PortSet {
  readonly clinics: ClinicRepositoryPort;
  readonly staffs: StaffRepositoryPort;
  readonly members: MemberRepositoryPort;
  readonly sessions: SessionStorePort & SessionRevokerPort;
  readonly audit: AuditLogPort;
  readonly pageViews: PageViewRepositoryPort;
  limiter(policy: LoginAttemptPolicy): LoginAttemptLimiterPort;
  readonly staffSchedules: StaffSchedulePorts;
  readonly settings: SettingsPorts;
  readonly facilitiesMenus: FacilitiesMenusPorts;
  readonly twoFactor: TwoFactorRepositoryPort;
  readonly reservations: ReservationPorts;
  /** Members' password tokens and the member directory. */
  readonly memberStore: MemberStorePorts;
  /** The waitlist and the no-show records. */
  readonly waitlist: WaitlistPorts;
}

export interface PortSetFactory {
  readonly name: string;
  /** Called once per test file. */
  start(): Promise<void>;
  /** A clean set of ports: called before each test. */
  fresh(): Promise<PortSet>;
  stop(): Promise<void>;
}

export const inMemoryPorts = (): PortSetFactory => ({
  name: 'in-memory',
  start: async () => {},
  fresh: async () => {
    const staffs = new InMemoryStaffRepository();
    const clinics = new InMemoryClinicRepository();
    const members = new InMemoryMemberRepository();
    const allocations = new InMemoryAllocations();
    const staffSchedules = inMemoryStaffSchedulePorts(staffs, allocations);
    const facilitiesMenus = inMemoryFacilitiesMenus();
    const { rooms, machines, menus } = facilitiesMenus;
    const tags = new InMemoryTagRepository();
    const world = inMemoryReservationWorld({ clinics, members, staffs, rooms, machines, menus, schedules: staffSchedules.schedules, allocations });
    return {
      staffs,
      staffSchedules,
      clinics,
      twoFactor: new InMemoryTwoFactorRepository(staffs, clinics),
      members,
      sessions: new InMemorySessionStore(),
      audit: new InMemoryAuditLog(),
      pageViews: new InMemoryPageViewRepository(),
      limiter: (policy) => new InMemoryLoginAttemptLimiter(policy),
      settings: inMemorySettingsPorts(tags),
      facilitiesMenus,
      reservations: inMemoryReservationPorts(world),
      waitlist: inMemoryWaitlistPorts(world),
      memberStore: inMemoryMemberStorePorts({ members, clinics, tags }),
    };
  },
  stop: async () => {},
});

export const knexPorts = (target: DatabaseTarget): PortSetFactory => {
  let db: Database | null = null;
  return {
    name: target.name,
    start: async () => {
      db = await target.open();
    },
    fresh: async () => {
      const knex = db!.knex;
      await truncateAll(db!);
      return {
        clinics: new KnexClinicRepository(knex),
        staffs: new KnexStaffRepository(knex),
        members: new KnexMemberRepository(knex),
        sessions: new KnexSessionStore(knex),
        audit: new KnexAuditLog(knex),
        pageViews: new KnexPageViewRepository(knex),
        limiter: (policy) => new KnexLoginAttemptLimiter(knex, policy),
        staffSchedules: knexStaffSchedulePorts(knex),
        settings: knexSettingsPorts(knex),
        facilitiesMenus: knexFacilitiesMenus(knex),
        twoFactor: new KnexTwoFactorRepository(knex, new SecretBox(SecretBox.generateKey())),
        reservations: knexReservationPorts(knex),
        memberStore: knexMemberStorePorts(knex),
        waitlist: knexWaitlistPorts(knex),
      };
    },
    stop: async () => {
      if (db) await closeTestDatabase(db);
    },
  };
};
