import { routes } from '@clinic/contract';
import {
  type ManageMenuCategoriesUseCase,
  type MenuCategoryRepositoryPort,
  type MenuRepositoryPort,
  type ManageFormsUseCase,
  type Menu,
  type SaveMenuUseCase,
} from '@clinic/core';
import { HttpDomainError } from '../errors/http-error';
import { scopedActor, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { toMenuDraft, toStaffCategoryJson, toStaffMenuJson } from './facilities-menus.schemas';
import { EXAMPLE_STAFF_CATEGORY, EXAMPLE_STAFF_MENU, EXAMPLE_MENU_BODY } from './examples';

export interface MenuAdminPorts {
  readonly categories: MenuCategoryRepositoryPort;
  readonly menus: MenuRepositoryPort;
  readonly manageCategories: ManageMenuCategoriesUseCase;
  readonly saveMenu: SaveMenuUseCase;
  /** The 問診票 and 同意書 each menu asks for (docs/forms.md); the answers carry `forms` when given. SaveMenuUseCase checks and writes them. */
  readonly forms?: Pick<ManageFormsUseCase, 'menuForms'>;
}

/** Menus' answers with the forms each asks for. */
const withForms = async (forms: MenuAdminPorts['forms'], menus: readonly Menu[]) => {
  const byMenu = forms && menus.length > 0 ? await forms.menuForms(menus.map((menu) => menu.id)) : null;
  return menus.map((menu) => ({ ...toStaffMenuJson(menu), ...(byMenu ? { forms: byMenu.get(menu.id) ?? [] } : {}) }));
};

/** `/api/admin/menu-categories` and `/api/admin/menus`: read by any staff, written by those who manage the clinic. */
export const adminMenusRouter = ({ categories, menus, manageCategories, saveMenu, forms }: MenuAdminPorts, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/admin', 'メニュー', accounts)
    .add(routes.adminMenus.categories, {
      summary: 'メニューカテゴリの一覧',
      description: 'クリニックのメニューカテゴリを表示順に返します。',
      examples: { query: { clinicId: '1' }, response: [EXAMPLE_STAFF_CATEGORY] },
      errors: ['CLINIC_NOT_FOUND'],
      access: 'staff',
      responses: { 200: { description: 'クリニックのカテゴリ（表示順）' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await categories.listByClinic(query.clinicId)).map(toStaffCategoryJson);
      },
    })
    .add(routes.adminMenus.createCategory, {
      summary: 'メニューカテゴリを追加',
      examples: { body: { clinicId: '1', name: '医療脱毛' }, response: EXAMPLE_STAFF_CATEGORY },
      errors: ['CLINIC_NOT_FOUND', 'CATEGORY_EXISTS'],
      description:
        '最後に追加します。同じクリニックで同じ名前は登録できません（409 CATEGORY_EXISTS）。STAFFは自院のみ。`translations` で英語（en）・簡体字中国語（zh-CN）の名前を付けられます（会員・ゲストにはその言語で表示。ない言語は日本語）。',
      access: 'staff',
      responses: { 201: { description: '追加したカテゴリ' } },
      handler: async (ctx, { body }) => {
        const result = await manageCategories.create(scopedActor(ctx), body);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toStaffCategoryJson(result.value);
      },
    })
    .add(routes.adminMenus.orderCategories, {
      summary: 'メニューカテゴリの並び替え',
      examples: {
        body: { clinicId: '1', ids: ['22', '21'] },
        response: [
          { ...EXAMPLE_STAFF_CATEGORY, id: '22', name: '美肌', displayOrder: 0 },
          { ...EXAMPLE_STAFF_CATEGORY, displayOrder: 1 },
        ],
      },
      errors: ['CLINIC_NOT_FOUND', 'CATEGORY_NOT_FOUND'],
      description: 'クリニックのすべてのカテゴリIDを新しい順に指定します。不足や他院のIDがあれば400 VALIDATION_FAILED。',
      access: 'staff',
      responses: { 200: { description: '並び替え後のカテゴリ' } },
      handler: async (ctx, { body }) => {
        const result = await manageCategories.reorder(scopedActor(ctx), body.clinicId, body.ids);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = result.value.map(toStaffCategoryJson);
      },
    })
    .add(routes.adminMenus.category, {
      summary: 'メニューカテゴリ',
      description: 'メニューカテゴリ1件を返します。',
      examples: { params: { id: '21' }, response: EXAMPLE_STAFF_CATEGORY },
      errors: ['CATEGORY_NOT_FOUND'],
      access: 'staff',
      responses: { 200: { description: 'カテゴリ' } },
      handler: async (ctx, { params }) => {
        const category = await categories.findById(params.id);
        if (!category) throw HttpDomainError.of('CATEGORY_NOT_FOUND');
        ctx.body = toStaffCategoryJson(category);
      },
    })
    .add(routes.adminMenus.updateCategory, {
      summary: 'メニューカテゴリ名を変更',
      description: 'カテゴリの名前（と `translations`：英語・中国語の名前。省略すると今のまま）を変更します。同じクリニックに同じ名前があると 409 です。',
      examples: { params: { id: '21' }, body: { name: '医療脱毛（全身）' }, response: { ...EXAMPLE_STAFF_CATEGORY, name: '医療脱毛（全身）' } },
      errors: ['CATEGORY_NOT_FOUND', 'CATEGORY_EXISTS'],
      access: 'staff',
      responses: { 200: { description: '更新後のカテゴリ' } },
      handler: async (ctx, { params, body }) => {
        const result = await manageCategories.rename(scopedActor(ctx), params.id, body.name, body.translations);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toStaffCategoryJson(result.value);
      },
    })
    .add(routes.adminMenus.removeCategory, {
      summary: 'メニューカテゴリを削除',
      examples: { params: { id: '21' } },
      errors: ['CATEGORY_NOT_FOUND', 'IN_USE'],
      description: 'メニューや勤務で使われているカテゴリは削除できません（409 IN_USE）。',
      access: 'staff',
      responses: { 204: { description: '削除しました' } },
      handler: async (ctx, { params }) => {
        const result = await manageCategories.delete(scopedActor(ctx), params.id);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 204;
      },
    })
    .add(routes.adminMenus.menus, {
      summary: 'メニューの一覧',
      examples: { query: { clinicId: '1', categoryId: '21' }, response: [EXAMPLE_STAFF_MENU] },
      errors: ['CLINIC_NOT_FOUND'],
      description: 'クリニックのメニュー（無効のものも含む）を、カテゴリの表示順・メニューの表示順に返します。categoryIdで絞り込めます。',
      access: 'staff',
      responses: { 200: { description: 'メニューの一覧' } },
      handler: async (ctx, { query }) => {
        ctx.body = await withForms(forms, await menus.listByClinic(query.clinicId, { categoryId: query.categoryId }));
      },
    })
    .add(routes.adminMenus.allMenus, {
      summary: 'すべてのメニュー（カテゴリ名つき）',
      examples: { query: { clinicId: '1' }, response: [{ ...EXAMPLE_STAFF_MENU, categoryName: '医療脱毛' }] },
      errors: ['CLINIC_NOT_FOUND'],
      description: '無効のメニューも含め、クリニックのすべてのメニューをカテゴリ名（categoryName）つきで返します。',
      access: 'staff',
      responses: { 200: { description: 'メニューの一覧' } },
      handler: async (ctx, { query }) => {
        const names = new Map((await categories.listByClinic(query.clinicId)).map((category) => [category.id, category.name]));
        ctx.body = (await withForms(forms, await menus.listByClinic(query.clinicId))).map((menu) => ({
          ...menu,
          categoryName: names.get(menu.categoryId) ?? '',
        }));
      },
    })
    .add(routes.adminMenus.createMenu, {
      summary: 'メニューを追加',
      examples: { body: EXAMPLE_MENU_BODY, response: EXAMPLE_STAFF_MENU },
      errors: ['CATEGORY_NOT_FOUND', 'MENU_EXISTS', 'ROOM_NOT_FOUND', 'MACHINE_NOT_FOUND', 'MENU_NOT_FOUND'],
      description:
        'カテゴリの最後に追加します。`translations` で英語（en）・簡体字中国語（zh-CN）の名前・説明・来院前のご案内を付けられます（応答の `missingTranslations` は足りない言語）。工程は1〜10個、所要時間は15分単位（15〜720分）。部屋・機械・次回メニューはそのクリニックのもののみ（400 ROOM_NOT_FOUND / MACHINE_NOT_FOUND / MENU_NOT_FOUND）。同じクリニックで同じ名前は409 MENU_EXISTS。',
      access: 'staff',
      responses: { 201: { description: '追加したメニュー' } },
      handler: async (ctx, { body }) => {
        // The use case checks the forms after the clinic's scope and writes them with the menu: all or nothing.
        const result = await saveMenu.create(scopedActor(ctx), { ...toMenuDraft(body), ...(body.forms ? { forms: body.forms } : {}) });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = (await withForms(forms, [result.value]))[0];
      },
    })
    .add(routes.adminMenus.orderMenus, {
      summary: 'メニューの並び替え',
      examples: { body: { categoryId: '21', ids: ['41'] }, response: [EXAMPLE_STAFF_MENU] },
      errors: ['CATEGORY_NOT_FOUND', 'MENU_NOT_FOUND'],
      description: 'カテゴリのすべてのメニューIDを新しい順に指定します。不足や他カテゴリのIDがあれば400 VALIDATION_FAILED。',
      access: 'staff',
      responses: { 200: { description: '並び替え後のカテゴリのメニュー' } },
      handler: async (ctx, { body }) => {
        const result = await saveMenu.reorder(scopedActor(ctx), body.categoryId, body.ids);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = result.value.map(toStaffMenuJson);
      },
    })
    .add(routes.adminMenus.menu, {
      summary: 'メニューの詳細',
      description: 'メニュー1件を工程（所要時間・必要な部屋と機械）つきで返します。',
      examples: { params: { id: '41' }, response: EXAMPLE_STAFF_MENU },
      errors: ['MENU_NOT_FOUND'],
      access: 'staff',
      responses: { 200: { description: 'メニューと工程' } },
      handler: async (ctx, { params }) => {
        const menu = await menus.findById(params.id);
        if (!menu) throw HttpDomainError.of('MENU_NOT_FOUND');
        ctx.body = (await withForms(forms, [menu]))[0];
      },
    })
    .add(routes.adminMenus.updateMenu, {
      summary: 'メニューを更新',
      examples: { params: { id: '41' }, body: { ...EXAMPLE_MENU_BODY, price: 21800 }, response: { ...EXAMPLE_STAFF_MENU, price: 21800 } },
      errors: ['MENU_NOT_FOUND', 'CATEGORY_NOT_FOUND', 'MENU_EXISTS', 'ROOM_NOT_FOUND', 'MACHINE_NOT_FOUND'],
      description:
        'POSTと同じ本文でメニュー全体を置き換えます（工程もすべて置き換え）。`translations` を省略すると今の翻訳のままです。カテゴリは同じクリニックのものに限ります。',
      access: 'staff',
      responses: { 200: { description: '更新後のメニュー' } },
      handler: async (ctx, { params, body }) => {
        const result = await saveMenu.update(scopedActor(ctx), params.id, { ...toMenuDraft(body), ...(body.forms ? { forms: body.forms } : {}) });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = (await withForms(forms, [result.value]))[0];
      },
    })
    .add(routes.adminMenus.removeMenu, {
      summary: 'メニューを削除',
      examples: { params: { id: '41' } },
      errors: ['MENU_NOT_FOUND', 'IN_USE'],
      description: '予約で使われたメニューは削除できません（409 IN_USE）。その場合は無効にしてください。',
      access: 'staff',
      responses: { 204: { description: '削除しました' } },
      handler: async (ctx, { params }) => {
        const result = await saveMenu.delete(scopedActor(ctx), params.id);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 204;
      },
    });
