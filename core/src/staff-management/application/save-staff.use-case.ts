import type { Staff, StaffChanges } from '../../accounts/domain/staff.entity';
import type { PasswordHasherPort } from '../../accounts/ports/password-hasher.port';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClinicRepositoryPort } from '../../clinics/ports/clinic-repository.port';
import { fail, ok, type Result } from '../../shared/result';
import { mayWriteStaff, validatePassword, validateStaffChanges } from '../domain/staff-account.rules';
import { auditedStaff } from './staff-audit';
import type { IssuedLink, StaffTokenMailer } from './staff-token-mailer';

export interface CreateStaffCommand extends StaffChanges {
  /** Set now, or null to mail an invitation with which the staff member sets it. */
  readonly password: string | null;
}

export interface CreatedStaff {
  readonly staff: Staff;
  /** The invitation mailed when no password was given. */
  readonly invitation: IssuedLink | null;
}

type SaveError = 'VALIDATION_FAILED' | 'STAFF_EXISTS' | 'CLINIC_NOT_FOUND' | 'FORBIDDEN';

/** Creates a staff account, or changes one's details. Only ADMIN creates or touches ADMIN accounts. */
export class SaveStaffUseCase {
  constructor(
    private readonly staffs: StaffRepositoryPort,
    private readonly clinics: ClinicRepositoryPort,
    private readonly hasher: PasswordHasherPort,
    private readonly tokenMailer: StaffTokenMailer,
    private readonly audit: AuditLogPort,
  ) {}

  async create(actor: Staff, command: CreateStaffCommand): Promise<Result<CreatedStaff, SaveError>> {
    if (!mayWriteStaff(actor, command)) return fail('FORBIDDEN');
    const valid = validateStaffChanges(command);
    if (!valid.ok) return valid;
    if (command.password !== null) {
      const password = validatePassword(command.password);
      if (!password.ok) return password;
    }
    if (valid.value.clinicId !== null && !(await this.clinics.findById(valid.value.clinicId))) return fail('CLINIC_NOT_FOUND');
    const colleagues = await this.staffs.list({ clinicId: valid.value.clinicId });
    const priority = colleagues.length === 0 ? 0 : Math.max(...colleagues.map((other) => other.priority)) + 1;
    const passwordHash = command.password === null ? null : await this.hasher.hash(command.password);
    const staff = await this.staffs.create({ ...valid.value, priority, passwordHash });
    await this.audit.append({ actorType: 'staff', actorId: actor.id, action: 'staff.create', entity: 'staff', entityId: staff.id, after: auditedStaff(staff) });
    const invitation = passwordHash === null ? await this.tokenMailer.issue(staff, 'INVITE') : null;
    return ok({ staff, invitation });
  }

  async update(actor: Staff, id: string, changes: StaffChanges): Promise<Result<Staff, SaveError | 'STAFF_NOT_FOUND'>> {
    const before = await this.staffs.findById(id);
    if (!before) return fail('STAFF_NOT_FOUND');
    if (!mayWriteStaff(actor, before) || !mayWriteStaff(actor, changes)) return fail('FORBIDDEN');
    const valid = validateStaffChanges(changes);
    if (!valid.ok) return valid;
    if (valid.value.clinicId !== null && !(await this.clinics.findById(valid.value.clinicId))) return fail('CLINIC_NOT_FOUND');
    const staff = await this.staffs.update(id, valid.value);
    if (!staff) return fail('STAFF_NOT_FOUND');
    // Menus belong to a clinic: a move to another clinic leaves none to perform.
    if (staff.clinicId !== before.clinicId) await this.staffs.setMenus(id, []);
    await this.audit.append({
      actorType: 'staff',
      actorId: actor.id,
      action: 'staff.update',
      entity: 'staff',
      entityId: id,
      before: auditedStaff(before),
      after: auditedStaff(staff),
    });
    return ok(staff);
  }
}
