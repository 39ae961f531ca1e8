import { canManageClinic, isHeadOfficeAdmin, type StaffRole } from '../../clinic-scope/domain/clinic-scope';

// The clinic scope rules are their own module (core/src/clinic-scope), used by every module.
export { STAFF_ROLES, canManageClinic, isAdmin, isHeadOfficeAdmin, type StaffRole } from '../../clinic-scope/domain/clinic-scope';

/** A member of staff. `clinicId` null means head office (every clinic is "own"). */
export interface Staff {
  readonly id: string;
  readonly employeeNumber: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly clinicId: string | null;
  readonly priority: number;
  readonly passwordHash: string | null;
  /** A doctor (医師): may explain and countersign consents (docs/forms.md). Absent: not a doctor. */
  readonly doctor?: boolean;
}

export type NewStaff = Omit<Staff, 'id'>;

/** What an administrator may change on a staff account (the password is set by its owner). */
export type StaffChanges = Pick<Staff, 'employeeNumber' | 'email' | 'name' | 'role' | 'clinicId' | 'doctor'>;

/**
 * Whether `actor` may create, change, delete, invite or reset `target` (as it is now, and as it
 * will be): the target's clinic must be one the actor manages, and only a head-office ADMIN
 * creates or touches an ADMIN account or grants the role. A STAFF, or an ADMIN of another clinic,
 * who could change an admin's e-mail could take the account over with a password reset.
 */
export const mayWriteStaffAccount = (actor: Pick<Staff, 'role' | 'clinicId'>, target: Pick<Staff, 'role' | 'clinicId'>): boolean =>
  (target.role !== 'ADMIN' || isHeadOfficeAdmin(actor)) && canManageClinic(actor, target.clinicId);
