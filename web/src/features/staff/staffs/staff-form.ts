import type { Translate } from '../../../i18n';
import type { StaffRole } from '../staff-session';

export interface StaffFormValues {
  employeeNumber: string;
  email: string;
  name: string;
  role: StaffRole | '';
  /** A clinic id, or `HEAD_OFFICE` for no clinic. */
  clinic: string;
  password: string;
  /** A doctor: may explain and countersign consents (問診票・同意書). */
  doctor: boolean;
}

export const HEAD_OFFICE = 'head-office';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field-level reasons, keyed by the API's field names. */
export function validateStaffForm(values: StaffFormValues, isNew: boolean, t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  const label = (key: 'employeeNumber' | 'email' | 'name') => t(`staffsPage.profile.${key}`);
  if (!values.employeeNumber.trim()) errors.employeeNumber = t('staffsPage.required', { field: label('employeeNumber') });
  else if (values.employeeNumber.trim().length > 32) errors.employeeNumber = t('staffsPage.form.tooLong', { field: label('employeeNumber'), max: 32 });
  if (!values.email.trim()) errors.email = t('staffsPage.required', { field: label('email') });
  else if (!EMAIL.test(values.email.trim())) errors.email = t('staffsPage.form.emailFormat');
  if (!values.name.trim()) errors.name = t('staffsPage.required', { field: label('name') });
  else if (values.name.trim().length > 100) errors.name = t('staffsPage.form.tooLong', { field: label('name'), max: 100 });
  if (!values.role) errors.role = t('staffsPage.selectRequired', { field: t('staffsPage.profile.role') });
  if (!values.clinic) errors.clinicId = t('staffsPage.selectRequired', { field: t('staffsPage.profile.clinic') });
  if (isNew && values.password && (values.password.length < 10 || values.password.length > 128)) {
    errors.password = t('staffsPage.form.passwordLength');
  }
  return errors;
}
