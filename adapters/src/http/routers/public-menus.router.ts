import { isWebBookable, oneMenuPerClinic, type MenuCategoryRepositoryPort, type MenuRepositoryPort } from '@clinic/core';
import { routes } from '@clinic/contract';
import { HttpDomainError } from '../errors/http-error';
import type { Access, AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { requestLanguage } from '../language';
import { toCategoryJson, toMenuJson, toStaffCategoryJson, toStaffMenuJson } from './facilities-menus.schemas';
import { EXAMPLE_CATEGORY, EXAMPLE_MENU, EXAMPLE_STAFF_CATEGORY, EXAMPLE_STAFF_MENU } from './examples';

export interface MenuReadPorts {
  readonly categories: MenuCategoryRepositoryPort;
  readonly menus: MenuRepositoryPort;
}

/** `/api/staffs/menu-categories` and `/api/staffs/menus`: what staff book from (enabled menus, web-bookable or not). */
export const staffsMenusRouter = ({ categories, menus }: MenuReadPorts, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', 'メニュー', accounts)
    .add(routes.staffMenus.categories, {
      summary: 'メニューカテゴリの一覧',
      description: '予約登録の画面で使う、クリニックのメニューカテゴリの一覧です。',
      examples: { query: { clinicId: '1' }, response: [EXAMPLE_STAFF_CATEGORY] },
      access: 'staff',
      responses: { 200: { description: 'クリニックのカテゴリ（表示順）' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await categories.listByClinic(query.clinicId)).map(toStaffCategoryJson);
      },
    })
    .add(routes.staffMenus.menus, {
      summary: '有効なメニューの一覧',
      examples: { query: { clinicId: '1' }, response: [EXAMPLE_STAFF_MENU] },
      description: 'スタッフが予約に使える有効なメニュー（Web予約不可のものも含む）を返します。',
      access: 'staff',
      responses: { 200: { description: 'メニューの一覧' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await menus.listByClinic(query.clinicId, { categoryId: query.categoryId, enabledOnly: true })).map(toStaffMenuJson);
      },
    });

/** The same reads for members (`/api/users`, access member) and guests (`/api/guests`, public): enabled, web-bookable menus only. */
const webMenusRouter = (
  group: typeof routes.guestMenus | typeof routes.memberMenus,
  prefix: string,
  tag: string,
  access: Access,
  { categories, menus }: MenuReadPorts,
  accounts: AccountLookups,
): ApiRouter =>
  new ApiRouter(prefix, tag, accounts)
    .add(group.categories, {
      summary: 'メニューカテゴリの一覧',
      description:
        'Web予約できるメニューがあるカテゴリを表示順に返します。名前は Accept-Language（なければ会員の言語設定）の言語で、翻訳がなければ日本語です。',
      examples: { query: { clinicId: '1' }, response: [EXAMPLE_CATEGORY] },
      access,
      responses: { 200: { description: 'クリニックのカテゴリ（表示順）' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await categories.listByClinic(query.clinicId)).map((category) => toCategoryJson(category, requestLanguage(ctx)));
      },
    })
    .add(group.menus, {
      summary: 'Web予約できるメニューの一覧',
      description:
        '有効で、Web予約を受け付けているメニューだけを返します。`categoryId` で絞り込めます。名前・説明・来院前のご案内は Accept-Language（なければ会員の言語設定）の言語で、翻訳がない項目は日本語です。',
      examples: { query: { clinicId: '1', categoryId: '21' }, response: [EXAMPLE_MENU] },
      access,
      responses: { 200: { description: '有効でWeb予約可のメニュー' } },
      handler: async (ctx, { query }) => {
        ctx.body = (await menus.listByClinic(query.clinicId, { categoryId: query.categoryId, webBookableOnly: true })).map((menu) =>
          toMenuJson(menu, requestLanguage(ctx)),
        );
      },
    })
    .add(group.menusByIds, {
      summary: 'IDを指定してメニューを取得（予約リンク用）',
      examples: { query: { ids: '41,42' }, response: [EXAMPLE_MENU] },
      description:
        '`ids=1,7` のメニューのうち、有効でWeb予約可のものを指定順に返します（見つからないものは含めません）。同じクリニックのメニューが2つ以上あれば400 VALIDATION_FAILED（URLで指定できるのは1院につき1メニュー）。',
      access,
      responses: { 200: { description: 'メニューの一覧' } },
      handler: async (ctx, { query }) => {
        const found = (await menus.findByIds(query.ids)).filter(isWebBookable);
        const single = oneMenuPerClinic(found);
        if (!single.ok) throw new HttpDomainError(single.error);
        ctx.body = found.map((menu) => toMenuJson(menu, requestLanguage(ctx)));
      },
    });

export const guestsMenusRouter = (ports: MenuReadPorts, accounts: AccountLookups): ApiRouter =>
  webMenusRouter(routes.guestMenus, '/api/guests', 'ゲスト', 'public', ports, accounts);

export const usersMenusRouter = (ports: MenuReadPorts, accounts: AccountLookups): ApiRouter =>
  webMenusRouter(routes.memberMenus, '/api/users', '会員', 'member', ports, accounts);
