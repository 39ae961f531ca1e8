import { describe, expect, it } from 'vitest';
import { mayReadReport, percentOf } from './report.entity';
import { parseReportMonth } from './report-month.value-object';

describe('report month', () => {
  it('is a calendar month in Asia/Tokyo, half-open', () => {
    expect(parseReportMonth('2026-02')).toEqual({
      ok: true,
      value: { value: '2026-02', from: '2026-02-01T00:00:00+09:00', to: '2026-03-01T00:00:00+09:00', firstDay: '2026-02-01', lastDay: '2026-02-28' },
    });
    expect(parseReportMonth('2024-12')).toMatchObject({ ok: true, value: { to: '2025-01-01T00:00:00+09:00', lastDay: '2024-12-31' } });
  });

  it('starts in April 2021 (REPORT_MONTH_TOO_EARLY before)', () => {
    expect(parseReportMonth('2021-04').ok).toBe(true);
    expect(parseReportMonth('2021-03')).toEqual({ ok: false, error: { code: 'REPORT_MONTH_TOO_EARLY' } });
    expect(parseReportMonth('1999-12')).toMatchObject({ ok: false, error: { code: 'REPORT_MONTH_TOO_EARLY' } });
  });

  it('refuses anything but YYYY-MM', () => {
    for (const raw of ['2026-13', '2026-00', '2026-1', '2026/10', '', '2026-10-01']) {
      expect(parseReportMonth(raw), raw).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: [{ path: 'month' }] } });
    }
  });
});

describe('who reads a report', () => {
  it('gives a clinic’s staff their clinic, head office every clinic, and the chain to a head-office ADMIN only', () => {
    expect(mayReadReport({ role: 'STAFF', clinicId: '1' }, '1')).toBe(true);
    expect(mayReadReport({ role: 'STAFF', clinicId: '1' }, '2')).toBe(false);
    expect(mayReadReport({ role: 'ADMIN', clinicId: '1' }, '2')).toBe(false);
    expect(mayReadReport({ role: 'ADMIN', clinicId: '1' }, null)).toBe(false);
    expect(mayReadReport({ role: 'STAFF', clinicId: null }, '2')).toBe(true);
    expect(mayReadReport({ role: 'STAFF', clinicId: null }, null)).toBe(false);
    expect(mayReadReport({ role: 'ADMIN', clinicId: null }, null)).toBe(true);
  });

  it('rounds rates to one decimal and has none without a whole', () => {
    expect(percentOf(165, 1200)).toBe(13.8);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 0)).toBeNull();
  });
});
