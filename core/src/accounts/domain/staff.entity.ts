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
}

export type NewStaff = Omit<Staff, 'id'>;

/** What an administrator may change on a staff account (the password is set by its owner). */
export type StaffChanges = Pick<Staff, 'employeeNumber' | 'email' | 'name' | 'role' | 'clinicId'>;

export const isAdmin = (staff: Pick<Staff, 'role'>): boolean => staff.role === 'ADMIN';

/**
 * Whether a staff member may change the set-up of a clinic (rooms, menus, settings): admins and
 * head-office staff everywhere, other staff only at their own clinic (shared/DOMAIN.md).
 */
export const canManageClinic = (staff: Pick<Staff, 'role' | 'clinicId'>, clinicId: string): boolean =>
  isAdmin(staff) || staff.clinicId === null || staff.clinicId === clinicId;
