import { beforeEach, describe, expect, it } from 'vitest';
import {
  InMemoryAuditLog,
  InMemoryClinicRepository,
  InMemoryFacilityRepository,
  InMemoryMenuCategoryRepository,
  InMemoryMenuRepository,
} from '@clinic/test/fakes';
import type { ScopedActor } from '../../clinic-scope/domain/clinic-scope';
import type { MenuDraft, MenuFormLink } from '../domain/menu.entity';
import type { MenuFormsPort } from '../ports/menu-forms.port';
import { fail, ok } from '../../shared/result';
import { ManageMenuCategoriesUseCase } from './manage-menu-categories.use-case';
import { SaveMenuUseCase } from './save-menu.use-case';

/** A head-office ADMIN: every clinic is in scope. */
const actor: ScopedActor = { type: 'staff', id: '1', role: 'ADMIN', clinicId: null };
const hours = [{ weekday: 1, open: '10:00', close: '19:00' }];
const clinic = (name: string) => ({
  name,
  phone: '03',
  homepageUrl: null,
  webBookingEnabled: true,
  hokenCategoryId: null,
  openingHours: hours,
  updateDeadlineHours: 24,
  cancelDeadlineHours: 24,
  minLeadMinutes: 60,
});

describe('SaveMenuUseCase', () => {
  let rooms: InMemoryFacilityRepository;
  let machines: InMemoryFacilityRepository;
  let categories: InMemoryMenuCategoryRepository;
  let menus: InMemoryMenuRepository;
  let audit: InMemoryAuditLog;
  let save: SaveMenuUseCase;
  let ids: { shibuya: string; shinjuku: string; datsumo: string; hifu: string; foreignCategory: string; room: string; foreignRoom: string; laser: string };

  const draft = (overrides: Partial<MenuDraft> = {}): MenuDraft => ({
    categoryId: ids.datsumo,
    name: '全身脱毛',
    description: '',
    enabled: true,
    webBookable: true,
    kind: 'CONTRACT',
    price: 198000,
    afterMenuId: null,
    tasks: [
      { label: 'カウンセリング', durationMinutes: 15, needsStaff: true, roomIds: [], machineIds: [] },
      { label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [ids.room], machineIds: [ids.laser] },
    ],
    ...overrides,
  });

  beforeEach(async () => {
    const clinics = new InMemoryClinicRepository();
    rooms = new InMemoryFacilityRepository('ROOM');
    machines = new InMemoryFacilityRepository('MACHINE');
    categories = new InMemoryMenuCategoryRepository();
    menus = new InMemoryMenuRepository(categories, rooms, machines);
    audit = new InMemoryAuditLog();
    save = new SaveMenuUseCase(menus, categories, rooms, machines, audit);
    const manageCategories = new ManageMenuCategoriesUseCase(categories, clinics, audit);
    const shibuya = (await clinics.create(clinic('渋谷'))).id;
    const shinjuku = (await clinics.create(clinic('新宿'))).id;
    const category = async (clinicId: string, name: string) => {
      const result = await manageCategories.create(actor, { clinicId, name });
      if (!result.ok) throw new Error(result.error.code);
      return result.value.id;
    };
    ids = {
      shibuya,
      shinjuku,
      datsumo: await category(shibuya, '医療脱毛'),
      hifu: await category(shibuya, '美容皮膚科'),
      foreignCategory: await category(shinjuku, '医療脱毛'),
      room: (await rooms.create({ clinicId: shibuya, name: '施術室1', displayOrder: 0, enabled: true })).id,
      foreignRoom: (await rooms.create({ clinicId: shinjuku, name: '施術室1', displayOrder: 0, enabled: true })).id,
      laser: (await machines.create({ clinicId: shibuya, name: 'ジェントルマックス', displayOrder: 0, enabled: true })).id,
    };
  });

  it('creates a menu in the clinic of its category, last in the category, and audits it', async () => {
    const first = await save.create(actor, draft());
    const second = await save.create(actor, draft({ name: '顔脱毛' }));
    expect(first.ok && first.value).toMatchObject({ clinicId: ids.shibuya, categoryId: ids.datsumo, displayOrder: 0 });
    expect(second.ok && second.value.displayOrder).toBe(1);
    expect(audit.entries.filter((entry) => entry.action === 'menu.create')).toHaveLength(2);
  });

  it('refuses rooms, machines and an after-menu of another clinic, naming the field', async () => {
    const room = await save.create(actor, draft({ tasks: [{ label: '', durationMinutes: 30, needsStaff: true, roomIds: [ids.foreignRoom], machineIds: [] }] }));
    expect(!room.ok && room.error).toEqual({
      code: 'ROOM_NOT_FOUND',
      fields: [{ path: 'tasks.0.roomIds.0', message: 'このクリニックの部屋ではありません。' }],
    });
    const machine = await save.create(actor, draft({ tasks: [{ label: '', durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: ['999'] }] }));
    expect(!machine.ok && machine.error.code).toBe('MACHINE_NOT_FOUND');
    const other = await save.create(
      actor,
      draft({ categoryId: ids.foreignCategory, tasks: [{ label: '', durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }] }),
    );
    const after = await save.create(actor, draft({ afterMenuId: other.ok ? other.value.id : 'x' }));
    expect(!after.ok && after.error.code).toBe('MENU_NOT_FOUND');
    expect(!after.ok && after.error.fields?.[0]?.path).toBe('afterMenuId');
    expect(await menus.listByClinic(ids.shibuya)).toEqual([]);
  });

  it('moves a menu only within its clinic, last in the new category', async () => {
    const created = await save.create(actor, draft());
    await save.create(actor, draft({ name: 'ハイフ', categoryId: ids.hifu }));
    const id = created.ok ? created.value.id : '';
    const moved = await save.update(actor, id, draft({ categoryId: ids.hifu }));
    expect(moved.ok && moved.value).toMatchObject({ categoryId: ids.hifu, displayOrder: 1 });
    const foreign = await save.update(actor, id, draft({ categoryId: ids.foreignCategory }));
    expect(!foreign.ok && foreign.error.code).toBe('CATEGORY_NOT_FOUND');
    expect(!(await save.update(actor, '999', draft())).ok).toBe(true);
  });

  it('refuses to delete a menu a reservation names, telling to disable it instead', async () => {
    const created = await save.create(actor, draft());
    const id = created.ok ? created.value.id : '';
    menus.markInUse(id);
    const refused = await save.delete(actor, id);
    expect(!refused.ok && refused.error.code).toBe('IN_USE');
    expect(!refused.ok && refused.error.fields?.[0]?.message).toContain('無効');
    menus.markInUse(id, false);
    expect((await save.delete(actor, id)).ok).toBe(true);
    expect(await menus.findById(id)).toBeNull();
  });

  it('reorders the menus of a category when given every one of them', async () => {
    const a = await save.create(actor, draft({ name: 'A' }));
    const b = await save.create(actor, draft({ name: 'B' }));
    const [idA, idB] = [a.ok ? a.value.id : '', b.ok ? b.value.id : ''];
    expect((await save.reorder(actor, ids.datsumo, [idA])).ok).toBe(false);
    const reordered = await save.reorder(actor, ids.datsumo, [idB, idA]);
    expect(reordered.ok && reordered.value.map((menu) => menu.name)).toEqual(['B', 'A']);
  });

  it("writes a clinic's menus and categories only for those who manage it: another clinic's STAFF or ADMIN is FORBIDDEN", async () => {
    const created = await save.create(actor, draft());
    if (!created.ok) throw new Error('setup');
    const manageCategories = new ManageMenuCategoriesUseCase(categories, new InMemoryClinicRepository(), audit);
    const written = audit.entries.length;
    const forbidden = { ok: false, error: { code: 'FORBIDDEN' } };
    for (const role of ['STAFF', 'ADMIN'] as const) {
      const elsewhere: ScopedActor = { type: 'staff', id: '2', role, clinicId: ids.shinjuku };
      expect(await save.create(elsewhere, draft({ name: '顔脱毛' }))).toMatchObject(forbidden);
      expect(await save.update(elsewhere, created.value.id, draft({ name: '乗っ取り' }))).toMatchObject(forbidden);
      expect(await save.reorder(elsewhere, ids.datsumo, [created.value.id])).toMatchObject(forbidden);
      expect(await save.delete(elsewhere, created.value.id)).toMatchObject(forbidden);
      expect(await manageCategories.create(elsewhere, { clinicId: ids.shibuya, name: '新カテゴリ' })).toMatchObject(forbidden);
      expect(await manageCategories.rename(elsewhere, ids.datsumo, '乗っ取り')).toMatchObject(forbidden);
      expect(await manageCategories.reorder(elsewhere, ids.shibuya, [ids.hifu, ids.datsumo])).toMatchObject(forbidden);
      expect(await manageCategories.delete(elsewhere, ids.hifu)).toMatchObject(forbidden);
    }
    // A menu or category that does not exist is not found, whoever asks.
    const elsewhere: ScopedActor = { type: 'staff', id: '2', role: 'STAFF', clinicId: ids.shinjuku };
    expect(await save.delete(elsewhere, '999')).toMatchObject({ ok: false, error: { code: 'MENU_NOT_FOUND' } });
    expect(await save.create(elsewhere, draft({ categoryId: '999' }))).toMatchObject({ ok: false, error: { code: 'CATEGORY_NOT_FOUND' } });
    expect(audit.entries).toHaveLength(written);
    const own: ScopedActor = { type: 'staff', id: '3', role: 'STAFF', clinicId: ids.shibuya };
    expect((await save.update(own, created.value.id, draft({ name: '全身脱毛（5回）' }))).ok).toBe(true);
    expect((await save.create(own, draft({ name: '顔脱毛' }))).ok).toBe(true);
  });

  describe('with the forms a menu asks for', () => {
    /** The forms module as the menus see it: two known forms, what it recorded, and what it was asked. */
    const formsPort = () => {
      const stored = new Map<string, MenuFormLink[]>();
      const recorded: { menuId: string; before: readonly MenuFormLink[]; after: readonly MenuFormLink[] }[] = [];
      let checks = 0;
      const port: MenuFormsPort = {
        checkMenuForms: async (forms) => {
          checks += 1;
          const unknown = forms.findIndex((each) => !['71', '72'].includes(each.formId));
          return unknown < 0
            ? ok([...forms])
            : fail('VALIDATION_FAILED', { fields: [{ path: `forms.${unknown}.formId`, message: '問診票・同意書が見つかりません。' }] });
        },
        menuForms: async (menuIds) => new Map(menuIds.map((id) => [id, stored.get(id) ?? []])),
        recordMenuForms: async (_actor, menuId, before, after) => {
          recorded.push({ menuId, before, after });
          stored.set(menuId, [...after]);
        },
      };
      return { port, recorded, checks: () => checks };
    };

    it('checks the forms only once the clinic is in scope: another clinic’s staff is FORBIDDEN, not told which forms exist', async () => {
      const forms = formsPort();
      save = new SaveMenuUseCase(menus, categories, rooms, machines, audit, forms.port);
      const shinjukuStaff: ScopedActor = { type: 'staff', id: '9', role: 'STAFF', clinicId: ids.shinjuku };
      const created = await save.create(shinjukuStaff, draft({ forms: [{ formId: '999', when: 'EVERY_VISIT' }] }));
      expect(!created.ok && created.error.code).toBe('FORBIDDEN');
      const mine = await save.create(actor, draft());
      const updated = await save.update(shinjukuStaff, mine.ok ? mine.value.id : 'x', draft({ forms: [{ formId: '999', when: 'EVERY_VISIT' }] }));
      expect(!updated.ok && updated.error.code).toBe('FORBIDDEN');
      expect(forms.checks()).toBe(0);
    });

    it('refuses unknown forms with their field and writes nothing; known ones are written with the menu and their change audited', async () => {
      const forms = formsPort();
      save = new SaveMenuUseCase(menus, categories, rooms, machines, audit, forms.port);
      const refused = await save.create(
        actor,
        draft({
          forms: [
            { formId: '71', when: 'EVERY_VISIT' },
            { formId: '999', when: 'FIRST_VISIT' },
          ],
        }),
      );
      expect(!refused.ok && refused.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'forms.1.formId' }] });
      expect(await menus.listByClinic(ids.shibuya)).toEqual([]);
      const created = await save.create(actor, draft({ forms: [{ formId: '71', when: 'EVERY_VISIT' }] }));
      const id = created.ok ? created.value.id : 'x';
      const updated = await save.update(actor, id, draft({ forms: [{ formId: '72', when: 'FIRST_VISIT' }] }));
      expect(updated.ok).toBe(true);
      // A body without forms keeps them: nothing checked, nothing recorded.
      await save.update(actor, id, draft({ price: 1000 }));
      expect(forms.recorded).toEqual([
        { menuId: id, before: [], after: [{ formId: '71', when: 'EVERY_VISIT' }] },
        { menuId: id, before: [{ formId: '71', when: 'EVERY_VISIT' }], after: [{ formId: '72', when: 'FIRST_VISIT' }] },
      ]);
    });
  });
});
