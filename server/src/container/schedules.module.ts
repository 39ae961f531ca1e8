import { schedulesRouter, type SchedulesHttp } from '@clinic/adapters/http';
import { KnexBlockRepository, KnexScheduleLookups, KnexScheduleRepository, type Database } from '@clinic/adapters/persistence';
import {
  CreateWeeklySchedulesUseCase,
  SaveBlockUseCase,
  SaveScheduleUseCase,
  type AuditLogPort,
  type BlockRepositoryPort,
  type MemberRepositoryPort,
  type ScheduleLookupsPort,
  type ScheduleRepositoryPort,
  type StaffRepositoryPort,
  type FreedTimePort,
  type WaitlistUseCase,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { ACCOUNTS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.schedules.${name}`);

/** Tokens of the schedules module: staff schedules (勤務) and blocks (予約ブロック). */
export const SCHEDULES = {
  schedules: token<ScheduleRepositoryPort>('schedules'),
  blocks: token<BlockRepositoryPort>('blocks'),
  lookups: token<ScheduleLookupsPort>('lookups'),
  saveSchedule: token<SaveScheduleUseCase>('saveSchedule'),
  weeklySchedules: token<CreateWeeklySchedulesUseCase>('weeklySchedules'),
  saveBlock: token<SaveBlockUseCase>('saveBlock'),
} as const;

/** The waitlist's use case (waitlist.module.ts), named here to avoid a cycle of imports. */
const WAITLIST_USE_CASE: ServiceIdentifier<WaitlistUseCase> = Symbol.for('clinic.waitlist.useCase');
/** Lifted blocks and added shifts free time: the waitlist is offered it (docs/waitlist.md). */
const freedTimeOf = (waitlist: WaitlistUseCase): FreedTimePort => ({ freed: (time) => waitlist.matchFreed(time) });

export const schedulesModule = new ContainerModule(({ bind }) => {
  bind(SCHEDULES.schedules)
    .toResolvedValue((db: Database) => new KnexScheduleRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(SCHEDULES.blocks)
    .toResolvedValue((db: Database) => new KnexBlockRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(SCHEDULES.lookups)
    .toResolvedValue((db: Database) => new KnexScheduleLookups(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(SCHEDULES.saveSchedule)
    .toResolvedValue(
      (schedules: ScheduleRepositoryPort, staffs: StaffRepositoryPort, lookups: ScheduleLookupsPort, audit: AuditLogPort, waitlist: WaitlistUseCase) =>
        new SaveScheduleUseCase(schedules, staffs, lookups, audit, freedTimeOf(waitlist)),
      [SCHEDULES.schedules, ACCOUNTS.staffs, SCHEDULES.lookups, SHARED.audit, WAITLIST_USE_CASE],
    )
    .inSingletonScope();
  bind(SCHEDULES.weeklySchedules)
    .toResolvedValue(
      (schedules: ScheduleRepositoryPort, staffs: StaffRepositoryPort, lookups: ScheduleLookupsPort, audit: AuditLogPort) =>
        new CreateWeeklySchedulesUseCase(schedules, staffs, lookups, audit),
      [SCHEDULES.schedules, ACCOUNTS.staffs, SCHEDULES.lookups, SHARED.audit],
    )
    .inSingletonScope();
  bind(SCHEDULES.saveBlock)
    .toResolvedValue(
      (
        blocks: BlockRepositoryPort,
        schedules: ScheduleRepositoryPort,
        staffs: StaffRepositoryPort,
        lookups: ScheduleLookupsPort,
        audit: AuditLogPort,
        waitlist: WaitlistUseCase,
      ) => new SaveBlockUseCase(blocks, schedules, staffs, lookups, audit, freedTimeOf(waitlist)),
      [SCHEDULES.blocks, SCHEDULES.schedules, ACCOUNTS.staffs, SCHEDULES.lookups, SHARED.audit, WAITLIST_USE_CASE],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (
        schedules: ScheduleRepositoryPort,
        blocks: BlockRepositoryPort,
        saveSchedule: SaveScheduleUseCase,
        weeklySchedules: CreateWeeklySchedulesUseCase,
        saveBlock: SaveBlockUseCase,
        staffs: StaffRepositoryPort,
        members: MemberRepositoryPort,
      ) => schedulesRouter({ schedules, blocks, saveSchedule, weeklySchedules, saveBlock } satisfies SchedulesHttp, { staffs, members }),
      [SCHEDULES.schedules, SCHEDULES.blocks, SCHEDULES.saveSchedule, SCHEDULES.weeklySchedules, SCHEDULES.saveBlock, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
