export type ColumnKind = 'text' | 'number' | 'percent' | 'minutes' | 'hours';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

/** `GET /api/admin/reports` (JSON). */
export interface ReportResult {
  type: string;
  month: string;
  clinicId: string | null;
  columns: ReportColumn[];
  rows: ReportRow[];
}

export interface UnitTexts {
  percent: (value: string) => string;
  minutes: (value: string) => string;
  hours: (value: string) => string;
  /** A cell without a value. */
  none: string;
}

const integer = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 1 });

/** A number in Japanese style, without unit: 1,234 / 87.5 (counts are whole numbers). */
export function formatNumber(value: number, kind: ColumnKind): string {
  return kind === 'number' ? integer.format(value) : oneDecimal.format(value);
}

/** 1,234 / 87.5% / 1,234分 / 12.5時間; a date column (`YYYY-MM-DD`) as 10月1日(木). */
export function formatCell(value: ReportCell | undefined, kind: ColumnKind, units: UnitTexts): string {
  if (value === null || value === undefined || value === '') return units.none;
  if (typeof value === 'string') {
    if (kind === 'text') return isIsoDate(value) ? formatDate(value) : value;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) return value;
    value = parsed;
  }
  if (kind === 'text') return String(value);
  const text = formatNumber(value, kind);
  if (kind === 'percent') return units.percent(text);
  if (kind === 'minutes') return units.minutes(text);
  if (kind === 'hours') return units.hours(text);
  return text;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isIsoDate = (value: string): boolean => ISO_DATE.test(value);

const dateFormat = new Intl.DateTimeFormat('ja-JP', { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
const shortDateFormat = new Intl.DateTimeFormat('ja-JP', { month: 'numeric', day: 'numeric', timeZone: 'UTC' });

/** 2026-10-01 → 10月1日(木) (the table). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(`${iso}T00:00:00Z`));
}

/** 2026-10-01 → 10/1 (the chart's axis). */
export function formatShortDate(iso: string): string {
  return shortDateFormat.format(new Date(`${iso}T00:00:00Z`));
}

/** The numeric columns after the first (the category axis): the chart's series. */
export function seriesColumns(columns: readonly ReportColumn[]): ReportColumn[] {
  return columns.slice(1).filter((c) => c.kind !== 'text');
}

/**
 * The series one chart can draw on one axis: the percent columns when any of them has a value
 * (uptime, achievement rate), else the columns of the first numeric kind that has one (the
 * minutes of an uptime report for a month without schedules), else those of the first kind.
 */
export function chartedColumns(columns: readonly ReportColumn[], rows: readonly ReportRow[] = []): ReportColumn[] {
  const series = seriesColumns(columns);
  const hasValue = (c: ReportColumn) => rows.some((row) => (toNumber(row[c.key]) ?? 0) !== 0);
  const ofKind = (kind: ColumnKind) => series.filter((c) => c.kind === kind);
  const kinds = [...new Set(series.map((c) => c.kind))];
  const ordered = kinds.includes('percent') ? ['percent' as const, ...kinds.filter((k) => k !== 'percent')] : kinds;
  const withData = ordered.find((kind) => ofKind(kind).some(hasValue));
  const kind = withData ?? ordered[0];
  return kind ? ofKind(kind) : [];
}

export function toNumber(value: ReportCell | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** No rows, or no series value other than 0 / empty: 「この月のデータはありません」. */
export function isEmptyReport(report: Pick<ReportResult, 'columns' | 'rows'>): boolean {
  if (report.rows.length === 0) return true;
  const series = seriesColumns(report.columns);
  if (series.length === 0) return false;
  return report.rows.every((row) => series.every((c) => (toNumber(row[c.key]) ?? 0) === 0));
}
