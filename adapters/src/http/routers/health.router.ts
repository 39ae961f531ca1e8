import { routes } from '@clinic/contract';
import type { AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';

export const healthRouter = (checkDatabase: () => Promise<boolean>, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api', '運用', accounts).add(routes.operations.health, {
    summary: '稼働確認',
    examples: { response: { status: 'ok', database: 'ok' } },
    description: 'サーバーとデータベースが応答するかを返します。データベースに届かないときは 503 です。',
    access: 'public',
    responses: { 200: { description: '正常' } },
    handler: async (ctx) => {
      const up = await checkDatabase().catch(() => false);
      ctx.status = up ? 200 : 503;
      ctx.body = up
        ? { status: 'ok', database: 'ok' }
        : { error: { code: 'SERVICE_UNAVAILABLE', message: 'サーバからの応答がありません。管理者にお問い合わせください。' } };
    },
  });
