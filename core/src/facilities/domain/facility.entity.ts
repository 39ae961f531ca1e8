import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';

/** Rooms (施術室, カウンセリング室 …) and machines (レーザー, ハイフ …) have the same shape and rules. */
export type FacilityKind = 'ROOM' | 'MACHINE';

export interface Facility {
  readonly id: string;
  readonly clinicId: string;
  readonly name: string;
  readonly displayOrder: number;
  readonly enabled: boolean;
}

export type NewFacility = Omit<Facility, 'id'>;

/** What `PUT` may change: the clinic of a room or machine never changes. */
export type FacilityChanges = Pick<Facility, 'name' | 'displayOrder' | 'enabled'>;

/** The codes and words that differ between rooms and machines. */
export const FACILITY_TERMS = {
  ROOM: { exists: 'ROOM_EXISTS', notFound: 'ROOM_NOT_FOUND', noun: '部屋', entity: 'room' },
  MACHINE: { exists: 'MACHINE_EXISTS', notFound: 'MACHINE_NOT_FOUND', noun: '機械', entity: 'machine' },
} as const;

export type FacilityExistsCode = (typeof FACILITY_TERMS)[FacilityKind]['exists'];
export type FacilityNotFoundCode = (typeof FACILITY_TERMS)[FacilityKind]['notFound'];

export const FACILITY_NAME_MAX = 50;
export const DISPLAY_ORDER_MAX = 9999;

/** A name is trimmed, not blank, and at most 50 characters; the display order a whole number 0–9999. */
export const validateFacilityChanges = (kind: FacilityKind, changes: FacilityChanges): Result<FacilityChanges, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const name = changes.name.trim();
  const noun = FACILITY_TERMS[kind].noun;
  if (name.length === 0) fields.push({ path: 'name', message: `${noun}の名前を入力してください。` });
  else if (name.length > FACILITY_NAME_MAX) fields.push({ path: 'name', message: `${noun}の名前は${FACILITY_NAME_MAX}文字以内で入力してください。` });
  if (!Number.isInteger(changes.displayOrder) || changes.displayOrder < 0 || changes.displayOrder > DISPLAY_ORDER_MAX) {
    fields.push({ path: 'displayOrder', message: `表示順は0から${DISPLAY_ORDER_MAX}の整数で入力してください。` });
  }
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok({ ...changes, name });
};

/** The display order that puts a new entry after every existing one. */
export const nextDisplayOrder = (existing: readonly { readonly displayOrder: number }[]): number =>
  Math.min(
    DISPLAY_ORDER_MAX,
    existing.reduce((max, entry) => Math.max(max, entry.displayOrder + 1), 0),
  );

/** Lists are ordered by display order, then id (docs/api-clinic-setup.md). */
export const byDisplayOrder = <T extends { readonly displayOrder: number; readonly id: string }>(a: T, b: T): number =>
  a.displayOrder - b.displayOrder || Number(a.id) - Number(b.id);
