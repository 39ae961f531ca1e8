import type { Tag, TagRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';
import { TagModel } from '../models/settings.model';
import { translateDbError } from '../pg-errors';

const CONSTRAINTS = { tags_name_unique: 'TAG_EXISTS' } as const;
const ID = /^\d{1,18}$/;

const toTag = (row: TagModel): Tag => ({ id: String(row.id), name: row.name, displayOrder: row.display_order });

export class KnexTagRepository implements TagRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async list(): Promise<Tag[]> {
    return (await TagModel.query(this.knex).orderBy(['display_order', 'id'])).map(toTag);
  }

  async findById(id: string): Promise<Tag | null> {
    if (!ID.test(id)) return null;
    const row = await TagModel.query(this.knex).findById(id);
    return row ? toTag(row) : null;
  }

  async create(name: string): Promise<Tag> {
    try {
      const row = await TagModel.query(this.knex)
        .insert({ name, display_order: this.knex.raw('(select coalesce(max(display_order) + 1, 0) from tags)') } as never)
        .returning('*');
      return toTag(row as unknown as TagModel);
    } catch (error) {
      return translateDbError(error, CONSTRAINTS);
    }
  }

  async rename(id: string, name: string): Promise<Tag | null> {
    if (!ID.test(id)) return null;
    try {
      const rows = await this.knex('tags').update({ name }).where('id', id).returning('id');
      return rows.length > 0 ? this.findById(id) : null;
    } catch (error) {
      return translateDbError(error, CONSTRAINTS);
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    return (await this.knex('tags').where('id', id).delete().returning('id')).length > 0;
  }
}
