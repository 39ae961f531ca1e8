import { routes } from '@clinic/contract';
import type { AccessRecordJson } from '@clinic/contract';
import type { AccessLogFilter, AccessRecord, SearchAccessLogUseCase } from '@clinic/core';
import type { z } from 'zod';
import { spreadsheetCsv } from '../csv';
import { unwrap } from '../errors/http-error';
import { currentStaff, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import type { auditFilterQuery } from '@clinic/contract';
import { formatInstant } from './instant';

export interface AuditHttp {
  readonly search: SearchAccessLogUseCase;
}

const toJson = (record: AccessRecord): AccessRecordJson => ({
  id: record.id,
  at: formatInstant(Date.parse(record.at)),
  actor: { type: record.actorType, id: record.actorId, login: record.actorLogin, name: record.actorName, role: record.actorRole, clinicId: record.clinicId },
  action: record.action,
  resource: record.resource,
  resourceId: record.resourceId,
  memberIds: [...record.memberIds],
  outcome: record.outcome,
  status: record.status,
  method: record.method,
  path: record.path,
  ip: record.ip,
  userAgent: record.userAgent,
  requestId: record.requestId,
  detail: record.detail ?? null,
});

const filterOf = (query: z.output<typeof auditFilterQuery>): AccessLogFilter => ({
  staffId: query.staffId,
  staffLogin: query.staffLogin,
  memberId: query.memberId,
  memberNumber: query.memberNumber,
  action: query.action,
  outcome: query.outcome,
  from: query.from,
  to: query.to,
});

const CSV_COLUMNS = [
  '日時',
  'スタッフID',
  'ログインID',
  '氏名',
  '権限',
  '所属クリニックID',
  '操作',
  '対象',
  '対象ID',
  '会員ID',
  '結果',
  'HTTPステータス',
  'メソッド',
  'パス',
  'IPアドレス',
  'ユーザーエージェント',
  'リクエストID',
  '詳細',
];

/**
 * Access records as CSV (`spreadsheetCsv`: UTF-8 BOM, CRLF, RFC 4180 quoting, and text cells such
 * as a login name typed as `=HYPERLINK(…)` at a failed login neutralised against formula injection).
 */
export const accessCsv = (records: readonly AccessRecord[]): string =>
  spreadsheetCsv(
    CSV_COLUMNS,
    records.map((r) => {
      const json = toJson(r);
      return [
        json.at,
        r.actorId ?? '',
        r.actorLogin ?? '',
        r.actorName ?? '',
        r.actorRole ?? '',
        r.clinicId ?? '',
        r.action,
        r.resource,
        r.resourceId ?? '',
        r.memberIds.join(' '),
        r.outcome,
        r.status ?? '',
        r.method ?? '',
        r.path ?? '',
        r.ip ?? '',
        r.userAgent ?? '',
        r.requestId ?? '',
        r.detail == null ? '' : JSON.stringify(r.detail),
      ];
    }),
  );

const FILTER_HELP =
  'staffId（スタッフID。失敗したログインはそのアカウント宛ても含む）・staffLogin（社員番号。ログイン失敗時に入力された値も含む）・memberId（会員ID）・memberNumber（診察券番号。memberIdとともに一覧・検索で表示された会員も含む）・action・outcome・from/to（YYYY-MM-DDは東京の日付で両端を含む。オフセット付き日時ならfromを含みtoを含まない）で絞り込みます。本部のADMINは全件、クリニック所属のADMINは自院スタッフの記録だけを読めます。';

const EXAMPLE_RECORD = {
  id: '1042',
  at: '2026-12-01T10:15:00+09:00',
  actor: { type: 'staff', id: '3', login: 'S1002', name: '佐藤 花子', role: 'STAFF', clinicId: '1' },
  action: 'view',
  resource: 'member',
  resourceId: '101',
  memberIds: ['101'],
  outcome: 'ok' as const,
  status: 200,
  method: 'GET',
  path: '/api/staffs/users/101/with-details',
  ip: '192.0.2.10',
  userAgent: 'Mozilla/5.0',
  requestId: '6f1c2a9e-2b8e-4a57-9d8e-0c5a3f1b7e21',
  detail: null,
};

/** The staff access audit (/admin/settings/audit/): search and CSV export, for administrators. */
export const auditRouter = (deps: AuditHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/admin', '監査ログ', accounts)
    .add(routes.adminAudit.list, {
      summary: 'アクセスログ（監査ログ）の検索',
      description: `スタッフによる会員情報の閲覧・変更、拒否されたアクセス、スタッフのログイン失敗の記録を新しい順に返します。${FILTER_HELP} 次のページは nextCursor を cursor に渡します（キーセット方式）。`,
      access: 'admin',
      examples: {
        query: { memberId: '101', from: '2026-12-01', to: '2026-12-31' },
        response: { items: [EXAMPLE_RECORD], nextCursor: '1042', members: [{ id: '101', userNumber: '100001', name: '山田 花子' }] },
      },
      responses: {
        200: { description: '記録のページ' },
        400: { description: 'VALIDATION_FAILED' },
        403: { description: 'FORBIDDEN（ADMIN以外）' },
      },
      // Reading the audit trail is itself recorded (without the members listed, so that it does not
      // show up as an access to each of them).
      audit: { action: 'search', resource: 'audit_log', members: () => [] },
      handler: async (ctx, { query }) => {
        const page = unwrap(await deps.search.page(currentStaff(ctx), filterOf(query), query.cursor ?? null, query.limit));
        ctx.body = { items: page.items.map(toJson), nextCursor: page.nextCursor, members: page.members.map((m) => ({ ...m })) };
      },
    })
    .add(routes.adminAudit.export, {
      summary: 'アクセスログ（監査ログ）のCSV出力',
      description: `検索と同じ条件で、新しい順に最大10,000件をUTF-8 BOM付きのCSVで返します。超えたときは X-Truncated: true を付けます（期間を絞ってください）。${FILTER_HELP}`,
      access: 'admin',
      examples: { query: { staffId: '3', action: 'view' } },
      responses: {
        200: { description: 'CSV（text/csv; charset=utf-8）' },
        400: { description: 'VALIDATION_FAILED' },
        403: { description: 'FORBIDDEN（ADMIN以外）' },
      },
      audit: { action: 'export', resource: 'audit_log', members: () => [] },
      handler: async (ctx, { query }) => {
        const result = unwrap(await deps.search.export(currentStaff(ctx), filterOf(query)));
        ctx.set('Cache-Control', 'no-store');
        ctx.set('X-Truncated', String(result.truncated));
        ctx.type = 'text/csv; charset=utf-8';
        const day = new Date().toISOString().slice(0, 10);
        ctx.set('Content-Disposition', `attachment; filename="audit-log-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`アクセスログ_${day}.csv`)}`);
        ctx.body = accessCsv(result.items);
      },
    });
