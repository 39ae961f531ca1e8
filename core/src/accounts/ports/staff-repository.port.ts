import type { NewStaff, Staff, StaffChanges } from '../domain/staff.entity';

/**
 * Staff accounts. Soft-deleted staff (`deleted_at`) are invisible to every method: they cannot log
 * in, are not listed, and their employee number and email are free again.
 */
export interface StaffRepositoryPort {
  findById(id: string): Promise<Staff | null>;
  /** By employee number, or by email (case-insensitive) when the identifier contains '@'. */
  findByLoginIdentifier(identifier: string): Promise<Staff | null>;
  /** Throws DomainRuleViolation(STAFF_EXISTS) when the employee number or email is taken. */
  create(staff: NewStaff): Promise<Staff>;
  count(): Promise<number>;

  /** Live staff ordered by priority then id: all, or of one clinic (`clinicId` null: head office). */
  list(filter?: { readonly clinicId?: string | null }): Promise<Staff[]>;
  /** Null when there is no such live staff member; throws DomainRuleViolation(STAFF_EXISTS) on a taken number or email. */
  update(id: string, changes: StaffChanges): Promise<Staff | null>;
  /** Marks the staff member deleted and revokes their unused tokens; false when not found. */
  softDelete(id: string, at: Date): Promise<boolean>;
  /** Sets `priority` to the position of each id in the list. */
  setPriorities(orderedIds: readonly string[]): Promise<void>;
  /** The menus each staff member performs, ascending by id (every asked id is a key). */
  menuIds(staffIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Replaces the menus the staff member performs. */
  setMenus(staffId: string, menuIds: readonly string[]): Promise<void>;
}
