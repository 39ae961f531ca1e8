import { DateTime } from 'luxon';
import { clinicZone } from '../../shared/zone-offset';
import { fail, ok, type Result } from '../../shared/result';

/** Reports exist from April 2021 on (the specification: "Report month must be April 2021 or later"). */
export const FIRST_REPORT_MONTH = '2021-04';

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * A calendar month in Asia/Tokyo. `from` is its first instant and `to` the first instant of the
 * next month (half-open), both ISO 8601 with offset; `firstDay` and `lastDay` are dates.
 */
export interface ReportMonth {
  readonly value: string;
  readonly from: string;
  readonly to: string;
  readonly firstDay: string;
  readonly lastDay: string;
}

export const parseReportMonth = (raw: string): Result<ReportMonth, 'VALIDATION_FAILED' | 'REPORT_MONTH_TOO_EARLY'> => {
  const match = MONTH_PATTERN.exec(raw);
  if (!match) return fail('VALIDATION_FAILED', { fields: [{ path: 'month', message: '月はYYYY-MMの形式で指定してください。' }] });
  if (raw < FIRST_REPORT_MONTH) return fail('REPORT_MONTH_TOO_EARLY');
  const start = DateTime.fromObject({ year: Number(match[1]), month: Number(match[2]), day: 1 }, { zone: clinicZone });
  const next = start.plus({ months: 1 });
  return ok({
    value: raw,
    from: start.toISO({ suppressMilliseconds: true })!,
    to: next.toISO({ suppressMilliseconds: true })!,
    firstDay: start.toISODate()!,
    lastDay: next.minus({ days: 1 }).toISODate()!,
  });
};
