import type { ClinicRepositoryPort } from '@clinic/core';
import { z } from 'zod';
import { HttpDomainError } from '../errors/http-error';
import { currentMember, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { toPublicClinicJson } from './clinic.mapper';
import { idParams, publicClinicJson } from './common.schemas';

const memberProfile = z.object({
  id: z.string(),
  name: z.string(),
  userNumber: z.string().nullable(),
  clinicId: z.string(),
});

export const usersRouter = (clinics: ClinicRepositoryPort, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/users', '会員', accounts)
    .add({
      method: 'get',
      path: '/profile',
      summary: 'ログイン中の会員',
      access: 'member',
      responses: { 200: { description: '会員の名前・診察券番号・所属院', schema: memberProfile } },
      handler: async (ctx) => {
        const member = currentMember(ctx);
        ctx.body = { id: member.id, name: member.name, userNumber: member.userNumber, clinicId: member.clinicId };
      },
    })
    .add({
      method: 'get',
      path: '/clinics',
      summary: 'クリニック一覧',
      access: 'member',
      responses: { 200: { description: 'チェーンのクリニック', schema: z.array(publicClinicJson) } },
      handler: async (ctx) => {
        ctx.body = (await clinics.list()).map(toPublicClinicJson);
      },
    })
    .add({
      method: 'get',
      path: '/clinics/:id',
      summary: 'クリニック',
      access: 'member',
      params: idParams,
      responses: { 200: { description: 'クリニック', schema: publicClinicJson } },
      handler: async (ctx, { params }) => {
        const clinic = await clinics.findById(params.id);
        if (!clinic) throw HttpDomainError.of('CLINIC_NOT_FOUND');
        ctx.body = toPublicClinicJson(clinic);
      },
    });
