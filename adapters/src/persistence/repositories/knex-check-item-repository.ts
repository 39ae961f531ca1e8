import type { CheckItem, CheckItemRepositoryPort, CheckItemState, MemberHistory, MemberHistoryPort } from '@clinic/core';
import type { Knex } from 'knex';
import { toClinicIso } from './instants';

const ID = /^\d{1,18}$/;

interface ItemRow {
  id: string | number;
  user_id: string | number;
  condition_id: string | number;
  condition_name: string;
  checked: boolean;
  checked_at: Date | string | null;
  checked_by: string | number | null;
  note: string;
}

const toItem = (row: ItemRow): CheckItem => ({
  id: String(row.id),
  userId: String(row.user_id),
  conditionId: String(row.condition_id),
  conditionName: row.condition_name,
  checked: row.checked,
  checkedAt: row.checked_at === null ? null : toClinicIso(row.checked_at),
  checkedBy: row.checked_by === null ? null : String(row.checked_by),
  note: row.note,
});

export class KnexCheckItemRepository implements CheckItemRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async listForMember(userId: string): Promise<CheckItem[]> {
    if (!ID.test(userId)) return [];
    const rows = await this.items()
      .where('i.user_id', userId)
      .orderBy([{ column: 'c.display_order' }, { column: 'c.id' }]);
    return rows.map(toItem);
  }

  async ensure(userId: string, conditionIds: readonly string[]): Promise<string[]> {
    if (conditionIds.length === 0) return [];
    // Two staff opening the checklist at once create each item once: the unique pair decides.
    const rows: { condition_id: string | number }[] = await this.knex('check_items')
      .insert(conditionIds.map((conditionId) => ({ user_id: userId, condition_id: conditionId })))
      .onConflict(['user_id', 'condition_id'])
      .ignore()
      .returning('condition_id');
    return rows.map((row) => String(row.condition_id));
  }

  async findById(id: string): Promise<CheckItem | null> {
    if (!ID.test(id)) return null;
    const row = await this.items().where('i.id', id).first();
    return row ? toItem(row) : null;
  }

  async update(id: string, state: CheckItemState): Promise<CheckItem | null> {
    if (!ID.test(id)) return null;
    const updated = await this.knex('check_items')
      .update({ checked: state.checked, checked_at: state.checkedAt, checked_by: state.checkedBy, note: state.note })
      .where('id', id)
      .returning('id');
    return updated.length > 0 ? this.findById(id) : null;
  }

  private items() {
    return this.knex<ItemRow>('check_items as i')
      .join('check_conditions as c', 'c.id', 'i.condition_id')
      .select('i.id', 'i.user_id', 'i.condition_id', 'c.name as condition_name', 'i.checked', 'i.checked_at', 'i.checked_by', 'i.note');
  }
}

/** What the checklist needs of a member's reservations, in one query. */
export class KnexMemberHistory implements MemberHistoryPort {
  constructor(private readonly knex: Knex) {}

  async historyOf(userId: string): Promise<MemberHistory> {
    if (!ID.test(userId)) return { hasVisited: false, categoryIds: [] };
    const result = await this.knex.raw(
      `select
         exists (select 1 from reservations where user_id = ? and status = 'VISITED') as has_visited,
         coalesce((select array_agg(distinct m.category_id::text)
                   from reservations r
                   join reservation_menus rm on rm.reservation_id = r.id
                   join menus m on m.id = rm.menu_id
                   where r.user_id = ? and r.status in ('RESERVED', 'VISITED')), '{}') as category_ids`,
      [userId, userId],
    );
    const row = result.rows[0] as { has_visited: boolean; category_ids: string[] | string };
    const categoryIds = Array.isArray(row.category_ids) ? row.category_ids : String(row.category_ids).replace(/[{}]/g, '').split(',').filter(Boolean);
    return { hasVisited: row.has_visited, categoryIds };
  }
}
