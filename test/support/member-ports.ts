import {
  InMemoryMemberDirectory,
  InMemoryMemberTokens,
  type InMemoryClinicRepository,
  type InMemoryMemberRepository,
  type InMemoryTagRepository,
} from '../fakes';
import { KnexMemberDirectory, KnexMemberTokenRepository } from '@clinic/adapters/persistence';
import type { MemberDirectoryPort, MemberTokenRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';

/**
 * The member ports of one port set (test/support/port-sets.ts) beside its members, clinics and tags.
 * The fake directory leaves out the listings (search, byIds): read models it does not fake.
 */
export interface MemberStorePorts {
  readonly tokens: MemberTokenRepositoryPort;
  readonly directory: MemberDirectoryPort;
}

export const inMemoryMemberStorePorts = (world: {
  readonly members: InMemoryMemberRepository;
  readonly clinics: InMemoryClinicRepository;
  readonly tags: InMemoryTagRepository;
}): MemberStorePorts => ({
  tokens: new InMemoryMemberTokens(world.members),
  directory: new InMemoryMemberDirectory(world),
});

export const knexMemberStorePorts = (knex: Knex): MemberStorePorts => ({
  tokens: new KnexMemberTokenRepository(knex),
  directory: new KnexMemberDirectory(knex),
});
