import type { ClinicRepositoryPort } from '@clinic/core';
import { routes } from '@clinic/contract';
import type { AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { toPublicClinicJson } from './clinic.mapper';
import { EXAMPLE_PUBLIC_CLINIC } from './examples';

export const guestsRouter = (clinics: ClinicRepositoryPort, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/guests', 'ゲスト', accounts).add(routes.guestMenus.clinics, {
    summary: 'Web予約を受け付けているクリニック',
    description: 'ログインなしで見られる、Web予約を受け付けているクリニックの一覧です。',
    examples: { response: [EXAMPLE_PUBLIC_CLINIC] },
    access: 'public',
    responses: { 200: { description: 'クリニックの一覧' } },
    handler: async (ctx) => {
      ctx.body = (await clinics.list()).filter((clinic) => clinic.webBookingEnabled).map(toPublicClinicJson);
    },
  });
