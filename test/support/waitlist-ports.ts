import { InMemoryNoShows, InMemoryWaitlist, type InMemoryReservationWorld } from '../fakes';
import { KnexAvailabilitySource, KnexNoShowRecords, KnexReservationRepository, KnexWaitlistRepository } from '@clinic/adapters/persistence';
import type { NoShowRecordPort, WaitlistRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';

/** The waitlist and no-show ports of one port set (test/support/port-sets.ts), over its reservations, members and staff. */
export interface WaitlistPorts {
  readonly waitlist: WaitlistRepositoryPort;
  readonly noShows: NoShowRecordPort;
}

export const inMemoryWaitlistPorts = (world: InMemoryReservationWorld): WaitlistPorts => {
  const noShows = new InMemoryNoShows(world);
  return { waitlist: new InMemoryWaitlist(world, noShows), noShows };
};

/** As the server wires them (server/src/container/waitlist.module.ts), without an outbox writer. */
export const knexWaitlistPorts = (knex: Knex): WaitlistPorts => ({
  waitlist: new KnexWaitlistRepository(
    knex,
    { availability: (trx) => new KnexAvailabilitySource(trx), booking: (trx) => new KnexReservationRepository(trx).txOn(trx) },
    null,
  ),
  noShows: new KnexNoShowRecords(knex),
});
