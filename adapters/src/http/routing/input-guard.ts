import type { FieldError } from '@clinic/core';

/**
 * What every request's params, query and body are checked for before their zod schema: values that
 * would pass a schema but that PostgreSQL cannot store or that fall outside the calendar the
 * application computes with. Found by the input fuzzing (docs/security.md); each was a 500.
 *
 * - NUL (U+0000) in any string or key: PostgreSQL text cannot hold it (22021).
 * - A date, month or instant (the whole string `YYYY-MM[-DD[THH:mm…]]`) outside the years
 *   1900–2999: year 0000 does not exist in PostgreSQL (22008), and 9999-12-31 plus a day or an
 *   offset is year 10000, which luxon writes as `+010000-…` and PostgreSQL cannot read.
 */
export const SUPPORTED_YEARS = { min: 1900, max: 2999 } as const;

const DATE_LIKE = /^(\d{4})-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?$/;
const NUL_MESSAGE = '使用できない文字（NUL）が含まれています。';
const YEAR_MESSAGE = `日付は${SUPPORTED_YEARS.min}年から${SUPPORTED_YEARS.max}年までの範囲で入力してください。`;

const problemOf = (text: string): string | null => {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  const date = DATE_LIKE.exec(text);
  if (date) {
    const year = Number(date[1]);
    if (year < SUPPORTED_YEARS.min || year > SUPPORTED_YEARS.max) return YEAR_MESSAGE;
  }
  return null;
};

/** The fields at fault (at most 20), walked without recursion so that any nesting depth is safe. */
export const unstorableInput = (value: unknown, where: string): FieldError[] => {
  const found: FieldError[] = [];
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: where }];
  while (stack.length > 0 && found.length < 20) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const message = problemOf(current);
      if (message) found.push({ path, message });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes('\u0000')) found.push({ path, message: NUL_MESSAGE });
        stack.push({ value: inner, path: `${path}.${key}` });
      }
    }
  }
  return found;
};
