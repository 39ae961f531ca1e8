import { clinicZone, type Block, type BlockQuery, type BlockRepositoryPort, type BlockResourceType, type NewBlock } from '@clinic/core';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { translateScheduleError } from './knex-schedule-repository';

const CONSTRAINTS = { allocations_no_overlap: 'RESOURCE_COLLISION' } as const;
const FOREIGN_KEYS = {
  blocks_staff_id_fkey: 'STAFF_NOT_FOUND',
  blocks_room_id_fkey: 'ROOM_NOT_FOUND',
  blocks_machine_id_fkey: 'MACHINE_NOT_FOUND',
  blocks_clinic_id_fkey: 'CLINIC_NOT_FOUND',
} as const;

const ID = /^\d{1,18}$/;

const COLUMN: Readonly<Record<BlockResourceType, 'staff_id' | 'room_id' | 'machine_id'>> = { STAFF: 'staff_id', ROOM: 'room_id', MACHINE: 'machine_id' };

interface BlockRow {
  id: string;
  clinic_id: string;
  resource_type: BlockResourceType;
  staff_id: string | null;
  room_id: string | null;
  machine_id: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  reason: string;
}

const iso = (value: Date | string): string =>
  DateTime.fromJSDate(value instanceof Date ? value : new Date(value))
    .setZone(clinicZone)
    .toISO({ suppressMilliseconds: true })!;

const toBlock = (row: BlockRow): Block => ({
  id: String(row.id),
  clinicId: String(row.clinic_id),
  resourceType: row.resource_type,
  resourceId: String(row[COLUMN[row.resource_type]]),
  startsAt: iso(row.starts_at),
  endsAt: iso(row.ends_at),
  reason: row.reason,
});

/**
 * Blocks in `blocks`, each holding its resource with one row of `allocations` written in the same
 * transaction: the exclusion constraint `allocations_no_overlap` refuses a block over another
 * block or a live reservation of the same resource.
 */
export class KnexBlockRepository implements BlockRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async list(query: BlockQuery): Promise<Block[]> {
    if (!ID.test(query.clinicId)) return [];
    const rows: BlockRow[] = await this.knex('blocks')
      .where('clinic_id', query.clinicId)
      .where('starts_at', '<', query.to)
      .where('ends_at', '>', query.from)
      .orderBy([{ column: 'starts_at' }, { column: 'id' }]);
    return rows.map(toBlock);
  }

  async findById(id: string): Promise<Block | null> {
    if (!ID.test(id)) return null;
    const row: BlockRow | undefined = await this.knex('blocks').where('id', id).first();
    return row ? toBlock(row) : null;
  }

  async create(block: NewBlock): Promise<Block> {
    try {
      const id = await this.knex.transaction(async (trx) => {
        const [row] = await trx('blocks')
          .insert({
            clinic_id: block.clinicId,
            resource_type: block.resourceType,
            [COLUMN[block.resourceType]]: block.resourceId,
            starts_at: block.startsAt,
            ends_at: block.endsAt,
            reason: block.reason,
          })
          .returning('id');
        const blockId = String((row as { id: string }).id);
        await trx('allocations').insert({
          clinic_id: block.clinicId,
          resource_type: block.resourceType,
          resource_id: block.resourceId,
          during: trx.raw(`tstzrange(?::timestamptz, ?::timestamptz, '[)')`, [block.startsAt, block.endsAt]),
          live: true,
          block_id: blockId,
        });
        return blockId;
      });
      return (await this.findById(id))!;
    } catch (error) {
      return translateScheduleError(error, CONSTRAINTS, FOREIGN_KEYS);
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    // The allocation goes with it (on delete cascade).
    return (await this.knex('blocks').where('id', id).delete().returning('id')).length > 0;
  }
}
