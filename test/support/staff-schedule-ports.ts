import {
  InMemoryAllocations,
  InMemoryBlockRepository,
  InMemoryMailOutbox,
  InMemoryScheduleRepository,
  InMemoryStaffRepository,
  InMemoryStaffTokenRepository,
} from '../fakes';
import { KnexBlockRepository, KnexMailOutbox, KnexScheduleRepository, KnexStaffTokenRepository } from '@clinic/adapters/persistence';
import type { BlockRepositoryPort, MailOutboxPort, MailPort, ScheduleRepositoryPort, StaffTokenRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';

/** The ports of staff management and schedules, beside the PortSet's staff repository. */
export interface StaffSchedulePorts {
  readonly staffTokens: StaffTokenRepositoryPort;
  readonly mail: MailPort & MailOutboxPort;
  readonly schedules: ScheduleRepositoryPort;
  readonly blocks: BlockRepositoryPort;
}

/** Blocks hold their resources in `allocations`, shared with the reservation fake as the table is. */
export const inMemoryStaffSchedulePorts = (
  staffs: InMemoryStaffRepository,
  allocations = new InMemoryAllocations(),
): StaffSchedulePorts & { readonly schedules: InMemoryScheduleRepository } => ({
  staffTokens: new InMemoryStaffTokenRepository(staffs),
  mail: new InMemoryMailOutbox(),
  schedules: new InMemoryScheduleRepository(),
  blocks: new InMemoryBlockRepository(allocations),
});

export const knexStaffSchedulePorts = (knex: Knex): StaffSchedulePorts => ({
  staffTokens: new KnexStaffTokenRepository(knex),
  mail: new KnexMailOutbox(knex),
  schedules: new KnexScheduleRepository(knex),
  blocks: new KnexBlockRepository(knex),
});
