import { fail, ok, type Result } from './result';

/**
 * The order of a period's two ends, the one rule every search and list by period shares (issue 22:
 * decided in the core, not in each router). Dates (`YYYY-MM-DD`) include both ends, so `to` may be
 * `from`; instants are half-open, so the end must be after the start. `path` names the later end
 * in the answer.
 */
export const datesInOrder = (from: string, to: string, path: string): Result<void, 'VALIDATION_FAILED'> =>
  from <= to ? ok(undefined) : fail('VALIDATION_FAILED', { fields: [{ path, message: '終了日は開始日以降にしてください。' }] });

export const instantsInOrder = (startMs: number, endMs: number, path: string): Result<void, 'VALIDATION_FAILED'> =>
  startMs < endMs ? ok(undefined) : fail('VALIDATION_FAILED', { fields: [{ path, message: '終了は開始より後にしてください。' }] });
