import { DateTime } from 'luxon';
import { isAdmin, isHeadOfficeAdmin, type ScopedStaff } from '../../clinic-scope/domain/clinic-scope';
import type { ErrorCode } from '../../shared/errors';
import { clinicZone } from '../../shared/zone-offset';
import { fail, ok, type Result } from '../../shared/result';
import { MESSAGE_KINDS, type MessageKind } from '../domain/message.entity';
import type { LineUsagePort } from '../ports/line-usage.port';

export const LINE_USAGE_ERRORS = ['FORBIDDEN', 'CLINIC_NOT_FOUND'] as const satisfies readonly ErrorCode[];
export type LineUsageError = (typeof LINE_USAGE_ERRORS)[number] | 'VALIDATION_FAILED';

export interface LineUsageClinic {
  readonly clinicId: string;
  readonly clinicName: string;
  /** LINE messages sent in the month (what LINE bills): the sum of `byKind` and `welcomes`. */
  readonly sent: number;
  readonly byKind: Readonly<Record<MessageKind, number>>;
  /** Welcomes pushed to members who followed the official account (not in the message log). */
  readonly welcomes: number;
}

export interface LineUsage {
  /** `YYYY-MM`, a month of Asia/Tokyo. */
  readonly month: string;
  readonly clinics: readonly LineUsageClinic[];
  /** Sent in the month at the clinics listed. */
  readonly total: number;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The monthly count of LINE messages per clinic, for ADMIN (LINE bills the official account per
 * message): the pushes of the message log that LINE accepted in the month (Asia/Tokyo), by kind.
 * The ADMIN of a clinic sees that clinic only; the head office sees every clinic, or the one it
 * names. STAFF: FORBIDDEN. Who may ask is decided before the clinic is looked up.
 */
export class LineUsageUseCase {
  constructor(private readonly usage: LineUsagePort) {}

  async monthly(command: { staff: ScopedStaff; month: string; clinicId: string | null }): Promise<Result<LineUsage, LineUsageError>> {
    const match = MONTH.exec(command.month);
    if (!match) return fail('VALIDATION_FAILED', { fields: [{ path: 'month', message: '月はYYYY-MMの形式で指定してください。' }] });
    if (!isAdmin(command.staff)) return fail('FORBIDDEN');
    let clinicId = command.clinicId;
    if (!isHeadOfficeAdmin(command.staff)) {
      if (clinicId !== null && clinicId !== command.staff.clinicId) return fail('FORBIDDEN');
      clinicId = command.staff.clinicId;
    }
    const start = DateTime.fromObject({ year: Number(match[1]), month: Number(match[2]), day: 1 }, { zone: clinicZone });
    const rows = await this.usage.lineUsage({ fromIso: start.toISO()!, toIso: start.plus({ months: 1 }).toISO()! }, clinicId);
    if (clinicId !== null && rows.length === 0) return fail('CLINIC_NOT_FOUND');
    const clinics = rows.map((row) => ({
      clinicId: row.clinicId,
      clinicName: row.clinicName,
      byKind: Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, row.byKind[kind] ?? 0])) as Record<MessageKind, number>,
      welcomes: row.welcomes,
      sent: MESSAGE_KINDS.reduce((sum, kind) => sum + (row.byKind[kind] ?? 0), row.welcomes),
    }));
    return ok({ month: command.month, clinics, total: clinics.reduce((sum, clinic) => sum + clinic.sent, 0) });
  }
}
