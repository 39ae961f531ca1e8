import type { Tag } from '../domain/tag.entity';

export interface TagRepositoryPort {
  /** By display order, then id. */
  list(): Promise<Tag[]>;
  findById(id: string): Promise<Tag | null>;
  /** Appended last. Throws DomainRuleViolation(TAG_EXISTS) on a taken name. */
  create(name: string): Promise<Tag>;
  /** Null when there is no such tag; throws DomainRuleViolation(TAG_EXISTS) on a taken name. */
  rename(id: string, name: string): Promise<Tag | null>;
  /** Whether a tag was removed (it comes off every member too). */
  delete(id: string): Promise<boolean>;
}
