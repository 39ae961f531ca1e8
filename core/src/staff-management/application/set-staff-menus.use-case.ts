import type { Staff } from '../../accounts/domain/staff.entity';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import { mayManageStaffAt } from '../domain/staff-account.rules';
import type { StaffReferencesPort } from '../ports/staff-references.port';

/** Sets the menus a staff member performs: menus of their own clinic only. */
export class SetStaffMenusUseCase {
  constructor(
    private readonly staffs: StaffRepositoryPort,
    private readonly references: StaffReferencesPort,
    private readonly audit: AuditLogPort,
  ) {}

  async execute(actor: Staff, id: string, menuIds: readonly string[]): Promise<Result<Staff, 'STAFF_NOT_FOUND' | 'FORBIDDEN' | 'MENU_NOT_FOUND'>> {
    const staff = await this.staffs.findById(id);
    if (!staff) return fail('STAFF_NOT_FOUND');
    if (!mayManageStaffAt(actor, staff.clinicId)) return fail('FORBIDDEN');
    const wanted = [...new Set(menuIds)];
    const clinics = await this.references.menuClinics(wanted);
    if (wanted.some((menuId) => clinics.get(menuId) === undefined || clinics.get(menuId) !== staff.clinicId)) {
      return fail('MENU_NOT_FOUND');
    }
    const before = (await this.staffs.menuIds([id])).get(id) ?? [];
    await this.staffs.setMenus(id, wanted);
    await this.audit.append({
      actorType: 'staff',
      actorId: actor.id,
      action: 'staff.menus',
      entity: 'staff',
      entityId: id,
      before: { menuIds: before },
      after: { menuIds: wanted },
    });
    return ok(staff);
  }
}
