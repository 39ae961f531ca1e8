import {
  chartedColumns,
  formatCell,
  formatShortDate,
  isIsoDate,
  toNumber,
  type ColumnKind,
  type ReportColumn,
  type ReportResult,
  type UnitTexts,
} from './report-format';

export interface ChartSeries {
  key: string;
  label: string;
  values: (number | null)[];
}

export interface ChartModel {
  /** `line` for a per-day report of times or rates, `bar` otherwise. */
  type: 'bar' | 'line';
  /** `y`: horizontal bars (many or long categories), so the labels stay readable at 375 px. */
  indexAxis: 'x' | 'y';
  labels: string[];
  /** The axis labels in full (tooltips). */
  fullLabels: string[];
  kind: ColumnKind;
  series: ChartSeries[];
}

/** Horizontal bars from this many categories on (unless their names are short, e.g. 10:00). */
const HORIZONTAL_FROM = 8;
/** Below 768 px names stay readable only on a vertical axis from fewer categories on. */
const NARROW_HORIZONTAL_FROM = 5;
const horizontal = (count: number, longest: number): boolean => (count >= HORIZONTAL_FROM && longest > 5) || longest > 12;

/**
 * What the chart draws: the first column is the category axis, the charted columns (one kind,
 * see `chartedColumns`) the series. `null` when the report has no numeric column.
 */
export function chartModel(report: Pick<ReportResult, 'columns' | 'rows'>, units: UnitTexts, narrow = false): ChartModel | null {
  const axis = report.columns[0];
  const charted = chartedColumns(report.columns, report.rows);
  const kind = charted[0]?.kind;
  if (!axis || !kind) return null;
  const byDay = axis.key === 'date' || report.rows.every((row) => typeof row[axis.key] === 'string' && isIsoDate(String(row[axis.key])));
  // Leading text columns name a category together (スタッフ・メニュー).
  const firstNumeric = report.columns.findIndex((c, i) => i > 0 && c.kind !== 'text');
  const axisColumns = report.columns.slice(0, firstNumeric > 0 ? firstNumeric : 1);
  const fullLabels = report.rows.map((row) => axisColumns.map((c) => formatCell(row[c.key], c.kind, units)).join('・'));
  const labels = byDay ? report.rows.map((row) => formatShortDate(String(row[axis.key]))) : fullLabels;
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return {
    type: byDay && kind !== 'number' ? 'line' : 'bar',
    indexAxis: !byDay && (horizontal(report.rows.length, longest) || (narrow && report.rows.length >= NARROW_HORIZONTAL_FROM && longest > 3)) ? 'y' : 'x',
    labels,
    fullLabels,
    kind,
    series: charted.map((c: ReportColumn) => ({ key: c.key, label: c.label, values: report.rows.map((row) => toNumber(row[c.key])) })),
  };
}

/** Height of the drawing: horizontal bars grow with the categories. */
export function chartHeight(model: ChartModel): number {
  if (model.indexAxis === 'y') return Math.max(240, model.labels.length * (model.series.length > 1 ? 36 : 28) + 72);
  return 300;
}
