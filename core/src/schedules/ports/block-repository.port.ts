import type { Block, NewBlock } from '../domain/block.entity';

export interface BlockQuery {
  readonly clinicId: string;
  /** Blocks overlapping [from, to): ISO 8601 instants. */
  readonly from: string;
  readonly to: string;
}

export interface BlockRepositoryPort {
  /** Ordered by start, then id. */
  list(query: BlockQuery): Promise<Block[]>;
  findById(id: string): Promise<Block | null>;
  /**
   * Stores the block and holds its resource for the time (one allocation), in one transaction;
   * throws DomainRuleViolation(RESOURCE_COLLISION) when the resource is already held then by
   * another block or a live reservation.
   */
  create(block: NewBlock): Promise<Block>;
  /** Removes the block and frees its resource. */
  delete(id: string): Promise<boolean>;
}
