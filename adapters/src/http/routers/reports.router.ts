import { routes } from '@clinic/contract';
import type { GetReportUseCase, Report } from '@clinic/core';
import { spreadsheetCsv } from '../csv';
import { HttpDomainError } from '../errors/http-error';
import { currentStaff, type AccountLookups } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';

export interface ReportsHttp {
  readonly getReport: GetReportUseCase;
}

/**
 * A report as CSV for spreadsheet software (`spreadsheetCsv`: BOM, Japanese labels, CRLF, RFC 4180
 * quoting, and names such as a member's or a menu's starting with `=` neutralised).
 */
export const reportCsv = (report: Pick<Report, 'columns' | 'rows'>): string =>
  spreadsheetCsv(
    report.columns.map((column) => column.label),
    report.rows.map((row) => report.columns.map((column) => row[column.key] ?? '')),
  );

/** `filename` in ASCII for old clients, `filename*` (RFC 5987) with the Japanese title. */
const attachment = (type: string, report: Report): string => {
  const ascii = `${type}-${report.month}.csv`;
  const japanese = encodeURIComponent(`${report.title}_${report.month}.csv`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${japanese}`;
};

/** The monthly reports (/admin/clinic/reports/): one clinic's, or the whole chain's for a head-office ADMIN. */
export const adminReportsRouter = (deps: ReportsHttp, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api/admin', 'レポート', accounts).add(routes.adminReports.report, {
    summary: '月次レポート',
    description:
      '指定した月（2021年4月以降）のレポートを表またはCSVで返します。clinicIdを省略するとチェーン全体（本部のADMINのみ）。' +
      'スタッフは自院（所属クリニックのない本部スタッフは全院）のレポートを読めます。各レポートの定義は docs/reports.md。',
    examples: {
      query: { type: 'cancel-number', month: '2026-10', clinicId: '1' },
      response: {
        type: 'cancel-number',
        title: 'キャンセル数',
        month: '2026-10',
        clinicId: '1',
        columns: [
          { key: 'date', label: '日付', kind: 'text' },
          { key: 'cancelled', label: 'キャンセル', kind: 'number' },
          { key: 'notVisited', label: '無断キャンセル', kind: 'number' },
          { key: 'total', label: '合計', kind: 'number' },
        ],
        rows: [
          { date: '2026-10-01', cancelled: 2, notVisited: 0, total: 2 },
          { date: '2026-10-02', cancelled: 1, notVisited: 1, total: 2 },
        ],
      },
    },
    errors: ['REPORT_MONTH_TOO_EARLY', 'CLINIC_NOT_FOUND'],
    access: 'staff',
    responses: {
      200: { description: 'レポート（format=csv ではUTF-8 BOM付きのCSV）' },
      400: { description: 'VALIDATION_FAILED / REPORT_MONTH_TOO_EARLY / CLINIC_NOT_FOUND' },
      401: { description: 'UNAUTHENTICATED' },
      403: { description: 'FORBIDDEN（他院のレポート、またはチェーン全体を本部ADMIN以外が要求）' },
    },
    handler: async (ctx, { query }) => {
      const result = await deps.getReport.execute({
        staff: currentStaff(ctx),
        type: query.type,
        month: query.month,
        clinicId: query.clinicId ?? null,
      });
      if (!result.ok) throw new HttpDomainError(result.error);
      const report = result.value;
      ctx.set('Cache-Control', 'no-store');
      if (query.format === 'csv') {
        ctx.type = 'text/csv; charset=utf-8';
        ctx.set('Content-Disposition', attachment(query.type, report));
        ctx.body = reportCsv(report);
        return;
      }
      ctx.body = {
        type: query.type,
        title: report.title,
        month: report.month,
        clinicId: report.clinicId,
        columns: report.columns,
        rows: report.rows,
      };
    },
  });
