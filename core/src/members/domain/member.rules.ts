import type { Member, MemberStatus } from '../../accounts/domain/member.entity';
import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const validateMemberPassword = (password: string, path = 'password'): Result<string, 'VALIDATION_FAILED'> =>
  password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX
    ? ok(password)
    : fail('VALIDATION_FAILED', { fields: [{ path, message: `パスワードは${PASSWORD_MIN}文字以上${PASSWORD_MAX}文字以内で入力してください。` }] });

/**
 * What a status change means: TEMPORARY → FULL registers the member (a card number is needed);
 * FULL → FULL is ALREADY_MEMBER; FULL → TEMPORARY is refused. Returns whether the member becomes FULL now.
 */
export const checkStatusChange = (
  current: Pick<Member, 'status'>,
  requested: MemberStatus | undefined,
): Result<{ becomesFull: boolean }, 'ALREADY_MEMBER' | 'VALIDATION_FAILED'> => {
  if (requested === undefined) return ok({ becomesFull: false });
  if (requested === 'FULL') return current.status === 'FULL' ? fail('ALREADY_MEMBER') : ok({ becomesFull: true });
  if (current.status === 'FULL') return fail('VALIDATION_FAILED', { fields: [{ path: 'status', message: '本会員を仮会員に戻すことはできません。' }] });
  return ok({ becomesFull: false });
};

/** A card number belongs to FULL members only. */
export const cardNumberField = (status: MemberStatus, userNumber: string | null | undefined): FieldError | null =>
  status === 'TEMPORARY' && userNumber ? { path: 'userNumber', message: '診察券番号は本会員にだけ登録できます。' } : null;

export const CURRENT_PASSWORD_WRONG: FieldError = { path: 'currentPassword', message: '現在のパスワードが正しくありません。' };
export const CURRENT_PASSWORD_REQUIRED: FieldError = {
  path: 'currentPassword',
  message: 'メールアドレスやパスワードを変更するには、現在のパスワードを入力してください。',
};

/** Whether a change names another login e-mail than the member's (letter case and spaces aside). */
export const changesEmail = (current: string | null, next: string | null | undefined): boolean =>
  next !== undefined && (next ?? '').trim().toLowerCase() !== (current ?? '').trim().toLowerCase();
