import type { AccessOutcome, AccessPageJson, AccessRecordJson, AuditMemberLabelJson } from '@clinic/contract';
import { ACCESS_ACTIONS } from '@clinic/contract/rules';
import { urlOf, type Input } from '../../../shared/api/api';
import type { QueryValue } from '../../../shared/api/http';
import { adminAudit } from '../../../shared/api/endpoints';

/** The lists of the contract (the server's own), so a new action or resource cannot go unnamed on the screen. */
export const AUDIT_ACTIONS = ACCESS_ACTIONS;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_OUTCOMES = ['ok', 'refused', 'not_found', 'invalid', 'error', 'failed'] as const satisfies readonly AccessOutcome[];
export type AuditOutcome = AccessOutcome;

/** The answers' types come from the HTTP adapter's schemas (@clinic/contract). */
export type AccessRecord = AccessRecordJson;
export type MemberLabel = AuditMemberLabelJson;
export type AccessPage = AccessPageJson;

/** The screen's filters, as kept in the URL: empty strings are "any". */
export interface AuditFilters {
  staffLogin: string;
  memberNumber: string;
  action: string;
  outcome: string;
  from: string;
  to: string;
}

export const FILTER_KEYS = ['staffLogin', 'memberNumber', 'action', 'outcome', 'from', 'to'] as const;

export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const value = (key: (typeof FILTER_KEYS)[number]) => params.get(key)?.trim() ?? '';
  const action = value('action');
  const outcome = value('outcome');
  const day = (key: 'from' | 'to') => (/^\d{4}-\d{2}-\d{2}$/.test(value(key)) ? value(key) : '');
  return {
    staffLogin: value('staffLogin'),
    memberNumber: value('memberNumber'),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : '',
    outcome: (AUDIT_OUTCOMES as readonly string[]).includes(outcome) ? outcome : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The search's query; `filtersFromParams` has kept only known actions and outcomes. */
export function auditQuery(filters: AuditFilters, cursor?: string | null): Input<'adminAudit', 'list'>['query'] {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) if (filters[key]) query[key] = filters[key];
  if (cursor) query.cursor = cursor;
  return query as Input<'adminAudit', 'list'>['query'];
}

/** The CSV of the same filters (UTF-8 with BOM, Japanese headers), downloaded by the browser. */
export function auditCsvUrl(filters: AuditFilters): string {
  return urlOf(adminAudit.export, { query: auditQuery(filters) as Record<string, QueryValue> });
}

/** `2026-12-01T10:15:00+09:00` → `2026/12/01 10:15:00` (the API answers in Asia/Tokyo). */
export function formatAt(at: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(at);
  return match ? `${match[1]}/${match[2]}/${match[3]} ${match[4]}` : at;
}
