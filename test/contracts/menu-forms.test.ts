import { KnexClinicRepository, KnexFormRepository, KnexMenuCategoryRepository, KnexMenuRepository, type Database } from '@clinic/adapters/persistence';
import type { MenuRecord } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets, truncateAll } from '../support/databases';
import { aClinic, aMenu } from '../support/mothers';

/**
 * A menu and the forms it asks for are written in one transaction (docs/forms.md): a refused form
 * row undoes the menu's own change, so a menu never stands half-saved.
 */
describe.each(databaseTargets())('a menu and its forms in $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => closeTestDatabase(db));

  let menus: KnexMenuRepository;
  let forms: KnexFormRepository;
  let base: MenuRecord;
  beforeEach(async () => {
    await truncateAll(db);
    const clinicId = (await new KnexClinicRepository(db.knex).create(aClinic())).id;
    const categoryId = (await new KnexMenuCategoryRepository(db.knex).create({ clinicId, name: '医療脱毛', displayOrder: 0 })).id;
    menus = new KnexMenuRepository(db.knex);
    forms = new KnexFormRepository(db.knex);
    base = aMenu(clinicId, categoryId);
  });

  it('writes the forms with the menu, keeps them when the record names none, and replaces them when it does', async () => {
    const questionnaire = await forms.create({ kind: 'QUESTIONNAIRE', title: '問診票', checkConditionId: null, translations: {} });
    const consent = await forms.create({ kind: 'CONSENT', title: '同意書', checkConditionId: null, translations: {} });
    const menu = await menus.create({ ...base, forms: [{ formId: questionnaire.id, when: 'EVERY_VISIT' }] });
    expect((await forms.menuForms([menu.id])).get(menu.id)).toEqual([{ formId: questionnaire.id, when: 'EVERY_VISIT' }]);
    await menus.update(menu.id, { ...base, price: 32000 });
    expect((await forms.menuForms([menu.id])).get(menu.id)).toEqual([{ formId: questionnaire.id, when: 'EVERY_VISIT' }]);
    await menus.update(menu.id, { ...base, forms: [{ formId: consent.id, when: 'FIRST_VISIT' }] });
    expect((await forms.menuForms([menu.id])).get(menu.id)).toEqual([{ formId: consent.id, when: 'FIRST_VISIT' }]);
  });

  it('a form row the database refuses undoes the menu’s change and its tasks, and writes no new menu', async () => {
    const questionnaire = await forms.create({ kind: 'QUESTIONNAIRE', title: '問診票', checkConditionId: null, translations: {} });
    const menu = await menus.create({ ...base, forms: [{ formId: questionnaire.id, when: 'EVERY_VISIT' }] });
    const missing = [{ formId: '999999', when: 'EVERY_VISIT' as const }];
    await expect(
      menus.update(menu.id, {
        ...base,
        name: '医療脱毛（顔）',
        tasks: [{ label: '照射', durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
        forms: missing,
      }),
    ).rejects.toThrow();
    const kept = await menus.findById(menu.id);
    expect(kept).toMatchObject({ name: '医療脱毛（全身）', tasks: [{ durationMinutes: 60 }] });
    expect((await forms.menuForms([menu.id])).get(menu.id)).toEqual([{ formId: questionnaire.id, when: 'EVERY_VISIT' }]);
    await expect(menus.create({ ...base, name: '医療脱毛（腕）', forms: missing })).rejects.toThrow();
    expect((await menus.listByClinic(base.clinicId)).map((each) => each.name)).toEqual(['医療脱毛（全身）']);
  });
});
