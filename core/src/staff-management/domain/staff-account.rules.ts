import { canManageClinic, mayWriteStaffAccount, STAFF_ROLES, type Staff, type StaffChanges } from '../../accounts/domain/staff.entity';
import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPLOYEE_NUMBER = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Whether `actor` may manage the staff of a clinic (null = head office): head-office staff and
 * admins everywhere, staff and admins of a clinic at their own clinic only (shared/DOMAIN.md).
 */
export const mayManageStaffAt = (actor: Pick<Staff, 'role' | 'clinicId'>, clinicId: string | null): boolean => canManageClinic(actor, clinicId);

/**
 * Whether `actor` may create, change or delete `target` (as it is now, and as it will be).
 * Only a head-office ADMIN grants the ADMIN role or touches an ADMIN account: a STAFF or a clinic's
 * ADMIN who could change an admin's email could take the account over with a password reset.
 */
export const mayWriteStaff = (actor: Pick<Staff, 'role' | 'clinicId'>, target: Pick<Staff, 'role' | 'clinicId'>): boolean =>
  mayWriteStaffAccount(actor, target);

/** Checks and normalises the details of a staff account. */
export const validateStaffChanges = (changes: StaffChanges): Result<StaffChanges, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const employeeNumber = changes.employeeNumber.trim();
  const email = changes.email.trim();
  const name = changes.name.trim();
  if (!EMPLOYEE_NUMBER.test(employeeNumber)) {
    fields.push({ path: 'employeeNumber', message: '社員番号は半角英数字（32文字以内）で入力してください。' });
  }
  if (!EMAIL.test(email) || email.length > 254) fields.push({ path: 'email', message: 'メールアドレスの形式が正しくありません。' });
  if (name.length === 0 || name.length > 100) fields.push({ path: 'name', message: '氏名を100文字以内で入力してください。' });
  if (!STAFF_ROLES.includes(changes.role)) fields.push({ path: 'role', message: '権限はADMINまたはSTAFFを指定してください。' });
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok({
    employeeNumber,
    email,
    name,
    role: changes.role,
    clinicId: changes.clinicId,
    ...(changes.doctor === undefined ? {} : { doctor: changes.doctor }),
  });
};

/** A password is 10 to 128 characters (NIST: length, not composition). */
export const validatePassword = (password: string): Result<string, 'VALIDATION_FAILED'> =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH
    ? ok(password)
    : fail('VALIDATION_FAILED', {
        fields: [{ path: 'password', message: `パスワードは${PASSWORD_MIN_LENGTH}文字以上${PASSWORD_MAX_LENGTH}文字以内で入力してください。` }],
      });
