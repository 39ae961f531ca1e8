import type { Staff } from '../../accounts/domain/staff.entity';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClinicRepositoryPort } from '../../clinics/ports/clinic-repository.port';
import { fail, ok, type Result } from '../../shared/result';
import { type Announcement, type AnnouncementInput, mayWriteAnnouncement, validateAnnouncement } from '../domain/announcement.entity';
import type { AnnouncementRepositoryPort } from '../ports/announcement-repository.port';

type Writer = Pick<Staff, 'id' | 'role' | 'clinicId'>;
type WriteError = 'VALIDATION_FAILED' | 'FORBIDDEN' | 'CLINIC_NOT_FOUND';

/**
 * お知らせ: a chain-wide setting, written by ADMIN only (for one clinic or the whole chain); STAFF
 * read them. An unknown announcement is UPDATE_FAILED (no code of its own).
 */
export class ManageAnnouncementsUseCase {
  constructor(
    private readonly announcements: AnnouncementRepositoryPort,
    private readonly clinics: Pick<ClinicRepositoryPort, 'findById'>,
    private readonly audit: AuditLogPort,
  ) {}

  async create(staff: Writer, input: AnnouncementInput): Promise<Result<Announcement, WriteError>> {
    if (!mayWriteAnnouncement(staff, input.clinicId)) return fail('FORBIDDEN');
    const valid = await this.validate(input);
    if (!valid.ok) return valid;
    const announcement = await this.announcements.create(valid.value, staff.id);
    await this.audit.append({
      actorType: 'staff',
      actorId: staff.id,
      action: 'announcement.create',
      entity: 'announcement',
      entityId: announcement.id,
      after: announcement,
    });
    return ok(announcement);
  }

  async update(staff: Writer, id: string, input: AnnouncementInput): Promise<Result<Announcement, WriteError | 'UPDATE_FAILED'>> {
    const before = await this.announcements.findById(id);
    if (!before) return fail('UPDATE_FAILED');
    if (!mayWriteAnnouncement(staff, before.clinicId) || !mayWriteAnnouncement(staff, input.clinicId)) return fail('FORBIDDEN');
    const valid = await this.validate(input);
    if (!valid.ok) return valid;
    const announcement = await this.announcements.update(id, valid.value);
    if (!announcement) return fail('UPDATE_FAILED');
    await this.audit.append({
      actorType: 'staff',
      actorId: staff.id,
      action: 'announcement.update',
      entity: 'announcement',
      entityId: id,
      before,
      after: announcement,
    });
    return ok(announcement);
  }

  async delete(staff: Writer, id: string): Promise<Result<void, 'FORBIDDEN' | 'UPDATE_FAILED'>> {
    const before = await this.announcements.findById(id);
    if (!before) return fail('UPDATE_FAILED');
    if (!mayWriteAnnouncement(staff, before.clinicId)) return fail('FORBIDDEN');
    if (!(await this.announcements.delete(id))) return fail('UPDATE_FAILED');
    await this.audit.append({ actorType: 'staff', actorId: staff.id, action: 'announcement.delete', entity: 'announcement', entityId: id, before });
    return ok(undefined);
  }

  private async validate(input: AnnouncementInput): Promise<Result<AnnouncementInput, 'VALIDATION_FAILED' | 'CLINIC_NOT_FOUND'>> {
    const valid = validateAnnouncement(input);
    if (!valid.ok) return valid;
    if (valid.value.clinicId !== null && !(await this.clinics.findById(valid.value.clinicId))) {
      return fail('CLINIC_NOT_FOUND', { fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] });
    }
    return valid;
  }
}
