import { formsSummaryJson } from './forms';
import { z } from 'zod';
import { dateSchema, idSchema, instantSchema } from './fields';
import { EMAIL, GUEST_LIMITS, isKana, isPhone, LANGUAGES } from './rules';

export const RESERVATION_STATUSES = ['RESERVED', 'VISITED', 'CANCELLED', 'NOT_VISITED'] as const;
export const RESERVATION_SOURCES = ['WEB_MEMBER', 'WEB_GUEST', 'LINE', 'STAFF'] as const;

const slotJson = z.object({ startsAt: z.string(), endsAt: z.string() });
/** Free start times of a menu (member and guest search). */
export const slotsJson = z.object({ slots: z.array(slotJson) });

const taskJson = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  staffId: z.string().nullable(),
  roomId: z.string().nullable(),
  machineId: z.string().nullable(),
});
/** Free start times with the resources each would take (staff search). */
export const staffSlotsJson = z.object({ slots: z.array(slotJson.extend({ tasks: z.array(taskJson) })) });

const menuNameJson = z.object({ id: z.string(), name: z.string() });

/** A reservation as a member sees it. */
export const reservationJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  userId: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  source: z.enum(RESERVATION_SOURCES),
  menuIds: z.array(z.string()),
  /** The menus of `menuIds`, in the same order, with their names. */
  menus: z.array(menuNameJson),
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
  status: z.enum(RESERVATION_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  clinicId: z.string(),
  menus: z.array(menuNameJson),
  confirmedAt: z.string().nullable(),
});

/** What a guest gets back from a booking: the visit to show, and the token of its cancel link. */
export const guestBookingJson = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  clinicId: z.string(),
  menus: z.array(menuNameJson),
  cancelToken: z.string(),
});

/** A reservation as staff see it: with the member, the memo and the campaign. */
export const staffReservationJson = reservationJson.extend({
  memo: z.string(),
  campaign: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string(), kana: z.string(), userNumber: z.string().nullable() }),
  /** The visit's 問診票 and 同意書: how many asked, how many complete, the flags staff must see (docs/forms.md). */
  forms: formsSummaryJson.optional(),
  /**
   * Beside `forms` (whose shape the contract fixes): how many of the asked forms the person has
   * sent, a consent waiting for the doctor's countersign included, so the calendar can tell
   * 回答済 (the person is done) from 未回答.
   */
  formsSent: z.number().optional(),
});

/** One change of a reservation's history: who did what, when (oldest first). */
export const reservationHistoryJson = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
});

/** What a guest gets back from a cancel by the token. */
export const guestCancelJson = z.object({ id: z.string(), status: z.string() });

/** A proof-of-work challenge (ALTCHA) a guest booking may have to solve. */
export const guestChallengeJson = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});

/** The staff, rooms and machines free over a span (staff bookings and moves). */
export const availableResourcesJson = z.object({ staffIds: z.array(z.string()), roomIds: z.array(z.string()), machineIds: z.array(z.string()) });

// --- requests ---

export const searchBody = z.object({ clinicId: idSchema, menuId: idSchema, from: dateSchema, to: dateSchema });

export const memberBookingBody = z.object({
  clinicId: idSchema,
  menuId: idSchema,
  startsAt: instantSchema,
  campaign: z.string().trim().max(100).optional(),
});

export const guestPhoneSchema = z
  .string()
  .trim()
  .max(40)
  .refine(isPhone, { error: '電話番号を正しく入力してください（例: 090-1234-5678）。' })
  .describe(
    '日本の電話番号（例: 090-1234-5678）または国際番号（例: +14155550123）。空白・ハイフン・括弧・全角数字も受け付け、入力どおりに保存します。同じ方かどうかは E.164 に揃えて比べます（090… と +81 90… は同じ番号）。',
  );
/** A guest's details (the waitlist's registration; the guest booking's, where the e-mail may be left out in the LINE app). */
export const guestDetailsBody = z.object({
  name: z.string().trim().min(1).max(GUEST_LIMITS.name),
  kana: z
    .string()
    .trim()
    .max(GUEST_LIMITS.kana)
    .refine(isKana, { error: 'フリガナはカタカナで入力してください。' })
    .optional()
    .describe('フリガナ（カタカナ）。日本語での予約では必須、英語・中国語（language が en・zh-CN）では省略できます。'),
  phone: guestPhoneSchema,
  email: z.email({ pattern: EMAIL, error: 'メールアドレスを正しく入力してください。' }).max(GUEST_LIMITS.email),
});

export const guestBookingBody = z.object({
  clinicId: idSchema,
  menuId: idSchema,
  startsAt: instantSchema,
  campaign: z.string().trim().max(100).optional(),
  guest: guestDetailsBody.extend({
    email: guestDetailsBody.shape.email
      .optional()
      .describe(
        'メールアドレス。必須です。ただし LINE アプリ（`POST /api/line/app/session` の LINE ゲストのセッション）では省略でき、メッセージは LINE で届きます。',
      ),
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
  status: z.enum(RESERVATION_STATUSES).optional(),
  keyword: z.string().trim().max(100).optional(),
});

export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];
export type SlotsJson = z.output<typeof slotsJson>;
export type StaffSlotsJson = z.output<typeof staffSlotsJson>;
export type ReservationJson = z.output<typeof reservationJson>;
export type StaffReservationJson = z.output<typeof staffReservationJson>;
export type GuestConfirmationJson = z.output<typeof guestConfirmationJson>;
export type GuestBookingJson = z.output<typeof guestBookingJson>;
export type ReservationHistoryJson = z.output<typeof reservationHistoryJson>;
export type AvailableResourcesJson = z.output<typeof availableResourcesJson>;
