import { z } from 'zod';

/** Ids are strings of digits (bigint identities). */
export const idSchema = z.string().regex(/^\d{1,18}$/, { error: 'IDの形式が正しくありません。' });
export const idParams = z.object({ id: idSchema });

export const timeOfDaySchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: '時刻はHH:mm形式で入力してください。' });

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/** `Date.UTC` with years 0–99 as themselves, not 1900–1999. */
const utc = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millis = 0): Date => {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millis));
  date.setUTCFullYear(date.getUTCFullYear() - 2000 + year);
  return date;
};

const isCalendarDate = (year: number, month: number, day: number): boolean => {
  const date = utc(year, month, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** Epoch milliseconds of an ISO 8601 instant with its offset; NaN for a time that does not exist. */
export const instantMillis = (value: string): number => {
  const m = INSTANT.exec(value);
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const offsetHours = Number(m[10] ?? 0);
  const offsetMinutes = Number(m[11] ?? 0);
  const millis = Number((m[7] ?? '0').padEnd(3, '0'));
  // 24:00 is the end of the day (ISO 8601), as luxon reads it.
  const endOfDay = hour === 24 && minute === 0 && second === 0 && millis === 0;
  if (!isCalendarDate(year, month, day) || (hour > 23 && !endOfDay) || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return Number.NaN;
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return utc(year, month, day, hour, minute, second, millis).getTime() - offset * 60_000;
};

/** An ISO 8601 instant with its offset on the wire (`2026-12-01T10:15:00+09:00`), epoch milliseconds to the server. */
export const instantSchema = z
  .string()
  .regex(INSTANT, {
    error: '日時はオフセット付きのISO 8601形式（例: 2026-12-01T10:15:00+09:00）で入力してください。',
  })
  .transform((value, ctx) => {
    const millis = instantMillis(value);
    if (Number.isNaN(millis)) {
      ctx.addIssue({ code: 'custom', message: '存在しない日時です。' });
      return z.NEVER;
    }
    return millis;
  });

/** A calendar date, `YYYY-MM-DD`. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日付はYYYY-MM-DD形式で入力してください。' })
  .refine((value) => isCalendarDate(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10))), { error: '存在しない日付です。' });

/** A real calendar date, `YYYY-MM-DD` (zod's ISO date), for the requests that take one. */
export const isoDateSchema = z.iso.date({ error: '日付はYYYY-MM-DD形式で入力してください。' });
