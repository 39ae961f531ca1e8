import { fail, ok, type Result } from '../../shared/result';

/** A label staff put on members (VIP, 要注意 …), shared by the whole chain. */
export interface Tag {
  readonly id: string;
  readonly name: string;
  readonly displayOrder: number;
}

export const TAG_NAME_MAX = 50;

export const validateTagName = (name: string): Result<string, 'VALIDATION_FAILED'> => {
  const trimmed = name.trim();
  if (trimmed.length === 0) return fail('VALIDATION_FAILED', { fields: [{ path: 'name', message: 'タグ名を入力してください。' }] });
  if (trimmed.length > TAG_NAME_MAX)
    return fail('VALIDATION_FAILED', { fields: [{ path: 'name', message: `タグ名は${TAG_NAME_MAX}文字以内で入力してください。` }] });
  return ok(trimmed);
};
