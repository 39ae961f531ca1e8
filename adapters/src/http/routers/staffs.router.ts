import { routes } from '@clinic/contract';
import type { ClinicRepositoryPort } from '@clinic/core';
import { currentStaff, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { toClinicJson } from './clinic.mapper';
import { EXAMPLE_CLINIC } from './examples';

export const staffsRouter = (clinics: ClinicRepositoryPort, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/staffs', 'スタッフ', accounts)
    .add(routes.staffAccount.profile, {
      summary: 'ログイン中のスタッフ',
      description: 'ログインしているスタッフのID・氏名・権限・所属クリニックを返します。チェーン全体のADMINは `clinicId` が null です。',
      examples: { response: { id: '31', name: '佐藤 美咲', role: 'STAFF', clinicId: '1' } },
      access: 'staff',
      beforeTwoFactorSetup: true,
      responses: { 200: { description: 'スタッフの名前・権限・所属院（本部はnull）' } },
      handler: async (ctx) => {
        const staff = currentStaff(ctx);
        ctx.body = { id: staff.id, name: staff.name, role: staff.role, clinicId: staff.clinicId };
      },
    })
    .add(routes.staffAccount.clinics, {
      summary: 'チェーンの全クリニック',
      description: 'スタッフ画面のクリニック切り替え用に、チェーンのすべてのクリニックを設定ごと返します。',
      examples: { response: [EXAMPLE_CLINIC] },
      access: 'staff',
      responses: { 200: { description: 'クリニックの一覧（ID順）' } },
      handler: async (ctx) => {
        ctx.body = (await clinics.list()).map(toClinicJson);
      },
    });
