import { routes } from '@clinic/contract';
import { type ClinicRepositoryPort } from '@clinic/core';
import { HttpDomainError } from '../errors/http-error';
import { currentMember, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { toPublicClinicJson } from './clinic.mapper';
import { EXAMPLE_PUBLIC_CLINIC } from './examples';

export const usersRouter = (clinics: ClinicRepositoryPort, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/users', '会員', accounts)
    .add(routes.memberAccount.profile, {
      summary: 'ログイン中の会員',
      description: 'ログインしている会員のID・氏名・診察券番号・所属クリニックと、画面とメッセージの言語（language）を返します。',
      examples: { response: { id: '101', name: '山田 花子', userNumber: '100001', clinicId: '1', language: 'ja' } },
      access: 'member',
      responses: { 200: { description: '会員の名前・診察券番号・所属院' } },
      handler: async (ctx) => {
        const member = currentMember(ctx);
        ctx.body = { id: member.id, name: member.name, userNumber: member.userNumber, clinicId: member.clinicId, language: member.language ?? 'ja' };
      },
    })
    .add(routes.memberAccount.clinics, {
      summary: 'クリニック一覧',
      description: '会員が予約できるクリニックの一覧です。営業時間・休憩・今日以降の休診日を含みます。',
      examples: { response: [EXAMPLE_PUBLIC_CLINIC] },
      access: 'member',
      responses: { 200: { description: 'チェーンのクリニック' } },
      handler: async (ctx) => {
        ctx.body = (await clinics.list()).map(toPublicClinicJson);
      },
    })
    .add(routes.memberAccount.clinic, {
      summary: 'クリニック',
      description: 'クリニック1件の営業時間・休憩・休診日を返します。',
      examples: { params: { id: '1' }, response: EXAMPLE_PUBLIC_CLINIC },
      errors: ['CLINIC_NOT_FOUND'],
      access: 'member',
      responses: { 200: { description: 'クリニック' } },
      handler: async (ctx, { params }) => {
        const clinic = await clinics.findById(params.id);
        if (!clinic) throw HttpDomainError.of('CLINIC_NOT_FOUND');
        ctx.body = toPublicClinicJson(clinic);
      },
    });
