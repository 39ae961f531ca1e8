import { routes } from '@clinic/contract';
import type { AnnouncementJson, CheckConditionJson, CheckItemJson, TagJson } from '@clinic/contract';
import type {
  Announcement,
  AnnouncementRepositoryPort,
  CheckCondition,
  CheckConditionRepositoryPort,
  CheckItem,
  ChecklistUseCase,
  ClockPort,
  ManageAnnouncementsUseCase,
  ManageCheckConditionsUseCase,
  ManageTagsUseCase,
  Tag,
  TagRepositoryPort,
} from '@clinic/core';
import { clinicZone } from '@clinic/core';
import { HttpDomainError } from '../errors/http-error';
import { currentMember, currentStaff, type AccountLookups, type ApiContext } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { EXAMPLE_ANNOUNCEMENT, EXAMPLE_CHECK_CONDITION, EXAMPLE_CHECK_ITEM, EXAMPLE_TAG } from './examples';

const actorOf = (ctx: ApiContext) => ({ type: 'staff' as const, id: currentStaff(ctx).id });

const toTagJson = (tag: Tag): TagJson => ({ id: tag.id, name: tag.name, displayOrder: tag.displayOrder });
const toConditionJson = (condition: CheckCondition): CheckConditionJson => ({
  id: condition.id,
  name: condition.name,
  kind: condition.kind,
  categoryId: condition.categoryId,
  displayOrder: condition.displayOrder,
});
const toCheckItemJson = (item: CheckItem): CheckItemJson => ({
  id: item.id,
  userId: item.userId,
  conditionId: item.conditionId,
  conditionName: item.conditionName,
  checked: item.checked,
  checkedAt: item.checkedAt,
  checkedBy: item.checkedBy,
  note: item.note,
});
const toAnnouncementJson = (announcement: Announcement): AnnouncementJson => ({
  id: announcement.id,
  clinicId: announcement.clinicId,
  title: announcement.title,
  body: announcement.body,
  publishedFrom: announcement.publishedFrom,
  publishedUntil: announcement.publishedUntil,
});

/** A check condition's categoryId names a category in the body: an unknown one is 400 CATEGORY_NOT_FOUND. */
/** An announcement's clinicId is in the body: an unknown clinic is 400 CLINIC_NOT_FOUND. */

export interface SettingsRouterDependencies {
  readonly tags: TagRepositoryPort;
  readonly manageTags: ManageTagsUseCase;
  readonly conditions: CheckConditionRepositoryPort;
  readonly manageConditions: ManageCheckConditionsUseCase;
  readonly checklist: ChecklistUseCase;
  readonly announcements: AnnouncementRepositoryPort;
  readonly manageAnnouncements: ManageAnnouncementsUseCase;
  readonly clock: ClockPort;
}

/** Chain-wide settings (/admin/settings/): everyone on staff reads them; tags and check conditions are written by ADMIN only. */
export const adminSettingsRouter = (deps: SettingsRouterDependencies, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/admin', '共通設定', accounts)
    .add(routes.adminSettings.tags, {
      summary: 'タグ一覧',
      description: '会員に付けるタグを表示順に返します。',
      examples: { response: [EXAMPLE_TAG] },
      access: 'staff',
      responses: { 200: { description: 'タグ（表示順）' } },
      handler: async (ctx) => {
        ctx.body = (await deps.tags.list()).map(toTagJson);
      },
    })
    .add(routes.adminSettings.createTag, {
      summary: 'タグを追加',
      examples: { body: { name: 'VIP' }, response: EXAMPLE_TAG },
      errors: ['TAG_EXISTS'],
      description: '一覧の最後に追加します。本部のADMINのみ。',
      access: 'headOffice',
      responses: { 201: { description: '追加したタグ' }, 400: { description: 'VALIDATION_FAILED' }, 409: { description: 'TAG_EXISTS' } },
      handler: async (ctx, { body }) => {
        const result = await deps.manageTags.create(actorOf(ctx), body.name);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toTagJson(result.value);
      },
    })
    .add(routes.adminSettings.updateTag, {
      summary: 'タグ名を変更',
      description: 'タグの名前を変更します。同じ名前のタグがあると 409 です。',
      examples: { params: { id: '81' }, body: { name: '優待会員' }, response: { ...EXAMPLE_TAG, name: '優待会員' } },
      errors: ['TAG_NOT_FOUND', 'TAG_EXISTS'],
      access: 'headOffice',
      responses: { 200: { description: '変更後のタグ' }, 404: { description: 'TAG_NOT_FOUND' }, 409: { description: 'TAG_EXISTS' } },
      handler: async (ctx, { params, body }) => {
        const result = await deps.manageTags.rename(actorOf(ctx), params.id, body.name);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toTagJson(result.value);
      },
    })
    .add(routes.adminSettings.removeTag, {
      summary: 'タグを削除',
      examples: { params: { id: '81' } },
      errors: ['TAG_NOT_FOUND'],
      description: '会員に付いているタグも外れます。',
      access: 'headOffice',
      responses: { 204: { description: '削除しました' }, 404: { description: 'TAG_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        const result = await deps.manageTags.delete(actorOf(ctx), params.id);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 204;
      },
    })
    .add(routes.adminSettings.checkConditions, {
      summary: 'チェック項目の条件一覧',
      description: '来院時のチェック項目がいつ出るか（毎回・初回・カテゴリ）の条件を表示順に返します。',
      examples: { response: [EXAMPLE_CHECK_CONDITION] },
      access: 'staff',
      responses: { 200: { description: '条件（表示順）' } },
      handler: async (ctx) => {
        ctx.body = (await deps.conditions.list()).map(toConditionJson);
      },
    })
    .add(routes.adminSettings.createCheckCondition, {
      summary: 'チェック項目の条件を追加',
      examples: { body: { name: '同意書の記入', kind: 'FIRST_VISIT' }, response: EXAMPLE_CHECK_CONDITION },
      errors: ['CHECK_ITEM_EXISTS', 'CATEGORY_NOT_FOUND'],
      description:
        'kind: ALWAYS（全員）、FIRST_VISIT（初回来院まで）、CATEGORY（そのカテゴリのメニューの予約・来院がある会員、categoryId必須）。本部のADMINのみ。',
      access: 'headOffice',
      responses: {
        201: { description: '追加した条件' },
        400: { description: 'VALIDATION_FAILED、CATEGORY_NOT_FOUND' },
        409: { description: 'CHECK_ITEM_EXISTS（同じ名前）' },
      },
      handler: async (ctx, { body }) => {
        const result = await deps.manageConditions.create(actorOf(ctx), { name: body.name, kind: body.kind, categoryId: body.categoryId ?? null });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toConditionJson(result.value);
      },
    })
    .add(routes.adminSettings.updateCheckCondition, {
      summary: 'チェック項目の条件を更新',
      description: '条件の名前・種類・カテゴリを変更します。種類が CATEGORY のときは `categoryId` が必要です。',
      examples: {
        params: { id: '82' },
        body: { name: '脱毛の注意事項の説明', kind: 'CATEGORY', categoryId: '21' },
        response: { ...EXAMPLE_CHECK_CONDITION, name: '脱毛の注意事項の説明', kind: 'CATEGORY', categoryId: '21' },
      },
      errors: ['CHECK_ITEM_NOT_FOUND', 'CHECK_ITEM_EXISTS', 'CATEGORY_NOT_FOUND'],
      access: 'headOffice',
      responses: {
        200: { description: '更新後の条件' },
        400: { description: 'VALIDATION_FAILED、CATEGORY_NOT_FOUND' },
        404: { description: 'CHECK_ITEM_NOT_FOUND' },
        409: { description: 'CHECK_ITEM_EXISTS' },
      },
      handler: async (ctx, { params, body }) => {
        const result = await deps.manageConditions.update(actorOf(ctx), params.id, { name: body.name, kind: body.kind, categoryId: body.categoryId ?? null });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toConditionJson(result.value);
      },
    })
    .add(routes.adminSettings.removeCheckCondition, {
      summary: 'チェック項目の条件を削除',
      examples: { params: { id: '82' } },
      errors: ['CHECK_ITEM_NOT_FOUND'],
      description: '会員ごとのチェック項目（この条件のもの）も削除されます。',
      access: 'headOffice',
      responses: { 204: { description: '削除しました' }, 404: { description: 'CHECK_ITEM_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        const result = await deps.manageConditions.delete(actorOf(ctx), params.id);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 204;
      },
    })
    .add(routes.adminSettings.announcements, {
      summary: 'お知らせ一覧',
      examples: { query: { clinicId: '1' }, response: [EXAMPLE_ANNOUNCEMENT] },
      description: '新しい順（掲載開始日時の降順）。clinicIdを指定するとそのクリニックと全院共通のお知らせ。',
      access: 'staff',
      responses: { 200: { description: 'お知らせ' } },
      handler: async (ctx, { query }) => {
        const filter = query.clinicId === undefined ? {} : { clinicId: query.clinicId };
        ctx.body = (await deps.announcements.list(filter)).map(toAnnouncementJson);
      },
    })
    .add(routes.adminSettings.createAnnouncement, {
      summary: 'お知らせを追加',
      examples: {
        body: {
          clinicId: null,
          title: '年末年始の休診のお知らせ',
          body: '12月31日から1月3日まで休診いたします。',
          publishedFrom: '2026-12-01T00:00:00+09:00',
          publishedUntil: '2027-01-04T00:00:00+09:00',
        },
        response: EXAMPLE_ANNOUNCEMENT,
      },
      errors: ['CLINIC_NOT_FOUND'],
      description: 'clinicId nullは全院共通（本部のADMINのみ）。院に所属するADMINは自院のお知らせのみ書けます。STAFFは書けません。',
      access: 'staff',
      responses: {
        201: { description: '追加したお知らせ' },
        400: { description: 'VALIDATION_FAILED、CLINIC_NOT_FOUND' },
        403: { description: '他院または全院共通のお知らせ（STAFF）' },
      },
      handler: async (ctx, { body }) => {
        const result = await deps.manageAnnouncements.create(currentStaff(ctx), {
          clinicId: body.clinicId,
          title: body.title,
          body: body.body ?? '',
          publishedFrom: body.publishedFrom,
          publishedUntil: body.publishedUntil ?? null,
        });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toAnnouncementJson(result.value);
      },
    })
    .add(routes.adminSettings.updateAnnouncement, {
      summary: 'お知らせを更新',
      description: 'お知らせの内容と掲載期間を変更します。院のADMINは自院のお知らせだけ変更できます。',
      examples: {
        params: { id: '91' },
        body: {
          clinicId: null,
          title: '年末年始の休診のお知らせ',
          body: '12月31日から1月3日まで休診いたします。',
          publishedFrom: '2026-12-01T00:00:00+09:00',
          publishedUntil: '2027-01-04T00:00:00+09:00',
        },
        response: EXAMPLE_ANNOUNCEMENT,
      },
      errors: ['CLINIC_NOT_FOUND', 'UPDATE_FAILED'],
      access: 'staff',
      responses: {
        200: { description: '更新後のお知らせ' },
        400: { description: 'VALIDATION_FAILED、CLINIC_NOT_FOUND、UPDATE_FAILED（お知らせがない）' },
        403: { description: '他院または全院共通のお知らせ（STAFF）' },
      },
      handler: async (ctx, { params, body }) => {
        const result = await deps.manageAnnouncements.update(currentStaff(ctx), params.id, {
          clinicId: body.clinicId,
          title: body.title,
          body: body.body ?? '',
          publishedFrom: body.publishedFrom,
          publishedUntil: body.publishedUntil ?? null,
        });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toAnnouncementJson(result.value);
      },
    })
    .add(routes.adminSettings.removeAnnouncement, {
      summary: 'お知らせを削除',
      description: 'お知らせを削除します。院のADMINは自院のお知らせだけ削除できます。',
      examples: { params: { id: '91' } },
      errors: ['UPDATE_FAILED'],
      access: 'staff',
      responses: {
        204: { description: '削除しました' },
        400: { description: 'UPDATE_FAILED（お知らせがない）' },
        403: { description: '他院または全院共通のお知らせ（STAFF）' },
      },
      handler: async (ctx, { params }) => {
        const result = await deps.manageAnnouncements.delete(currentStaff(ctx), params.id);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 204;
      },
    });

/** What staff use day to day: the tags to put on members and the members' checklists. */
export const staffsSettingsRouter = (deps: SettingsRouterDependencies, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', 'タグ・チェック項目', accounts)
    .add(routes.staffSettings.tags, {
      summary: 'タグ一覧',
      description: '会員に付けられるタグの一覧です（スタッフ画面用）。',
      examples: { response: [EXAMPLE_TAG] },
      access: 'staff',
      responses: { 200: { description: 'タグ（表示順）' } },
      handler: async (ctx) => {
        ctx.body = (await deps.tags.list()).map(toTagJson);
      },
    })
    .add(routes.staffSettings.checkItems, {
      summary: '会員のチェック項目',
      examples: { query: { userId: '101' }, response: [EXAMPLE_CHECK_ITEM] },
      errors: ['USER_NOT_FOUND'],
      description: 'いま当てはまる条件ごとに1件。初めて読んだときに作成します。一度作成した項目は条件が当てはまらなくなっても残ります。',
      access: 'staff',
      audit: { action: 'view', resource: 'check_item', members: (ctx) => [String(ctx.query.userId ?? '')] },
      responses: { 200: { description: 'チェック項目（条件の表示順）' }, 404: { description: 'USER_NOT_FOUND' } },
      handler: async (ctx, { query }) => {
        const result = await deps.checklist.list(actorOf(ctx), query.userId);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = result.value.map(toCheckItemJson);
      },
    })
    .add(routes.staffSettings.updateCheckItem, {
      summary: 'チェック項目をチェック',
      examples: { params: { id: '83' }, body: { checked: true, note: '' }, response: EXAMPLE_CHECK_ITEM },
      errors: ['CHECK_ITEM_NOT_FOUND'],
      description: 'checked=trueでチェックした日時とスタッフを記録し、falseで取り消します。noteを省略するとメモはそのままです。',
      access: 'staff',
      audit: { action: 'update', resource: 'check_item', idParam: 'id', members: (ctx) => [(ctx.body as { userId?: string }).userId] },
      responses: { 200: { description: '更新後のチェック項目' }, 404: { description: 'CHECK_ITEM_NOT_FOUND' } },
      handler: async (ctx, { params, body }) => {
        const result = await deps.checklist.tick(actorOf(ctx), params.id, { checked: body.checked, note: body.note });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toCheckItemJson(result.value);
      },
    });

/** The logged-in member's announcements: published now, of their clinic or the whole chain, newest first. */
export const usersAnnouncementsRouter = (deps: Pick<SettingsRouterDependencies, 'announcements' | 'clock'>, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/users', 'お知らせ', accounts).add(routes.memberAnnouncements.list, {
    summary: 'お知らせ',
    examples: { response: [EXAMPLE_ANNOUNCEMENT] },
    description: '掲載期間中の、所属院と全院共通のお知らせを新しい順に返します。',
    access: 'member',
    responses: { 200: { description: 'お知らせ' } },
    handler: async (ctx) => {
      const member = currentMember(ctx);
      const now = deps.clock.now().setZone(clinicZone).toISO()!;
      ctx.body = (await deps.announcements.publishedFor(member.clinicId, now)).map(toAnnouncementJson);
    },
  });
