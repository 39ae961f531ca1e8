import { routes } from '@clinic/contract';
import type { ClinicRepositoryPort, ManageClinicHolidaysUseCase, SaveClinicUseCase } from '@clinic/core';
import { HttpDomainError } from '../errors/http-error';
import { currentStaff, scopedActor, type AccountLookups, type ApiContext } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { toClinicSettings } from './admin-clinics.schemas';
import { toClinicJson } from './clinic.mapper';
import { EXAMPLE_CLINIC, EXAMPLE_CLINIC_BODY } from './examples';

const actorOf = (ctx: ApiContext) => ({ type: 'staff' as const, id: currentStaff(ctx).id });

/** hokenCategoryId names a category in the body: an unknown or foreign one is 400 CATEGORY_NOT_FOUND. */

export const adminClinicsRouter = (
  clinics: ClinicRepositoryPort,
  saveClinic: SaveClinicUseCase,
  holidays: ManageClinicHolidaysUseCase,
  accounts: AccountLookups,
): ApiRouter =>
  new ApiRouter('/api/admin', 'クリニック設定', accounts)
    .add(routes.adminClinics.list, {
      summary: 'クリニック一覧',
      description: 'すべてのクリニックを、予約の変更・キャンセル期限や受付締切を含む設定ごと返します。',
      examples: { response: [EXAMPLE_CLINIC] },
      access: 'staff',
      responses: { 200: { description: '全クリニックと設定（休診日は今日以降）' } },
      handler: async (ctx) => {
        ctx.body = (await clinics.list()).map(toClinicJson);
      },
    })
    .add(routes.adminClinics.create, {
      summary: 'クリニックを追加',
      examples: { body: EXAMPLE_CLINIC_BODY, response: EXAMPLE_CLINIC },
      errors: ['CLINIC_DUPLICATE', 'CATEGORY_NOT_FOUND'],
      description:
        '診療時間は曜日（0＝日曜〜6＝土曜）ごとに15分単位で指定します。指定のない曜日は休診です。休憩（breaks）は曜日ごと、または曜日なし（null）で毎日、その日の診療時間内に指定します。',
      access: 'headOffice',
      responses: {
        201: { description: '追加したクリニック' },
        400: { description: 'VALIDATION_FAILED、またはCATEGORY_NOT_FOUND（新しいクリニックにはまだカテゴリがありません）' },
        409: { description: 'CLINIC_DUPLICATE' },
      },
      handler: async (ctx, { body }) => {
        const result = await saveClinic.create(actorOf(ctx), toClinicSettings(body));
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = toClinicJson(result.value);
      },
    })
    .add(routes.adminClinics.get, {
      summary: 'クリニックの設定',
      description: 'クリニック1件の設定（営業時間・休憩・休診日・期限）を返します。',
      examples: { params: { id: '1' }, response: EXAMPLE_CLINIC },
      errors: ['CLINIC_NOT_FOUND'],
      access: 'staff',
      responses: { 200: { description: 'クリニックと設定' }, 404: { description: 'CLINIC_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        const clinic = await clinics.findById(params.id);
        if (!clinic) throw HttpDomainError.of('CLINIC_NOT_FOUND');
        ctx.body = toClinicJson(clinic);
      },
    })
    .add(routes.adminClinics.update, {
      summary: 'クリニックの設定をすべて更新',
      examples: { params: { id: '1' }, body: EXAMPLE_CLINIC_BODY, response: EXAMPLE_CLINIC },
      errors: ['CLINIC_NOT_FOUND', 'CLINIC_DUPLICATE', 'CATEGORY_NOT_FOUND'],
      description:
        'POSTと同じ本文で、クリニックの設定全体を置き換えます。breaksを省略すると休憩はそのまま残ります。保険診療カテゴリ（hokenCategoryId）はこのクリニックのカテゴリに限ります。STAFFは自院のみ更新できます。',
      access: 'staff',
      responses: {
        200: { description: '更新後のクリニック' },
        400: { description: 'VALIDATION_FAILED、またはCATEGORY_NOT_FOUND（他院のカテゴリや存在しないカテゴリ）' },
        403: { description: '他院の設定' },
        404: { description: 'CLINIC_NOT_FOUND' },
        409: { description: 'CLINIC_DUPLICATE' },
      },
      handler: async (ctx, { params, body }) => {
        const result = await saveClinic.update(scopedActor(ctx), params.id, toClinicSettings(body));
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toClinicJson(result.value);
      },
    })
    .add(routes.adminClinics.updateSimple, {
      summary: 'クリニックの名前・電話番号・Web予約の可否を更新',
      description: '名前・電話番号・Web予約の可否だけを変更します。営業時間などほかの設定はそのままです。院のADMINは自院だけ変更できます。',
      examples: {
        params: { id: '1' },
        body: { name: '渋谷院', phone: '03-1234-5678', webBookingEnabled: false },
        response: { ...EXAMPLE_CLINIC, webBookingEnabled: false },
      },
      errors: ['CLINIC_NOT_FOUND', 'CLINIC_DUPLICATE'],
      access: 'staff',
      responses: { 200: { description: '更新後のクリニック' } },
      handler: async (ctx, { params, body }) => {
        const result = await saveClinic.updateBasics(scopedActor(ctx), params.id, body);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.body = toClinicJson(result.value);
      },
    })
    .add(routes.adminClinics.addHoliday, {
      summary: '休診日を登録',
      examples: { params: { id: '1' }, body: { date: '2026-12-31', name: '年末休診' }, response: { date: '2026-12-31', name: '年末休診' } },
      errors: ['CLINIC_NOT_FOUND', 'HOLIDAY_ALREADY_REGISTERED'],
      description: '今日以降の日付を1日ずつ登録します。同じ日付の二重登録は409 HOLIDAY_ALREADY_REGISTERED。STAFFは自院のみ。',
      access: 'staff',
      responses: {
        201: { description: '登録した休診日' },
        400: { description: 'VALIDATION_FAILED（日付の形式、過去の日付）' },
        403: { description: '他院の設定' },
        404: { description: 'CLINIC_NOT_FOUND' },
        409: { description: 'HOLIDAY_ALREADY_REGISTERED' },
      },
      handler: async (ctx, { params, body }) => {
        const result = await holidays.add(scopedActor(ctx), params.id, { date: body.date, name: body.name ?? '' });
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 201;
        ctx.body = result.value;
      },
    })
    .add(routes.adminClinics.removeHoliday, {
      summary: '休診日を削除',
      examples: { params: { id: '1', date: '2026-12-31' } },
      errors: ['CLINIC_NOT_FOUND'],
      description: '登録のない日付を指定しても204を返します。STAFFは自院のみ。',
      access: 'staff',
      responses: { 204: { description: '削除しました' }, 403: { description: '他院の設定' }, 404: { description: 'CLINIC_NOT_FOUND' } },
      handler: async (ctx, { params }) => {
        const result = await holidays.remove(scopedActor(ctx), params.id, params.date);
        if (!result.ok) throw new HttpDomainError(result.error);
        ctx.status = 204;
      },
    });
