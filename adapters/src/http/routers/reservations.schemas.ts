import type { ReservationView, Slot } from '@clinic/core';
import { z } from 'zod';
import { idSchema } from './common.schemas';
import { dateSchema, formatInstant, instantSchema } from './instant';

export const searchBody = z.object({ clinicId: idSchema, menuId: idSchema, from: dateSchema, to: dateSchema });

const slotJson = z.object({ startsAt: z.string(), endsAt: z.string() });
export const slotsJson = z.object({ slots: z.array(slotJson) });

const taskJson = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  staffId: z.string().nullable(),
  roomId: z.string().nullable(),
  machineId: z.string().nullable(),
});
export const staffSlotsJson = z.object({ slots: z.array(slotJson.extend({ tasks: z.array(taskJson) })) });

export const memberBookingBody = z.object({
  clinicId: idSchema,
  menuId: idSchema,
  startsAt: instantSchema,
  campaign: z.string().trim().max(100).optional(),
});

const katakana = /^[\u30A0-\u30FF\u3000\s・ー]+$/;
export const guestBookingBody = z.object({
  clinicId: idSchema,
  menuId: idSchema,
  startsAt: instantSchema,
  campaign: z.string().trim().max(100).optional(),
  guest: z.object({
    name: z.string().trim().min(1).max(100),
    kana: z.string().trim().min(1).max(100).regex(katakana, { error: 'フリガナはカタカナで入力してください。' }),
    phone: z.string().trim().regex(/^0\d{1,4}-?\d{1,4}-?\d{3,4}$/, { error: '電話番号を正しく入力してください（例: 090-1234-5678）。' }),
    email: z.email({ error: 'メールアドレスを正しく入力してください。' }).max(254),
  }),
  /** The answer to a challenge of GET /api/guests/challenge, when the guard asks for one (428 CHALLENGE_REQUIRED). */
  challenge: z.string().max(4000).optional(),
});

const explicitTask = z.object({
  startsAt: instantSchema,
  endsAt: instantSchema,
  staffId: idSchema.nullable().optional(),
  roomId: idSchema.nullable().optional(),
  machineId: idSchema.nullable().optional(),
});

/** The staff member confirmed a time in the past or outside opening hours (「このまま予約しますか？」). */
const allowOutsideHours = z
  .boolean()
  .optional()
  .describe('過去の日時や営業時間外でも登録する（画面で確認済み）。監査ログに残ります。省略時はfalse。');

export const staffBookingBody = z.union([
  z.object({ clinicId: idSchema, userId: idSchema, menuId: idSchema, startsAt: instantSchema, memo: z.string().trim().max(2000).optional(), allowOutsideHours }).strict(),
  z
    .object({
      clinicId: idSchema,
      userId: idSchema,
      menuIds: z.array(idSchema).max(10),
      tasks: z.array(explicitTask).min(1).max(10),
      memo: z.string().trim().max(2000).optional(),
      allowOutsideHours,
    })
    .strict(),
]);

export const staffUpdateBody = z
  .object({ tasks: z.array(explicitTask).min(1).max(10).optional(), menuIds: z.array(idSchema).max(10).optional(), memo: z.string().trim().max(2000).optional(), allowOutsideHours })
  .strict();

export const moveBody = z
  .object({
    startsAt: instantSchema,
    target: z.object({ type: z.enum(['STAFF', 'ROOM', 'MACHINE']), id: idSchema }).nullable().optional(),
  })
  .strict();

export const memberChangeBody = z.object({ startsAt: instantSchema }).strict();
export const tokenBody = z.object({ token: z.string().min(10).max(200) });

export const clinicRangeQuery = z.object({ clinicId: idSchema, from: dateSchema, to: dateSchema });

export const availableResourcesBody = z.object({
  clinicId: idSchema,
  startsAt: instantSchema,
  endsAt: instantSchema,
  excludeReservationId: idSchema.optional(),
});

export const staffSearchBody = z.object({
  clinicId: idSchema,
  from: dateSchema,
  to: dateSchema,
  userId: idSchema.optional(),
  status: z.enum(['RESERVED', 'VISITED', 'CANCELLED', 'NOT_VISITED']).optional(),
  keyword: z.string().trim().max(100).optional(),
});

export const reservationJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  userId: z.string(),
  status: z.enum(['RESERVED', 'VISITED', 'CANCELLED', 'NOT_VISITED']),
  source: z.enum(['WEB_MEMBER', 'WEB_GUEST', 'STAFF']),
  menuIds: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  tasks: z.array(taskJson.extend({ menuId: z.string().nullable(), label: z.string() })),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** When the visit was confirmed from a reminder's link; null until then and after a change of time. */
  confirmedAt: z.string().nullable(),
});

/** What a guest sees after confirming the visit: enough to show the date, time and menu. */
export const guestConfirmationJson = z.object({
  id: z.string(),
  status: z.enum(['RESERVED', 'VISITED', 'CANCELLED', 'NOT_VISITED']),
  startsAt: z.string(),
  endsAt: z.string(),
  clinicId: z.string(),
  menus: z.array(z.object({ id: z.string(), name: z.string() })),
  confirmedAt: z.string().nullable(),
});

export const staffReservationJson = reservationJson.extend({
  memo: z.string(),
  campaign: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string(), kana: z.string(), userNumber: z.string().nullable() }),
  menus: z.array(z.object({ id: z.string(), name: z.string() })),
});

const taskOut = (task: ReservationView['tasks'][number]) => ({
  startsAt: formatInstant(task.startMs),
  endsAt: formatInstant(task.endMs),
  staffId: task.staffId,
  roomId: task.roomId,
  machineId: task.machineId,
  menuId: task.menuId,
  label: task.label,
});

/** What a member (or a guest) sees of a reservation. */
export const toReservationJson = (reservation: ReservationView) => ({
  id: reservation.id,
  clinicId: reservation.clinicId,
  userId: reservation.userId,
  status: reservation.status,
  source: reservation.source,
  menuIds: [...reservation.menuIds],
  menus: reservation.menuIds.map((id, index) => ({ id, name: reservation.menuNames[index] ?? '' })),
  startsAt: formatInstant(reservation.startMs),
  endsAt: formatInstant(reservation.endMs),
  tasks: reservation.tasks.map(taskOut),
  createdAt: formatInstant(reservation.createdAtMs),
  cancelledAt: reservation.cancelledAtMs === null ? null : formatInstant(reservation.cancelledAtMs),
  confirmedAt: reservation.confirmedAtMs === null ? null : formatInstant(reservation.confirmedAtMs),
});

/** What staff see: everything, with the member's name and card number. */
export const toStaffReservationJson = (reservation: ReservationView) => ({
  ...toReservationJson(reservation),
  memo: reservation.memo,
  campaign: reservation.campaign,
  user: { id: reservation.userId, name: reservation.userName, kana: reservation.userKana, userNumber: reservation.userNumber },
});

export const toSlotsJson = (slots: readonly Slot[]) => ({
  slots: slots.map((slot) => ({ startsAt: formatInstant(slot.startMs), endsAt: formatInstant(slot.endMs) })),
});

export const toStaffSlotsJson = (slots: readonly Slot[]) => ({
  slots: slots.map((slot) => ({
    startsAt: formatInstant(slot.startMs),
    endsAt: formatInstant(slot.endMs),
    tasks: slot.tasks.map((task) => ({ startsAt: formatInstant(task.startMs), endsAt: formatInstant(task.endMs), staffId: task.staffId, roomId: task.roomId, machineId: task.machineId })),
  })),
});
