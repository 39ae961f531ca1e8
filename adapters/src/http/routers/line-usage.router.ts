import { LINE_USAGE_ERRORS, type LineUsageUseCase } from '@clinic/core';
import { routes, type LineUsageJson } from '@clinic/contract';
import { unwrap } from '../errors/http-error';
import { currentStaff, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';

const EXAMPLE: LineUsageJson = {
  month: '2026-11',
  total: 1432,
  clinics: [
    {
      clinicId: '1',
      clinicName: '渋谷院',
      sent: 912,
      byKind: { CONFIRMATION: 301, CHANGE: 42, CANCELLATION: 37, REMINDER: 515, WAITLIST_OFFER: 12 },
      welcomes: 5,
    },
    {
      clinicId: '2',
      clinicName: '新宿院',
      sent: 520,
      byKind: { CONFIRMATION: 170, CHANGE: 15, CANCELLATION: 20, REMINDER: 308, WAITLIST_OFFER: 5 },
      welcomes: 2,
    },
  ],
};

/** LINE送信数: the monthly count of LINE messages per clinic, for ADMIN (LINE bills per message). */
export const lineUsageRouter = (usage: LineUsageUseCase, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/admin', 'LINE送信数', accounts).add(routes.lineUsage.monthly, {
    summary: 'LINEメッセージの月間送信数',
    description:
      'LINE公式アカウントはメッセージ数で課金されるため、指定した月（日本時間）に LINE が受け付けた LINE メッセージ（予約確認・変更・キャンセル・リマインド・キャンセル待ちのご案内のプッシュ）を、送信履歴からクリニックごと・種類ごとに数えます。友だち追加した連携済み会員へのあいさつ（送信履歴には載りません）も `welcomes` として会員のクリニックに数えます。' +
      'クリニックのADMINは自院のみ（clinicId を省略しても自院、他院は 403）、本部のADMINは clinicId を省略すると全クリニック、指定するとそのクリニックです。STAFF は 403。' +
      '数えるのは送信済み（SENT）の行で、送信に失敗したもの・取り消されたもの・メールは含みません。再送した行は最後の送信の月に1件です。',
    examples: { query: { month: '2026-11' }, response: EXAMPLE },
    errors: [...LINE_USAGE_ERRORS],
    access: 'admin',
    responses: {
      200: { description: 'クリニックごとの送信数' },
      403: { description: 'FORBIDDEN（STAFF、または他院をクリニックのADMINが要求）' },
    },
    handler: async (ctx, { query }) => {
      ctx.set('Cache-Control', 'no-store');
      const counted = unwrap(await usage.monthly({ staff: currentStaff(ctx), month: query.month, clinicId: query.clinicId ?? null }));
      ctx.body = { month: counted.month, total: counted.total, clinics: [...counted.clinics] } satisfies LineUsageJson;
    },
  });
