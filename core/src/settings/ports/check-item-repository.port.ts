import type { CheckItem, CheckItemState } from '../domain/check-item.entity';

export interface CheckItemRepositoryPort {
  /** The member's items, in the order of their conditions (display order, then id). */
  listForMember(userId: string): Promise<CheckItem[]>;
  /** Creates the member's items of these conditions that do not exist yet; answers the conditions it created items for. */
  ensure(userId: string, conditionIds: readonly string[]): Promise<string[]>;
  findById(id: string): Promise<CheckItem | null>;
  /** Null when there is no such item. */
  update(id: string, state: CheckItemState): Promise<CheckItem | null>;
}
