import type { ReportKey } from '@clinic/core/reports/catalog';
import type { QueryValue } from '../../../shared/api/http';

export const REPORTS_URL = '/api/admin/reports';

export interface ReportRequest {
  type: ReportKey;
  month: string;
  /** `null`: every clinic of the chain (ADMIN only). */
  clinicId: string | null;
}

export function reportQuery({ type, month, clinicId }: ReportRequest): Record<string, QueryValue> {
  return { type, month, clinicId: clinicId ?? undefined };
}

/** The CSV of the same report: `…&format=csv` (UTF-8 with BOM, Japanese headers), downloaded by the browser. */
export function reportCsvUrl(request: ReportRequest): string {
  const params = new URLSearchParams({ type: request.type, month: request.month });
  if (request.clinicId) params.set('clinicId', request.clinicId);
  params.set('format', 'csv');
  return `${REPORTS_URL}?${params.toString()}`;
}
