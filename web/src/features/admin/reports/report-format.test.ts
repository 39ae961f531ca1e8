import { describe, expect, it } from 'vitest';
import { translate } from '../../../i18n';
import { chartHeight, chartModel } from './chart-data';
import { chartedColumns, formatCell, isEmptyReport, type ReportColumn, type UnitTexts } from './report-format';
import { addMonths, currentMonth, defaultMonth, reportMonths } from './report-month';
import { reportCsvUrl, reportQuery } from './reports.api';
import { unitTexts } from './ReportsPage';

const units: UnitTexts = unitTexts(translate);

describe('number formatting', () => {
  it('writes counts, rates, minutes and hours in Japanese style', () => {
    expect(formatCell(1234, 'number', units)).toBe('1,234');
    expect(formatCell(1234567, 'number', units)).toBe('1,234,567');
    expect(formatCell(87.5, 'percent', units)).toBe('87.5%');
    expect(formatCell(87.46, 'percent', units)).toBe('87.5%');
    expect(formatCell(100, 'percent', units)).toBe('100%');
    expect(formatCell(1234, 'minutes', units)).toBe('1,234分');
    expect(formatCell(12.5, 'hours', units)).toBe('12.5時間');
    expect(formatCell(0, 'number', units)).toBe('0');
  });

  it('accepts numbers sent as strings, shows a dash for no value, dates with the weekday', () => {
    expect(formatCell('1234', 'number', units)).toBe('1,234');
    expect(formatCell(null, 'percent', units)).toBe('－');
    expect(formatCell(undefined, 'number', units)).toBe('－');
    expect(formatCell('2026-10-01', 'text', units)).toBe('10月1日(木)');
    expect(formatCell('佐藤 美咲', 'text', units)).toBe('佐藤 美咲');
  });
});

describe('months', () => {
  // 2026-11-30 20:00 UTC is already December 1st in Tokyo.
  const tokyoDecember = new Date('2026-11-30T20:00:00Z');

  it('follows Tokyo time for the current month and defaults to last month', () => {
    expect(currentMonth(tokyoDecember)).toBe('2026-12');
    expect(defaultMonth(tokyoDecember)).toBe('2026-11');
    expect(defaultMonth(new Date('2027-01-15T03:00:00Z'))).toBe('2026-12');
    expect(defaultMonth(new Date('2021-04-10T03:00:00Z'))).toBe('2021-04');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('offers every month from the current one back to April 2021', () => {
    const months = reportMonths(tokyoDecember);
    expect(months[0]).toBe('2026-12');
    expect(months.at(-1)).toBe('2021-04');
    expect(months).toHaveLength(69);
    expect(months).not.toContain('2021-03');
  });
});

describe('report URLs', () => {
  it('asks for one clinic or, without clinicId, the chain; the CSV adds format=csv', () => {
    expect(reportQuery({ type: 'visit-number', month: '2026-10', clinicId: '1' })).toEqual({ type: 'visit-number', month: '2026-10', clinicId: '1' });
    expect(reportQuery({ type: 'visit-number', month: '2026-10', clinicId: null }).clinicId).toBeUndefined();
    expect(reportCsvUrl({ type: 'staff-uptime', month: '2026-10', clinicId: '1' })).toBe(
      '/api/admin/reports?type=staff-uptime&month=2026-10&clinicId=1&format=csv',
    );
    expect(reportCsvUrl({ type: 'staff-uptime', month: '2026-10', clinicId: null })).toBe('/api/admin/reports?type=staff-uptime&month=2026-10&format=csv');
  });
});

const daily: ReportColumn[] = [
  { key: 'date', label: '日付', kind: 'text' },
  { key: 'count', label: '来院数', kind: 'number' },
];
const uptime: ReportColumn[] = [
  { key: 'staffName', label: 'スタッフ', kind: 'text' },
  { key: 'scheduledHours', label: '勤務時間', kind: 'hours' },
  { key: 'bookedHours', label: '予約時間', kind: 'hours' },
  { key: 'uptime', label: '稼働率', kind: 'percent' },
];

describe('chart model', () => {
  it('draws a per-day count as bars over the days, labelled 10/1', () => {
    const model = chartModel(
      {
        columns: daily,
        rows: [
          { date: '2026-10-01', count: 3 },
          { date: '2026-10-02', count: 0 },
        ],
      },
      units,
    )!;
    expect(model).toMatchObject({ type: 'bar', indexAxis: 'x', labels: ['10/1', '10/2'], kind: 'number' });
    expect(model.series).toEqual([{ key: 'count', label: '来院数', values: [3, 0] }]);
    expect(chartHeight(model)).toBe(300);
  });

  it('draws a per-day time as a line', () => {
    const columns: ReportColumn[] = [daily[0]!, { key: 'minutes', label: '平均', kind: 'minutes' }];
    expect(chartModel({ columns, rows: [{ date: '2026-10-01', minutes: 30 }] }, units)?.type).toBe('line');
  });

  it('charts only the rates when a report mixes hours and rates, as horizontal bars from 8 categories', () => {
    expect(chartedColumns(uptime).map((c) => c.key)).toEqual(['uptime']);
    // A month without schedules has no rate: the hours are drawn instead.
    expect(chartedColumns(uptime, [{ staffName: '佐藤 美咲', scheduledHours: 0, bookedHours: 5, uptime: null }]).map((c) => c.key)).toEqual([
      'scheduledHours',
      'bookedHours',
    ]);
    const rows = Array.from({ length: 8 }, (_, i) => ({ staffName: `佐藤 美咲${i}`, scheduledHours: 10, bookedHours: 5, uptime: 50 }));
    const model = chartModel({ columns: uptime, rows }, units)!;
    expect(model).toMatchObject({ type: 'bar', indexAxis: 'y', kind: 'percent' });
    expect(chartHeight(model)).toBe(8 * 28 + 72);
  });

  it('names a category by its leading text columns, and keeps short names (10:00) on a vertical axis', () => {
    const columns: ReportColumn[] = [
      { key: 'staffName', label: 'スタッフ', kind: 'text' },
      { key: 'menuName', label: 'メニュー', kind: 'text' },
      { key: 'uptime', label: '稼働率', kind: 'percent' },
    ];
    expect(chartModel({ columns, rows: [{ staffName: '佐藤 美咲', menuName: 'ハイフ', uptime: 40 }] }, units)?.labels).toEqual(['佐藤 美咲・ハイフ']);
    const hours: ReportColumn[] = [
      { key: 'hour', label: '時間帯', kind: 'text' },
      { key: 'reservations', label: '予約数', kind: 'number' },
    ];
    const rows = Array.from({ length: 13 }, (_, i) => ({ hour: `${String(9 + i).padStart(2, '0')}:00`, reservations: i }));
    expect(chartModel({ columns: hours, rows }, units)).toMatchObject({ type: 'bar', indexAxis: 'x' });
  });

  it('turns the bars of five or more named categories on a narrow screen', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ staffName: `佐藤 美咲${i}`, scheduledHours: 10, bookedHours: 5, uptime: 50 }));
    expect(chartModel({ columns: uptime, rows }, units)?.indexAxis).toBe('x');
    expect(chartModel({ columns: uptime, rows }, units, true)?.indexAxis).toBe('y');
    const days = Array.from({ length: 30 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, count: i }));
    expect(chartModel({ columns: daily, rows: days }, units, true)?.indexAxis).toBe('x');
  });

  it('has nothing to draw for a list without numbers', () => {
    expect(chartModel({ columns: [{ key: 'name', label: '会員', kind: 'text' }], rows: [{ name: '山田' }] }, units)).toBeNull();
  });
});

describe('empty report', () => {
  it('is empty without rows or when every value is zero or missing', () => {
    expect(isEmptyReport({ columns: daily, rows: [] })).toBe(true);
    expect(
      isEmptyReport({
        columns: daily,
        rows: [
          { date: '2026-10-01', count: 0 },
          { date: '2026-10-02', count: null },
        ],
      }),
    ).toBe(true);
    expect(
      isEmptyReport({
        columns: daily,
        rows: [
          { date: '2026-10-01', count: 0 },
          { date: '2026-10-02', count: 1 },
        ],
      }),
    ).toBe(false);
    expect(isEmptyReport({ columns: [{ key: 'name', label: '会員', kind: 'text' }], rows: [{ name: '山田' }] })).toBe(false);
  });
});
