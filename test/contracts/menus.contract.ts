import { DomainRuleViolation, type MenuRecord } from '@clinic/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

/** What every MenuCategoryRepositoryPort and MenuRepositoryPort must do. */
export const menusContract = (fresh: () => Promise<PortSet>): void => {
  describe('menus', () => {
    let ports: PortSet;
    let clinicX: string;
    let clinicY: string;
    beforeEach(async () => {
      ports = await fresh();
      clinicX = (await ports.clinics.create(aClinic({ name: '渋谷' }))).id;
      clinicY = (await ports.clinics.create(aClinic({ name: '新宿' }))).id;
    });

    const category = (clinicId: string, name: string, displayOrder = 0) => ports.facilitiesMenus.categories.create({ clinicId, name, displayOrder });

    describe('MenuCategoryRepositoryPort', () => {
      it('stores categories, lists them by display order then id, and renames', async () => {
        const b = await category(clinicX, '美容皮膚科', 1);
        const a = await category(clinicX, '医療脱毛', 0);
        const c = await category(clinicX, '保険診療', 1);
        await category(clinicY, '医療脱毛');
        expect(a).toEqual({ id: a.id, clinicId: clinicX, name: '医療脱毛', displayOrder: 0, translations: {} });
        expect(await ports.facilitiesMenus.categories.listByClinic(clinicX)).toEqual([a, b, c]);
        expect(await ports.facilitiesMenus.categories.rename(a.id, '脱毛')).toEqual({ ...a, name: '脱毛' });
        expect(await ports.facilitiesMenus.categories.rename('999999', 'x')).toBeNull();
        expect(await ports.facilitiesMenus.categories.findById('999999')).toBeNull();
      });

      it('refuses a name taken in the same clinic', async () => {
        await category(clinicX, '医療脱毛');
        const other = await category(clinicX, '美容皮膚科');
        await expect(category(clinicX, '医療脱毛')).rejects.toEqual(new DomainRuleViolation({ code: 'CATEGORY_EXISTS' }));
        await expect(ports.facilitiesMenus.categories.rename(other.id, '医療脱毛')).rejects.toEqual(new DomainRuleViolation({ code: 'CATEGORY_EXISTS' }));
      });

      it('reorders a clinic’s categories', async () => {
        const a = await category(clinicX, 'A', 0);
        const b = await category(clinicX, 'B', 1);
        const c = await category(clinicX, 'C', 2);
        const reordered = await ports.facilitiesMenus.categories.reorder(clinicX, [c.id, a.id, b.id]);
        expect(reordered.map((entry) => [entry.name, entry.displayOrder])).toEqual([
          ['C', 0],
          ['A', 1],
          ['B', 2],
        ]);
      });

      it('is in use while a menu names it, and refuses to be deleted then', async () => {
        const used = await category(clinicX, '医療脱毛');
        const free = await category(clinicX, '美容皮膚科');
        await ports.facilitiesMenus.menus.create(record(clinicX, used.id, '顔脱毛'));
        expect(await ports.facilitiesMenus.categories.isInUse(used.id)).toBe(true);
        expect(await ports.facilitiesMenus.categories.isInUse(free.id)).toBe(false);
        await expect(ports.facilitiesMenus.categories.delete(used.id)).rejects.toMatchObject({ error: { code: 'IN_USE' } });
        expect(await ports.facilitiesMenus.categories.delete(free.id)).toBe(true);
        expect(await ports.facilitiesMenus.categories.delete(free.id)).toBe(false);
        expect(await ports.facilitiesMenus.categories.findById(used.id)).not.toBeNull();
      });
    });

    const record = (clinicId: string, categoryId: string, name: string, overrides: Partial<MenuRecord> = {}): MenuRecord => ({
      clinicId,
      categoryId,
      name,
      description: '',
      displayOrder: 0,
      enabled: true,
      webBookable: true,
      kind: 'NEW',
      price: 5500,
      afterMenuId: null,
      tasks: [{ label: '施術', durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
      ...overrides,
    });

    describe('MenuRepositoryPort', () => {
      it('stores a menu with its ordered tasks and their rooms and machines', async () => {
        const cat = await category(clinicX, '医療脱毛');
        const room1 = await ports.facilitiesMenus.rooms.create({ clinicId: clinicX, name: '施術室1', displayOrder: 1, enabled: true });
        const room2 = await ports.facilitiesMenus.rooms.create({ clinicId: clinicX, name: '施術室2', displayOrder: 0, enabled: true });
        const laser = await ports.facilitiesMenus.machines.create({ clinicId: clinicX, name: 'ジェントルマックス', displayOrder: 0, enabled: true });
        const tasks = [
          { label: 'カウンセリング', durationMinutes: 15, needsStaff: true, roomIds: [], machineIds: [] },
          { label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [room1.id, room2.id], machineIds: [laser.id] },
          { label: 'クーリング', durationMinutes: 15, needsStaff: false, roomIds: [room1.id], machineIds: [] },
        ];
        const menu = await ports.facilitiesMenus.menus.create(
          record(clinicX, cat.id, '全身脱毛 5回コース', {
            kind: 'CONTRACT',
            price: 198000,
            description: '5回',
            preVisitNote: '照射部位のシェービングをしてご来院ください。',
            tasks,
          }),
        );
        expect(menu).toMatchObject({
          clinicId: clinicX,
          categoryId: cat.id,
          name: '全身脱毛 5回コース',
          kind: 'CONTRACT',
          price: 198000,
          description: '5回',
          preVisitNote: '照射部位のシェービングをしてご来院ください。',
          afterMenuId: null,
        });
        expect(menu.tasks.map(({ id: _id, ...task }) => task)).toEqual(tasks.map((task, position) => ({ ...task, position })));
        expect(await ports.facilitiesMenus.menus.findById(menu.id)).toEqual(menu);
        expect(await ports.facilitiesMenus.menus.findById('999999')).toBeNull();
      });

      it('replaces a menu and all its tasks on update; answers null for an unknown one', async () => {
        const cat = await category(clinicX, '美容皮膚科');
        const after = await ports.facilitiesMenus.menus.create(record(clinicX, cat.id, 'ハイフ 2回目'));
        const menu = await ports.facilitiesMenus.menus.create(record(clinicX, cat.id, 'ハイフ'));
        const changed = record(clinicX, cat.id, 'ハイフ 全顔', {
          enabled: false,
          webBookable: false,
          afterMenuId: after.id,
          tasks: [{ label: '照射', durationMinutes: 45, needsStaff: true, roomIds: [], machineIds: [] }],
        });
        const updated = await ports.facilitiesMenus.menus.update(menu.id, changed);
        expect(updated).toMatchObject({ id: menu.id, name: 'ハイフ 全顔', enabled: false, webBookable: false, afterMenuId: after.id });
        expect(updated?.tasks).toEqual([
          { id: expect.any(String), position: 0, label: '照射', durationMinutes: 45, needsStaff: true, roomIds: [], machineIds: [] },
        ]);
        expect(await ports.facilitiesMenus.menus.update('999999', changed)).toBeNull();
      });

      it('refuses a name taken in the same clinic, but not in another', async () => {
        const x = await category(clinicX, '医療脱毛');
        const y = await category(clinicY, '医療脱毛');
        await ports.facilitiesMenus.menus.create(record(clinicX, x.id, '顔脱毛'));
        await ports.facilitiesMenus.menus.create(record(clinicY, y.id, '顔脱毛'));
        const other = await ports.facilitiesMenus.menus.create(record(clinicX, x.id, 'VIO脱毛'));
        await expect(ports.facilitiesMenus.menus.create(record(clinicX, x.id, '顔脱毛'))).rejects.toEqual(new DomainRuleViolation({ code: 'MENU_EXISTS' }));
        await expect(ports.facilitiesMenus.menus.update(other.id, record(clinicX, x.id, '顔脱毛'))).rejects.toEqual(
          new DomainRuleViolation({ code: 'MENU_EXISTS' }),
        );
        expect((await ports.facilitiesMenus.menus.findById(other.id))?.name).toBe('VIO脱毛');
      });

      it('lists by category order then menu order, filtered by category, enabled and web-bookable', async () => {
        const second = await category(clinicX, '美容皮膚科', 1);
        const first = await category(clinicX, '医療脱毛', 0);
        const hifu = await ports.facilitiesMenus.menus.create(record(clinicX, second.id, 'ハイフ', { displayOrder: 0 }));
        const vio = await ports.facilitiesMenus.menus.create(record(clinicX, first.id, 'VIO脱毛', { displayOrder: 1 }));
        const face = await ports.facilitiesMenus.menus.create(record(clinicX, first.id, '顔脱毛', { displayOrder: 0, webBookable: false }));
        const off = await ports.facilitiesMenus.menus.create(record(clinicX, first.id, '旧メニュー', { displayOrder: 2, enabled: false }));
        const list = ports.facilitiesMenus.menus;
        expect((await list.listByClinic(clinicX)).map((menu) => menu.id)).toEqual([face.id, vio.id, off.id, hifu.id]);
        expect((await list.listByClinic(clinicX, { categoryId: first.id, enabledOnly: true })).map((menu) => menu.id)).toEqual([face.id, vio.id]);
        expect((await list.listByClinic(clinicX, { webBookableOnly: true })).map((menu) => menu.id)).toEqual([vio.id, hifu.id]);
        expect(await list.listByClinic(clinicY)).toEqual([]);
        expect((await list.findByIds([hifu.id, '999999', face.id])).map((menu) => menu.id)).toEqual([hifu.id, face.id]);
      });

      it('reorders the menus of a category', async () => {
        const cat = await category(clinicX, '医療脱毛');
        const a = await ports.facilitiesMenus.menus.create(record(clinicX, cat.id, 'A', { displayOrder: 0 }));
        const b = await ports.facilitiesMenus.menus.create(record(clinicX, cat.id, 'B', { displayOrder: 1 }));
        const reordered = await ports.facilitiesMenus.menus.reorder(cat.id, [b.id, a.id]);
        expect(reordered.map((menu) => [menu.name, menu.displayOrder])).toEqual([
          ['B', 0],
          ['A', 1],
        ]);
      });

      it('hides deleted rooms and machines from its tasks', async () => {
        const cat = await category(clinicX, '医療脱毛');
        const room = await ports.facilitiesMenus.rooms.create({ clinicId: clinicX, name: '施術室1', displayOrder: 0, enabled: true });
        const kept = await ports.facilitiesMenus.rooms.create({ clinicId: clinicX, name: '施術室2', displayOrder: 1, enabled: true });
        const laser = await ports.facilitiesMenus.machines.create({ clinicId: clinicX, name: 'レーザー', displayOrder: 0, enabled: true });
        const menu = await ports.facilitiesMenus.menus.create(
          record(clinicX, cat.id, '顔脱毛', {
            tasks: [{ label: '', durationMinutes: 30, needsStaff: true, roomIds: [room.id, kept.id], machineIds: [laser.id] }],
          }),
        );
        await ports.facilitiesMenus.rooms.softDelete(room.id);
        await ports.facilitiesMenus.machines.softDelete(laser.id);
        const read = await ports.facilitiesMenus.menus.findById(menu.id);
        expect(read?.tasks[0]).toMatchObject({ roomIds: [kept.id], machineIds: [] });
      });

      it('deletes a menu no reservation names; an after-menu pointing at it is cleared', async () => {
        const cat = await category(clinicX, '医療脱毛');
        const next = await ports.facilitiesMenus.menus.create(record(clinicX, cat.id, '2回目'));
        const first = await ports.facilitiesMenus.menus.create(record(clinicX, cat.id, '1回目', { afterMenuId: next.id }));
        expect(await ports.facilitiesMenus.menus.isInUse(next.id)).toBe(false);
        expect(await ports.facilitiesMenus.menus.delete(next.id)).toBe(true);
        expect(await ports.facilitiesMenus.menus.delete(next.id)).toBe(false);
        expect(await ports.facilitiesMenus.menus.findById(next.id)).toBeNull();
        expect((await ports.facilitiesMenus.menus.findById(first.id))?.afterMenuId).toBeNull();
      });
    });
  });
};
