import { routes } from '@clinic/contract';
import type { MemoJson } from '@clinic/contract';
import type { CalendarMemo, ManageCalendarMemosUseCase } from '@clinic/core';
import { HttpDomainError, unwrap } from '../errors/http-error';
import { currentStaff, type AccountLookups, type ApiContext } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { EXAMPLE_MEMO } from './examples';

const actorOf = (ctx: ApiContext) => ({ type: 'staff' as const, id: currentStaff(ctx).id });

const toMemoJson = (memo: CalendarMemo): MemoJson => ({
  id: memo.id,
  clinicId: memo.clinicId,
  date: memo.date,
  content: memo.content,
  updatedAt: memo.updatedAt,
});

/** Calendar memos (one per clinic and date), for staff of any clinic of the chain. */
export const calendarMemosRouter = (manage: ManageCalendarMemosUseCase, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', 'カレンダーメモ', accounts)
    .add(routes.calendarMemos.list, {
      summary: 'カレンダーメモの一覧',
      examples: { query: { clinicId: '1', from: '2026-12-01', to: '2026-12-07' }, response: [EXAMPLE_MEMO] },
      errors: ['VALIDATION_FAILED'],
      description: 'from〜to（日付、両端を含む、366日まで）のメモを日付順に返します。',
      access: 'staff',
      responses: { 200: { description: 'メモ' }, 400: { description: 'VALIDATION_FAILED' } },
      handler: async (ctx, { query }) => {
        ctx.body = unwrap(await manage.list(query.clinicId, query.from, query.to)).map(toMemoJson);
      },
    })
    .add(routes.calendarMemos.create, {
      summary: 'カレンダーメモを追加',
      examples: { body: { clinicId: '1', date: '2026-12-01', content: '午後から研修のため1名減' }, response: EXAMPLE_MEMO },
      errors: ['CLINIC_NOT_FOUND'],
      description: '1つのクリニックの1日につきメモは1件です。2件目は400 VALIDATION_FAILED（項目date）で、既存のメモを編集してください。',
      access: 'staff',
      responses: {
        201: { description: '追加したメモ' },
        400: { description: 'VALIDATION_FAILED（内容が空、同じ日のメモがある）、CLINIC_NOT_FOUND' },
      },
      handler: async (ctx, { body }) => {
        const result = await manage.create(actorOf(ctx), body);
        // clinicId is in the body: an unknown clinic is the caller's input, 400.
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toMemoJson(result.value);
      },
    })
    .add(routes.calendarMemos.update, {
      summary: 'カレンダーメモを更新',
      description: 'メモの本文を書き換えます。',
      examples: { params: { id: '92' }, body: { content: '午後から研修のため2名減' }, response: { ...EXAMPLE_MEMO, content: '午後から研修のため2名減' } },
      errors: ['UPDATE_FAILED'],
      access: 'staff',
      responses: { 200: { description: '更新後のメモ' }, 400: { description: 'VALIDATION_FAILED、UPDATE_FAILED（メモがない）' } },
      handler: async (ctx, { params, body }) => {
        const result = await manage.update(actorOf(ctx), params.id, body.content);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toMemoJson(result.value);
      },
    })
    .add(routes.calendarMemos.remove, {
      summary: 'カレンダーメモを削除',
      description: 'カレンダーメモを削除します。',
      examples: { params: { id: '92' } },
      errors: ['UPDATE_FAILED'],
      access: 'staff',
      responses: { 204: { description: '削除しました' }, 400: { description: 'UPDATE_FAILED（メモがない）' } },
      handler: async (ctx, { params }) => {
        const result = await manage.delete(actorOf(ctx), params.id);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 204;
      },
    });
