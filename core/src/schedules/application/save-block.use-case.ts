import type { Staff } from '../../accounts/domain/staff.entity';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { FreedTimePort } from '../ports/freed-time.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import { overlapsBreak, validateBlockTimes, type Block, type BlockResourceType } from '../domain/block.entity';
import type { BlockRepositoryPort } from '../ports/block-repository.port';
import type { ScheduleLookupsPort } from '../ports/schedule-lookups.port';
import type { ScheduleRepositoryPort } from '../ports/schedule-repository.port';
import { DateTime } from 'luxon';
import { clinicZone } from '../../shared/zone-offset';

export interface BlockCommand {
  readonly resourceType: BlockResourceType;
  readonly resourceId: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly reason: string;
}

type BlockError = 'VALIDATION_FAILED' | 'STAFF_NOT_FOUND' | 'ROOM_NOT_FOUND' | 'MACHINE_NOT_FOUND' | 'RESOURCE_COLLISION';

/**
 * Blocks a staff member, room or machine for a time, or lifts a block. The block holds its
 * resource like a booking does, so the database refuses it over another block or a live
 * reservation (RESOURCE_COLLISION); a staff block must also keep clear of that person's breaks.
 */
export class SaveBlockUseCase {
  constructor(
    private readonly blocks: BlockRepositoryPort,
    private readonly schedules: ScheduleRepositoryPort,
    private readonly staffs: StaffRepositoryPort,
    private readonly lookups: ScheduleLookupsPort,
    private readonly audit: AuditLogPort,
    /** Offers the time a lifted block frees to the waitlist (optional). */
    private readonly freedTime?: FreedTimePort,
  ) {}

  async create(actor: Staff, command: BlockCommand): Promise<Result<Block, BlockError>> {
    const times = validateBlockTimes(command.startsAt, command.endsAt);
    if (!times.ok) return times;
    const reason = command.reason.trim();
    if (reason.length > 200) return fail('VALIDATION_FAILED', { fields: [{ path: 'reason', message: '理由は200文字以内で入力してください。' }] });

    let clinicId: string | null;
    if (command.resourceType === 'STAFF') {
      const staff = await this.staffs.findById(command.resourceId);
      if (!staff) return fail('STAFF_NOT_FOUND');
      if (staff.clinicId === null) {
        return fail('VALIDATION_FAILED', { fields: [{ path: 'resourceId', message: '所属院のないスタッフはブロックできません。' }] });
      }
      clinicId = staff.clinicId;
    } else {
      clinicId = await this.lookups.clinicOfResource(command.resourceType, command.resourceId);
      if (clinicId === null) return fail(command.resourceType === 'ROOM' ? 'ROOM_NOT_FOUND' : 'MACHINE_NOT_FOUND');
    }

    if (command.resourceType === 'STAFF') {
      const from = DateTime.fromISO(times.value.startsAt).setZone(clinicZone).minus({ days: 1 }).toISODate()!;
      const to = DateTime.fromISO(times.value.endsAt).setZone(clinicZone).toISODate()!;
      const schedules = await this.schedules.listForStaff(command.resourceId, from, to);
      if (overlapsBreak(times.value.startsAt, times.value.endsAt, schedules)) {
        return fail('VALIDATION_FAILED', { fields: [{ path: 'startsAt', message: '休憩時間と重なっています。' }] });
      }
    }

    const block = await this.blocks.create({ clinicId, resourceType: command.resourceType, resourceId: command.resourceId, ...times.value, reason });
    await this.audit.append({ actorType: 'staff', actorId: actor.id, action: 'block.create', entity: 'block', entityId: block.id, after: block });
    return ok(block);
  }

  /** An unknown block is UPDATE_FAILED: the code list has no block code (as for calendar memos). */
  async delete(actor: Staff, id: string): Promise<Result<void, 'UPDATE_FAILED'>> {
    const block = await this.blocks.findById(id);
    if (!block) return fail('UPDATE_FAILED');
    if (!(await this.blocks.delete(id))) return fail('UPDATE_FAILED');
    await this.audit.append({ actorType: 'staff', actorId: actor.id, action: 'block.delete', entity: 'block', entityId: id, before: block });
    await this.freedTime?.freed({ clinicId: block.clinicId, fromMs: Date.parse(block.startsAt), toMs: Date.parse(block.endsAt) });
    return ok(undefined);
  }
}
