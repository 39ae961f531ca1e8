export const STAFF_ROLES = ['ADMIN', 'STAFF'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

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

export const isAdmin = (staff: Pick<Staff, 'role'>): boolean => staff.role === 'ADMIN';

/**
 * A head-office ADMIN: the ADMIN role and no clinic. Only they act for the whole chain (other
 * clinics, head-office accounts, chain-wide settings, the development mail outbox); an ADMIN of one
 * clinic administers that clinic only (docs/decisions.md, "A clinic's ADMIN and the head office").
 */
export const isHeadOfficeAdmin = (staff: Pick<Staff, 'role' | 'clinicId'>): boolean => staff.role === 'ADMIN' && staff.clinicId === null;

/**
 * Whether a staff member may change the set-up of a clinic (rooms, menus, settings): head-office
 * staff and admins everywhere, staff and admins of a clinic only at their own (shared/DOMAIN.md).
 * The ADMIN role does not widen the scope: an ADMIN of clinic X changes clinic X only.
 */
export const canManageClinic = (staff: Pick<Staff, 'role' | 'clinicId'>, clinicId: string | null): boolean =>
  staff.clinicId === null || staff.clinicId === clinicId;

/**
 * Whether `actor` may create, change, delete, invite or reset `target` (as it is now, and as it
 * will be): the target's clinic must be one the actor manages, and only a head-office ADMIN
 * creates or touches an ADMIN account or grants the role. A STAFF, or an ADMIN of another clinic,
 * who could change an admin's e-mail could take the account over with a password reset.
 */
export const mayWriteStaffAccount = (actor: Pick<Staff, 'role' | 'clinicId'>, target: Pick<Staff, 'role' | 'clinicId'>): boolean =>
  (target.role !== 'ADMIN' || isHeadOfficeAdmin(actor)) && canManageClinic(actor, target.clinicId);
