import { InMemoryFacilityRepository, InMemoryMenuCategoryRepository, InMemoryMenuRepository } from '../fakes';
import { KnexFacilityRepository, KnexMenuCategoryRepository, KnexMenuRepository } from '@clinic/adapters/persistence';
import type { FacilityRepositoryPort, MenuCategoryRepositoryPort, MenuRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';

/** The facility and menu ports of one port set (test/support/port-sets.ts). */
export interface FacilitiesMenusPorts {
  readonly rooms: FacilityRepositoryPort;
  readonly machines: FacilityRepositoryPort;
  readonly categories: MenuCategoryRepositoryPort;
  readonly menus: MenuRepositoryPort;
}

/** The in-memory ones, typed as the fakes they are (the reservation fakes read them). */
export interface InMemoryFacilitiesMenus extends FacilitiesMenusPorts {
  readonly rooms: InMemoryFacilityRepository;
  readonly machines: InMemoryFacilityRepository;
  readonly menus: InMemoryMenuRepository;
}

export const inMemoryFacilitiesMenus = (): InMemoryFacilitiesMenus => {
  const rooms = new InMemoryFacilityRepository('ROOM');
  const machines = new InMemoryFacilityRepository('MACHINE');
  const categories = new InMemoryMenuCategoryRepository();
  return { rooms, machines, categories, menus: new InMemoryMenuRepository(categories, rooms, machines) };
};

export const knexFacilitiesMenus = (knex: Knex): FacilitiesMenusPorts => ({
  rooms: new KnexFacilityRepository(knex, 'ROOM'),
  machines: new KnexFacilityRepository(knex, 'MACHINE'),
  categories: new KnexMenuCategoryRepository(knex),
  menus: new KnexMenuRepository(knex),
});
