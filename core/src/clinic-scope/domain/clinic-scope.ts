/**
 * Who may act at which clinic: the one place the core decides a staff member's clinic scope
 * (issue 22). A module of its own, importing nothing, so that every module may use it without
 * importing accounts (and accounts may use them back). `clinicId` null means head office.
 */
export const STAFF_ROLES = ['ADMIN', 'STAFF'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the scope rules read of a staff member. */
export interface ScopedStaff {
  readonly role: StaffRole;
  /** Null: head office (every clinic is "own"). */
  readonly clinicId: string | null;
}

export const isAdmin = (staff: Pick<ScopedStaff, 'role'>): boolean => staff.role === 'ADMIN';

/**
 * A head-office ADMIN: the ADMIN role and no clinic. Only they act for the whole chain (other
 * clinics, head-office accounts, chain-wide settings, the development mail outbox); an ADMIN of one
 * clinic administers that clinic only (docs/decisions.md, "A clinic's ADMIN and the head office").
 */
export const isHeadOfficeAdmin = (staff: ScopedStaff): boolean => staff.role === 'ADMIN' && staff.clinicId === null;

/**
 * Whether a staff member may change the set-up of a clinic (rooms, menus, settings): head-office
 * staff and admins everywhere, staff and admins of a clinic only at their own (shared/DOMAIN.md).
 * The ADMIN role does not widen the scope: an ADMIN of clinic X changes clinic X only.
 */
export const canManageClinic = (staff: ScopedStaff, clinicId: string | null): boolean => staff.clinicId === null || staff.clinicId === clinicId;
