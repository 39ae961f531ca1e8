import { fail, ok, type Result } from '../../shared/result';

/**
 * Who may act at which clinic: the one place the core decides a staff member's clinic scope
 * (issue 22). A module of its own, importing nothing but the core's shared ground, so that every
 * module may use it without importing accounts (and accounts may use them back). `clinicId` null
 * means head office.
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

/**
 * Who changes a clinic's set-up, as the use cases take them: a staff member, whose scope the use
 * case checks, or the system (the demo's set-up), which acts everywhere. Also the audit trail's
 * actor (`type`, `id`).
 */
export type ScopedActor = (ScopedStaff & { readonly type: 'staff'; readonly id: string }) | { readonly type: 'system'; readonly id: null };

/**
 * The clinic scope check of every use case that changes a clinic's set-up (its settings, holidays,
 * rooms, machines, menu categories and menus), made before anything else of the clinic is told:
 * FORBIDDEN unless the actor `canManageClinic`. Routers decide no scope
 * (test/architecture/rule-codes.test.ts). The calendar, reservations, members and waitlist are
 * the chain's: any staff member acts on them at any clinic (shared/DOMAIN.md), so they check none.
 */
export const checkClinicScope = (actor: ScopedActor, clinicId: string | null): Result<null, 'FORBIDDEN'> =>
  actor.type === 'system' || canManageClinic(actor, clinicId) ? ok(null) : fail('FORBIDDEN');
