import { routes } from '@clinic/contract';
import {
  validateDateRange,
  type BlockRepositoryPort,
  type CreateWeeklySchedulesUseCase,
  type SaveBlockUseCase,
  type SaveScheduleUseCase,
  type ScheduleRepositoryPort,
} from '@clinic/core';
import { HttpDomainError, unwrap } from '../errors/http-error';
import { currentStaff, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { skippedJson, toBlockJson, toScheduleJson } from './schedules.schemas';
import { EXAMPLE_BLOCK, EXAMPLE_SCHEDULE } from './examples';

export interface SchedulesHttp {
  readonly schedules: ScheduleRepositoryPort;
  readonly blocks: BlockRepositoryPort;
  readonly saveSchedule: SaveScheduleUseCase;
  readonly weeklySchedules: CreateWeeklySchedulesUseCase;
  readonly saveBlock: SaveBlockUseCase;
}

/** A listing covers at most 92 days; the fields are the query's `from` and `to`. */
const checkedRange = (from: string, to: string) => {
  const range = validateDateRange(from, to);
  if (!range.ok) {
    throw HttpDomainError.of('VALIDATION_FAILED', { fields: range.error.fields ?? [] });
  }
  return range.value;
};

/** Schedules (勤務) and blocks (予約ブロック): staff of any clinic read and write any clinic's (DOMAIN.md). */
export const schedulesRouter = (deps: SchedulesHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', '勤務・ブロック', accounts)
    .add(routes.schedules.list, {
      summary: '院の勤務一覧',
      examples: { query: { clinicId: '1', from: '2026-12-01', to: '2026-12-07' }, response: [EXAMPLE_SCHEDULE] },
      errors: ['SEARCH_PERIOD_TOO_LONG'],
      description: 'from〜toは日付（両端を含む、92日以内）。日付、開始時刻、ID順。',
      access: 'staff',
      responses: { 200: { description: '勤務の一覧' } },
      handler: async (ctx, { query }) => {
        checkedRange(query.from, query.to);
        ctx.body = (await deps.schedules.list(query)).map(toScheduleJson);
      },
    })
    .add(routes.schedules.create, {
      summary: '勤務を登録',
      examples: {
        body: { staffId: '31', date: '2026-12-01', start: '10:00', end: '19:00', breaks: [{ start: '13:00', end: '14:00' }] },
        response: EXAMPLE_SCHEDULE,
      },
      errors: ['STAFF_NOT_FOUND', 'SCHEDULE_EXISTS', 'CATEGORY_NOT_FOUND'],
      description: '時刻は15分単位。休憩は勤務時間内で、互いに重ならないこと。同じスタッフの勤務と重なるとSCHEDULE_EXISTS。',
      access: 'staff',
      responses: { 201: { description: '登録した勤務' }, 409: { description: 'SCHEDULE_EXISTS' } },
      handler: async (ctx, { body }) => {
        const schedule = unwrap(await deps.saveSchedule.create(currentStaff(ctx), { ...body, categoryId: body.categoryId ?? null }));
        ctx.status = 201;
        ctx.body = toScheduleJson(schedule);
      },
    })
    .add(routes.schedules.createWeekly, {
      summary: '勤務を曜日パターンで一括登録',
      examples: {
        body: {
          staffId: '31',
          from: '2026-12-01',
          to: '2026-12-31',
          weekdays: [1, 2, 3, 4, 5],
          start: '10:00',
          end: '19:00',
          breaks: [{ start: '13:00', end: '14:00' }],
          skipHolidays: true,
        },
        response: { created: 21, skipped: [{ date: '2026-12-31', reason: 'HOLIDAY', message: '休診日のため登録しませんでした。' }] },
      },
      errors: ['STAFF_NOT_FOUND', 'CATEGORY_NOT_FOUND', 'SEARCH_PERIOD_TOO_LONG'],
      description:
        '期間（92日以内）のうち指定した曜日（0＝日曜〜6＝土曜）に1件ずつ登録します。既存の勤務と重なる日と休診日（skipHolidaysが既定のtrueのとき）は登録せずskippedで返します。',
      access: 'staff',
      responses: { 201: { description: '登録した件数と、登録しなかった日' } },
      handler: async (ctx, { body }) => {
        const outcome = unwrap(
          await deps.weeklySchedules.execute(currentStaff(ctx), { ...body, categoryId: body.categoryId ?? null, skipHolidays: body.skipHolidays ?? true }),
        );
        ctx.status = 201;
        ctx.body = { created: outcome.created, skipped: skippedJson(outcome.skipped) };
      },
    })
    .add(routes.schedules.update, {
      summary: '勤務を更新',
      description: '勤務の日付・時間・休憩・カテゴリをまとめて変更します。ほかの勤務と重なると 409 です。',
      examples: {
        params: { id: '61' },
        body: { ...{ staffId: '31', date: '2026-12-01', start: '10:00', end: '19:00', breaks: [{ start: '13:00', end: '14:00' }] }, end: '18:00' },
        response: { ...EXAMPLE_SCHEDULE, end: '18:00' },
      },
      errors: ['SCHEDULE_NOT_FOUND', 'STAFF_NOT_FOUND', 'SCHEDULE_EXISTS'],
      access: 'staff',
      responses: {
        200: { description: '更新後の勤務' },
        404: { description: 'SCHEDULE_NOT_FOUND' },
        409: { description: 'SCHEDULE_EXISTS' },
      },
      handler: async (ctx, { params, body }) => {
        ctx.body = toScheduleJson(unwrap(await deps.saveSchedule.update(currentStaff(ctx), params.id, { ...body, categoryId: body.categoryId ?? null })));
      },
    })
    .add(routes.schedules.remove, {
      summary: '勤務を削除',
      description: '勤務を削除します。',
      examples: { params: { id: '61' } },
      errors: ['SCHEDULE_NOT_FOUND'],
      access: 'staff',
      responses: { 204: { description: '削除しました' }, 404: { description: 'SCHEDULE_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        unwrap(await deps.saveSchedule.delete(currentStaff(ctx), params.id));
        ctx.status = 204;
      },
    })
    .add(routes.blocks.list, {
      summary: '院の予約ブロック一覧',
      examples: { query: { clinicId: '1', from: '2026-12-01', to: '2026-12-07' }, response: [EXAMPLE_BLOCK] },
      errors: ['SEARCH_PERIOD_TOO_LONG'],
      description: 'from〜toの日付（両端を含む、92日以内）に重なるブロック。開始日時順。',
      access: 'staff',
      responses: { 200: { description: 'ブロックの一覧' } },
      handler: async (ctx, { query }) => {
        const range = checkedRange(query.from, query.to);
        const blocks = await deps.blocks.list({
          clinicId: query.clinicId,
          from: range.from.toISO()!,
          to: range.to.plus({ days: 1 }).toISO()!,
        });
        ctx.body = blocks.map(toBlockJson);
      },
    })
    .add(routes.blocks.create, {
      summary: '予約ブロックを登録',
      examples: {
        body: { resourceType: 'ROOM', resourceId: '11', startsAt: '2026-12-01T15:00:00+09:00', endsAt: '2026-12-01T16:00:00+09:00', reason: '機器点検' },
        response: EXAMPLE_BLOCK,
      },
      errors: ['ROOM_NOT_FOUND', 'MACHINE_NOT_FOUND', 'STAFF_NOT_FOUND', 'RESOURCE_COLLISION'],
      description:
        '時刻は15分単位。スタッフのブロックはその人の休憩時間と重ねられません。同じスタッフ・部屋・機械の別のブロックや有効な予約と重なるとRESOURCE_COLLISION。',
      access: 'staff',
      responses: { 201: { description: '登録したブロック' }, 409: { description: 'RESOURCE_COLLISION' } },
      handler: async (ctx, { body }) => {
        const block = unwrap(await deps.saveBlock.create(currentStaff(ctx), { ...body, reason: body.reason ?? '' }));
        ctx.status = 201;
        ctx.body = toBlockJson(block);
      },
    })
    .add(routes.blocks.remove, {
      summary: '予約ブロックを削除',
      examples: { params: { id: '71' } },
      errors: ['UPDATE_FAILED'],
      description: '存在しないブロックはUPDATE_FAILED（エラーコード一覧にブロック用のコードがないため）。',
      access: 'staff',
      responses: { 204: { description: '削除しました' }, 400: { description: 'UPDATE_FAILED' } },
      handler: async (ctx, { params }) => {
        unwrap(await deps.saveBlock.delete(currentStaff(ctx), params.id));
        ctx.status = 204;
      },
    });
