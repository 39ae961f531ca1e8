/** Report months (`YYYY-MM`, Asia/Tokyo): from April 2021 (the specification) to the current month. */
export const FIRST_REPORT_MONTH_VALUE = '2021-04';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isMonth = (value: string | null | undefined): value is string => typeof value === 'string' && MONTH.test(value);

const tokyoMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' });

/** The month `now` falls in, in Tokyo. */
export function currentMonth(now: Date): string {
  const parts = tokyoMonth.formatToParts(now);
  const year = parts.find((p) => p.type === 'year')?.value ?? '1970';
  const month = parts.find((p) => p.type === 'month')?.value ?? '01';
  return `${year}-${month}`;
}

export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The default: last month (April 2021 at the earliest). */
export function defaultMonth(now: Date): string {
  const previous = addMonths(currentMonth(now), -1);
  return previous < FIRST_REPORT_MONTH_VALUE ? FIRST_REPORT_MONTH_VALUE : previous;
}

/** Every month a report exists for, newest first. */
export function reportMonths(now: Date): string[] {
  const months: string[] = [];
  for (let m = currentMonth(now); m >= FIRST_REPORT_MONTH_VALUE; m = addMonths(m, -1)) months.push(m);
  return months;
}

export function monthParts(month: string): { year: number; month: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { year: y, month: m };
}
