import type { Facility, FacilityChanges, FacilityKind, FacilityRepositoryPort, NewFacility } from '@clinic/core';
import type { Knex } from 'knex';
import type { DateTime } from 'luxon';
import { MachineModel, RoomModel } from '../models/facility.model';
import { isId, translateWriteError } from '../pg-errors';

const TABLES = {
  ROOM: { model: RoomModel, table: 'rooms', taskColumn: 'room_id', unique: { rooms_name_unique: 'ROOM_EXISTS' }, clinicFk: 'rooms_clinic_id_fkey' },
  MACHINE: {
    model: MachineModel,
    table: 'machines',
    taskColumn: 'machine_id',
    unique: { machines_name_unique: 'MACHINE_EXISTS' },
    clinicFk: 'machines_clinic_id_fkey',
  },
} as const;

const toFacility = (row: RoomModel): Facility => ({
  id: String(row.id),
  clinicId: String(row.clinic_id),
  name: row.name,
  displayOrder: row.display_order,
  enabled: row.enabled,
});

/** Rooms or machines in PostgreSQL; a delete sets `deleted_at`, which frees the name (partial unique index). */
export class KnexFacilityRepository implements FacilityRepositoryPort {
  private readonly spec;

  constructor(
    private readonly knex: Knex,
    readonly kind: FacilityKind,
  ) {
    this.spec = TABLES[kind];
  }

  private live() {
    return this.spec.model.query(this.knex).whereNull('deleted_at');
  }

  async listByClinic(clinicId: string, options: { enabledOnly?: boolean } = {}): Promise<Facility[]> {
    if (!isId(clinicId)) return [];
    const query = this.live()
      .where('clinic_id', clinicId)
      .orderBy([{ column: 'display_order' }, { column: 'id' }]);
    if (options.enabledOnly) query.where('enabled', true);
    return (await query).map(toFacility);
  }

  async findById(id: string): Promise<Facility | null> {
    if (!isId(id)) return null;
    const row = await this.live().findById(id);
    return row ? toFacility(row) : null;
  }

  async idsInClinic(clinicId: string, ids: readonly string[]): Promise<Set<string>> {
    const wanted = [...new Set(ids)].filter(isId);
    if (!isId(clinicId) || wanted.length === 0) return new Set();
    const rows = await this.live().where('clinic_id', clinicId).whereIn('id', wanted).select('id');
    return new Set(rows.map((row) => String(row.id)));
  }

  async create(facility: NewFacility): Promise<Facility> {
    try {
      const row = await this.spec.model
        .query(this.knex)
        .insert({ clinic_id: facility.clinicId, name: facility.name, display_order: facility.displayOrder, enabled: facility.enabled })
        .returning('*');
      return toFacility(row as RoomModel);
    } catch (error) {
      return translateWriteError(error, this.spec.unique, {
        [this.spec.clinicFk]: { code: 'CLINIC_NOT_FOUND', fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] },
      });
    }
  }

  async update(id: string, changes: FacilityChanges): Promise<Facility | null> {
    if (!isId(id)) return null;
    try {
      const rows = await this.live()
        .where('id', id)
        .patch({ name: changes.name, display_order: changes.displayOrder, enabled: changes.enabled, updated_at: this.knex.fn.now() } as never)
        .returning('*');
      const row = (rows as unknown as RoomModel[])[0];
      return row ? toFacility(row) : null;
    } catch (error) {
      return translateWriteError(error, this.spec.unique);
    }
  }

  async isInUse(id: string, now: DateTime): Promise<boolean> {
    if (!isId(id)) return false;
    const row = await this.knex('reservation_tasks as t')
      .join('reservations as r', 'r.id', 't.reservation_id')
      .where(`t.${this.spec.taskColumn}`, id)
      .whereIn('r.status', ['RESERVED', 'VISITED'])
      .where('t.ends_at', '>', now.toISO()!)
      .first(this.knex.raw('1 as used'));
    return row !== undefined;
  }

  async softDelete(id: string): Promise<boolean> {
    if (!isId(id)) return false;
    const rows = await this.live()
      .where('id', id)
      .patch({ deleted_at: this.knex.fn.now(), updated_at: this.knex.fn.now() } as never)
      .returning('id');
    return (rows as unknown as unknown[]).length > 0;
  }
}
