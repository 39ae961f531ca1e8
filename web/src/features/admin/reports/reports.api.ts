import type { ReportKey } from '@clinic/core/reports/catalog';
import { urlOf, type Input } from '../../../shared/api/api';
import type { QueryValue } from '../../../shared/api/http';
import { adminReports } from '../../../shared/api/endpoints';

export interface ReportRequest {
  type: ReportKey;
  month: string;
  /** `null`: every clinic of the chain (ADMIN only). */
  clinicId: string | null;
}

export function reportQuery({ type, month, clinicId }: ReportRequest): Input<'adminReports', 'report'>['query'] {
  return { type, month, clinicId: clinicId ?? undefined };
}

/** The CSV of the same report: `…&format=csv` (UTF-8 with BOM, Japanese headers), downloaded by the browser. */
export function reportCsvUrl(request: ReportRequest): string {
  return urlOf(adminReports.report, { query: { ...reportQuery(request), format: 'csv' } as Record<string, QueryValue> });
}
