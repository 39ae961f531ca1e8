import { DomainRuleViolation, fixedClock } from '@clinic/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

const now = fixedClock('2026-12-01T10:00:00+09:00').now();

/** What every FacilityRepositoryPort (rooms and machines) must do. */
export const facilitiesContract = (fresh: () => Promise<PortSet>): void => {
  describe('facilities', () => {
    let ports: PortSet;
    let clinicX: string;
    let clinicY: string;
    beforeEach(async () => {
      ports = await fresh();
      clinicX = (await ports.clinics.create(aClinic({ name: '渋谷' }))).id;
      clinicY = (await ports.clinics.create(aClinic({ name: '新宿' }))).id;
    });

    for (const kind of ['ROOM', 'MACHINE'] as const) {
      const exists = kind === 'ROOM' ? 'ROOM_EXISTS' : 'MACHINE_EXISTS';
      const repo = () => (kind === 'ROOM' ? ports.facilitiesMenus.rooms : ports.facilitiesMenus.machines);

      describe(`FacilityRepositoryPort (${kind})`, () => {
        it('stores a facility and lists a clinic’s by display order, then id', async () => {
          const b = await repo().create({ clinicId: clinicX, name: '施術室2', displayOrder: 1, enabled: true });
          const a = await repo().create({ clinicId: clinicX, name: '施術室1', displayOrder: 1, enabled: false });
          const first = await repo().create({ clinicId: clinicX, name: 'カウンセリング室', displayOrder: 0, enabled: true });
          await repo().create({ clinicId: clinicY, name: '施術室1', displayOrder: 0, enabled: true });
          expect(a).toEqual({ id: a.id, clinicId: clinicX, name: '施術室1', displayOrder: 1, enabled: false });
          expect(await repo().findById(a.id)).toEqual(a);
          expect(await repo().listByClinic(clinicX)).toEqual([first, b, a]);
          expect(await repo().listByClinic(clinicX, { enabledOnly: true })).toEqual([first, b]);
          expect(await repo().findById('999999')).toBeNull();
        });

        it('refuses a name taken in the same clinic, on create and on update', async () => {
          await repo().create({ clinicId: clinicX, name: '施術室1', displayOrder: 0, enabled: true });
          const other = await repo().create({ clinicId: clinicX, name: '施術室2', displayOrder: 1, enabled: true });
          await expect(repo().create({ clinicId: clinicX, name: '施術室1', displayOrder: 2, enabled: true })).rejects.toEqual(
            new DomainRuleViolation({ code: exists }),
          );
          await expect(repo().update(other.id, { name: '施術室1', displayOrder: 1, enabled: true })).rejects.toEqual(new DomainRuleViolation({ code: exists }));
          expect((await repo().findById(other.id))?.name).toBe('施術室2');
        });

        it('updates name, order and flag, and answers null for an unknown one', async () => {
          const created = await repo().create({ clinicId: clinicX, name: '施術室1', displayOrder: 0, enabled: true });
          expect(await repo().update(created.id, { name: '施術室A', displayOrder: 5, enabled: false })).toEqual({
            ...created,
            name: '施術室A',
            displayOrder: 5,
            enabled: false,
          });
          expect(await repo().update('999999', { name: 'x', displayOrder: 0, enabled: true })).toBeNull();
        });

        it('soft-deletes: the facility disappears and its name is free again', async () => {
          const created = await repo().create({ clinicId: clinicX, name: '施術室1', displayOrder: 0, enabled: true });
          expect(await repo().isInUse(created.id, now)).toBe(false);
          expect(await repo().softDelete(created.id)).toBe(true);
          expect(await repo().softDelete(created.id)).toBe(false);
          expect(await repo().findById(created.id)).toBeNull();
          expect(await repo().listByClinic(clinicX)).toEqual([]);
          expect(await repo().update(created.id, { name: 'x', displayOrder: 0, enabled: true })).toBeNull();
          const again = await repo().create({ clinicId: clinicX, name: '施術室1', displayOrder: 0, enabled: true });
          expect(again.id).not.toBe(created.id);
        });

        it('tells which ids are live facilities of a clinic', async () => {
          const own = await repo().create({ clinicId: clinicX, name: '施術室1', displayOrder: 0, enabled: false });
          const gone = await repo().create({ clinicId: clinicX, name: '施術室2', displayOrder: 0, enabled: true });
          const foreign = await repo().create({ clinicId: clinicY, name: '施術室1', displayOrder: 0, enabled: true });
          await repo().softDelete(gone.id);
          expect(await repo().idsInClinic(clinicX, [own.id, gone.id, foreign.id, '999999'])).toEqual(new Set([own.id]));
          expect(await repo().idsInClinic(clinicX, [])).toEqual(new Set());
        });
      });
    }
  });
};
