import { LANGUAGES, localizeTexts, type Language, type ReservationView, type Slot } from '@clinic/core';
import { z } from 'zod';
import { idSchema } from './common.schemas';
import { dateSchema, formatInstant, instantSchema } from './instant';

// The answers' schemas are shared with the web app (its types come from them).
export {
  availableResourcesJson,
  guestBookingJson,
  guestConfirmationJson,
  reservationHistoryJson,
  reservationJson,
  slotsJson,
  staffReservationJson,
  staffSlotsJson,
} from '@clinic/contract';

export const searchBody = z.object({ clinicId: idSchema, menuId: idSchema, from: dateSchema, to: dateSchema });

export const memberBookingBody = z.object({
  clinicId: idSchema,
  menuId: idSchema,
  startsAt: instantSchema,
  campaign: z.string().trim().max(100).optional(),
});

export const KATAKANA = /^[\u30A0-\u30FF\u3000\s・ー]+$/;
/** A Japanese number (090-1234-5678) or an international one in E.164 (+14155550123), spaces and hyphens allowed. */
const JAPANESE_PHONE = /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/;
const INTERNATIONAL_PHONE = /^\+[1-9](?:[ -]?\d){6,14}$/;
export const guestPhoneSchema = z
  .string()
  .trim()
  .refine((phone) => JAPANESE_PHONE.test(phone) || INTERNATIONAL_PHONE.test(phone), { error: '電話番号を正しく入力してください（例: 090-1234-5678）。' })
  .describe('日本の電話番号（例: 090-1234-5678）または国際番号（E.164、例: +14155550123）。入力どおりに保存します。');
export const guestBookingBody = z.object({
  clinicId: idSchema,
  menuId: idSchema,
  startsAt: instantSchema,
  campaign: z.string().trim().max(100).optional(),
  guest: z.object({
    name: z.string().trim().min(1).max(100),
    kana: z
      .string()
      .trim()
      .max(100)
      .refine((kana) => kana === '' || KATAKANA.test(kana), { error: 'フリガナはカタカナで入力してください。' })
      .optional()
      .describe('フリガナ（カタカナ）。日本語での予約では必須、英語・中国語（language が en・zh-CN）では省略できます。'),
    phone: guestPhoneSchema,
    email: z.email({ error: 'メールアドレスを正しく入力してください。' }).max(254),
  }),
  /** The answer to a challenge of GET /api/guests/challenge, when the guard asks for one (428 CHALLENGE_REQUIRED). */
  challenge: z.string().max(4000).optional(),
  language: z
    .enum(LANGUAGES, { error: '言語は日本語（ja）・英語（en）・中国語（zh-CN）のいずれかです。' })
    .optional()
    .describe('予約の言語（省略時は Accept-Language、なければ ja）。確認・リマインドのメッセージはこの言語で送ります。'),
});

const explicitTask = z.object({
  startsAt: instantSchema,
  endsAt: instantSchema,
  staffId: idSchema.nullable().optional(),
  roomId: idSchema.nullable().optional(),
  machineId: idSchema.nullable().optional(),
});

/** The staff member confirmed a time in the past or outside opening hours (「このまま予約しますか？」). */
const allowOutsideHours = z.boolean().optional().describe('過去の日時や営業時間外でも登録する（画面で確認済み）。監査ログに残ります。省略時はfalse。');

export const staffBookingBody = z.union([
  z
    .object({
      clinicId: idSchema,
      userId: idSchema,
      menuId: idSchema,
      startsAt: instantSchema,
      memo: z.string().trim().max(2000).optional(),
      allowOutsideHours,
    })
    .strict(),
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
  .object({
    tasks: z.array(explicitTask).min(1).max(10).optional(),
    menuIds: z.array(idSchema).max(10).optional(),
    memo: z.string().trim().max(2000).optional(),
    allowOutsideHours,
  })
  .strict();

export const moveBody = z
  .object({
    startsAt: instantSchema,
    target: z
      .object({ type: z.enum(['STAFF', 'ROOM', 'MACHINE']), id: idSchema })
      .nullable()
      .optional(),
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

const taskOut = (task: ReservationView['tasks'][number]) => ({
  startsAt: formatInstant(task.startMs),
  endsAt: formatInstant(task.endMs),
  staffId: task.staffId,
  roomId: task.roomId,
  machineId: task.machineId,
  menuId: task.menuId,
  label: task.label,
});

/**
 * What a member (or a guest) sees of a reservation: the menus' names in their language, each
 * falling back to Japanese (docs/languages.md). Staff answers pass no language: Japanese.
 */
export const toReservationJson = (reservation: ReservationView, language: Language = 'ja') => ({
  id: reservation.id,
  clinicId: reservation.clinicId,
  userId: reservation.userId,
  status: reservation.status,
  source: reservation.source,
  menuIds: [...reservation.menuIds],
  menus: reservation.menuIds.map((id, index) => ({
    id,
    name: localizeTexts({ name: reservation.menuNames[index] ?? '' }, reservation.menuTranslations[index], language).name,
  })),
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
    tasks: slot.tasks.map((task) => ({
      startsAt: formatInstant(task.startMs),
      endsAt: formatInstant(task.endMs),
      staffId: task.staffId,
      roomId: task.roomId,
      machineId: task.machineId,
    })),
  })),
});
