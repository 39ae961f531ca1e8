import type { InMemoryReservationWorld } from '../fakes';
import { KnexAvailabilitySource, KnexContractLedger, KnexContractRepository, KnexReservationRepository } from '@clinic/adapters/persistence';
import type { AvailabilitySourcePort, ContractLedgerPort, ContractRepositoryPort, ReservationRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';

/** The reservation ports of one port set (test/support/port-sets.ts), over the same clinics, members, staff, menus and blocks. */
export interface ReservationPorts {
  readonly reservations: ReservationRepositoryPort;
  readonly availability: AvailabilitySourcePort;
  readonly ledger: ContractLedgerPort;
  readonly contracts: ContractRepositoryPort;
}

/** The reservation ports of a world of fakes (`inMemoryReservationWorld`), which the waitlist fake shares. */
export const inMemoryReservationPorts = (world: InMemoryReservationWorld): ReservationPorts => ({
  reservations: world.reservations,
  availability: world.availability,
  ledger: world.contracts,
  contracts: world.contracts,
});

export const knexReservationPorts = (knex: Knex): ReservationPorts => ({
  reservations: new KnexReservationRepository(knex),
  availability: new KnexAvailabilitySource(knex),
  ledger: new KnexContractLedger(knex),
  contracts: new KnexContractRepository(knex),
});
