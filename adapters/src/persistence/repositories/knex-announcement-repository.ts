import type { Announcement, AnnouncementInput, AnnouncementRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';
import { AnnouncementModel } from '../models/settings.model';
import { translateWriteError } from '../pg-errors';
import { toClinicIso } from './instants';

const CLINIC_GONE = { code: 'CLINIC_NOT_FOUND', fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] } as const;
const FOREIGN_KEYS = { announcements_clinic_id_fkey: CLINIC_GONE, announcements_clinic_id_foreign: CLINIC_GONE };
const translate = (error: unknown): never => translateWriteError(error, {}, FOREIGN_KEYS);
const ID = /^\d{1,18}$/;

const toAnnouncement = (row: AnnouncementModel): Announcement => ({
  id: String(row.id),
  clinicId: row.clinic_id === null ? null : String(row.clinic_id),
  title: row.title,
  body: row.body,
  publishedFrom: toClinicIso(row.published_from),
  publishedUntil: row.published_until === null ? null : toClinicIso(row.published_until),
});

const toRow = (input: AnnouncementInput) => ({
  clinic_id: input.clinicId,
  title: input.title,
  body: input.body,
  published_from: input.publishedFrom,
  published_until: input.publishedUntil,
});

export class KnexAnnouncementRepository implements AnnouncementRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async list(filter: { readonly clinicId?: string } = {}): Promise<Announcement[]> {
    const query = this.newestFirst();
    if (filter.clinicId !== undefined) {
      if (!ID.test(filter.clinicId)) return [];
      query.where((where) => where.where('clinic_id', filter.clinicId!).orWhereNull('clinic_id'));
    }
    return (await query).map(toAnnouncement);
  }

  async findById(id: string): Promise<Announcement | null> {
    if (!ID.test(id)) return null;
    const row = await AnnouncementModel.query(this.knex).findById(id);
    return row ? toAnnouncement(row) : null;
  }

  async create(input: AnnouncementInput, createdBy: string | null): Promise<Announcement> {
    try {
      const row = await AnnouncementModel.query(this.knex)
        .insert({ ...toRow(input), created_by: createdBy } as never)
        .returning('*');
      return toAnnouncement(row as unknown as AnnouncementModel);
    } catch (error) {
      return translate(error);
    }
  }

  async update(id: string, input: AnnouncementInput): Promise<Announcement | null> {
    if (!ID.test(id)) return null;
    try {
      const rows = await this.knex('announcements')
        .update(toRow(input) as never)
        .where('id', id)
        .returning('id');
      return rows.length > 0 ? this.findById(id) : null;
    } catch (error) {
      return translate(error);
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    return (await this.knex('announcements').where('id', id).delete().returning('id')).length > 0;
  }

  async publishedFor(clinicId: string, nowIso: string): Promise<Announcement[]> {
    if (!ID.test(clinicId)) return [];
    const rows = await this.newestFirst()
      .where((where) => where.where('clinic_id', clinicId).orWhereNull('clinic_id'))
      .where('published_from', '<=', nowIso)
      .where((where) => where.whereNull('published_until').orWhere('published_until', '>', nowIso));
    return rows.map(toAnnouncement);
  }

  private newestFirst() {
    return AnnouncementModel.query(this.knex).orderBy([
      { column: 'published_from', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  }
}
