import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';

/** A note on the calendar of one clinic for one date (at most one per clinic and date). */
export interface CalendarMemo {
  readonly id: string;
  readonly clinicId: string;
  readonly date: string;
  readonly content: string;
  /** ISO 8601 with offset, Asia/Tokyo. */
  readonly updatedAt: string;
}

export interface NewCalendarMemo {
  readonly clinicId: string;
  readonly date: string;
  readonly content: string;
  readonly updatedBy: string | null;
}

export const MEMO_MAX_LENGTH = 2000;

/** The message a second memo for one clinic and date gets (the code list has no memo code). */
export const MEMO_DATE_TAKEN: FieldError = { path: 'date', message: 'この日のメモはすでにあります。' };

/** Content is required (not only spaces) and at most 2000 characters; it is kept as written, trimmed. */
export const validateMemoContent = (content: string): Result<string, 'VALIDATION_FAILED'> => {
  const trimmed = content.trim();
  if (trimmed.length === 0) return fail('VALIDATION_FAILED', { fields: [{ path: 'content', message: 'メモの内容を入力してください。' }] });
  if (trimmed.length > MEMO_MAX_LENGTH) {
    return fail('VALIDATION_FAILED', { fields: [{ path: 'content', message: `メモは${MEMO_MAX_LENGTH}文字以内で入力してください。` }] });
  }
  return ok(trimmed);
};
