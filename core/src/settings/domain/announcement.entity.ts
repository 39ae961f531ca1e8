import { DateTime } from 'luxon';
import type { Staff } from '../../accounts/domain/staff.entity';
import { canManageClinic, isAdmin, isHeadOfficeAdmin } from '../../accounts/domain/staff.entity';
import type { FieldError } from '../../shared/errors';
import { clinicZone } from '../../shared/zone-offset';
import { fail, ok, type Result } from '../../shared/result';

/** お知らせ for members: of one clinic, or of the whole chain when `clinicId` is null. */
export interface Announcement {
  readonly id: string;
  readonly clinicId: string | null;
  readonly title: string;
  readonly body: string;
  /** ISO 8601 with offset (Asia/Tokyo). */
  readonly publishedFrom: string;
  /** Null: published with no end. */
  readonly publishedUntil: string | null;
}

export type AnnouncementInput = Omit<Announcement, 'id'>;

export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_BODY_MAX = 5000;

/** Instants are kept in Asia/Tokyo, to the second: `2026-12-01T10:15:00+09:00`. */
export const toClinicInstant = (iso: string): string | null => {
  const parsed = DateTime.fromISO(iso, { setZone: true });
  return parsed.isValid ? parsed.setZone(clinicZone).startOf('second').toISO({ suppressMilliseconds: true }) : null;
};

/**
 * Announcements are an admin setting (DOMAIN.md, "Who may do what"): a head-office ADMIN writes
 * any, for a clinic or the whole chain; an ADMIN of a clinic writes that clinic's only; STAFF
 * read them but write none (403).
 */
export const mayWriteAnnouncement = (staff: Pick<Staff, 'role' | 'clinicId'>, clinicId: string | null): boolean =>
  clinicId === null ? isHeadOfficeAdmin(staff) : isAdmin(staff) && canManageClinic(staff, clinicId);

export const validateAnnouncement = (input: AnnouncementInput): Result<AnnouncementInput, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const title = input.title.trim();
  if (title.length === 0) fields.push({ path: 'title', message: 'タイトルを入力してください。' });
  else if (title.length > ANNOUNCEMENT_TITLE_MAX) fields.push({ path: 'title', message: `タイトルは${ANNOUNCEMENT_TITLE_MAX}文字以内で入力してください。` });
  if (input.body.length > ANNOUNCEMENT_BODY_MAX) fields.push({ path: 'body', message: `本文は${ANNOUNCEMENT_BODY_MAX}文字以内で入力してください。` });
  const from = toClinicInstant(input.publishedFrom);
  const until = input.publishedUntil === null ? null : toClinicInstant(input.publishedUntil);
  if (from === null) fields.push({ path: 'publishedFrom', message: '掲載開始日時を正しく入力してください。' });
  if (input.publishedUntil !== null && until === null) fields.push({ path: 'publishedUntil', message: '掲載終了日時を正しく入力してください。' });
  if (from !== null && until !== null && DateTime.fromISO(until) <= DateTime.fromISO(from)) {
    fields.push({ path: 'publishedUntil', message: '掲載終了日時は掲載開始日時より後にしてください。' });
  }
  if (fields.length > 0 || from === null) return fail('VALIDATION_FAILED', { fields });
  return ok({ clinicId: input.clinicId, title, body: input.body.trim(), publishedFrom: from, publishedUntil: until });
};

/** Whether members see it at `now`: from its start (inclusive) until its end (exclusive). */
export const isPublishedAt = (announcement: Pick<Announcement, 'publishedFrom' | 'publishedUntil'>, now: DateTime): boolean =>
  DateTime.fromISO(announcement.publishedFrom) <= now && (announcement.publishedUntil === null || now < DateTime.fromISO(announcement.publishedUntil));
