import { InMemoryAvailabilitySource, InMemoryContracts, InMemoryReservationRepository, type ReservationWorld } from '../fakes';
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

export const inMemoryReservationPorts = (world: ReservationWorld): ReservationPorts => {
  const reservations = new InMemoryReservationRepository(world);
  const contracts = new InMemoryContracts({ menus: world.menus, reservations });
  return { reservations, availability: new InMemoryAvailabilitySource(world), ledger: contracts, contracts };
};

export const knexReservationPorts = (knex: Knex): ReservationPorts => ({
  reservations: new KnexReservationRepository(knex),
  availability: new KnexAvailabilitySource(knex),
  ledger: new KnexContractLedger(knex),
  contracts: new KnexContractRepository(knex),
});
