import { z } from 'zod';
import { dateSchema, idSchema, instantSchema } from './fields';
import { guestBookingBody, guestDetailsBody } from './reservations';

// The same list as the core's waitlist statuses: contract depends on zod only, and the HTTP
// adapter's `toWaitlistJson` is typed by `waitlistJson`, so the compiler keeps them in step.
export const WAITLIST_STATUSES = ['WAITING', 'OFFERED', 'BOOKED', 'EXPIRED', 'CANCELLED'] as const;

/** A キャンセル待ち entry as its member or guest sees it (GET /api/users/waitlist, GET /api/guests/waitlist). */
export const waitlistJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  menuId: z.string(),
  menuName: z.string(),
  from: z.string(),
  to: z.string(),
  times: z.array(z.object({ start: z.string(), end: z.string() })),
  status: z.enum(WAITLIST_STATUSES),
  offer: z.object({ startsAt: z.string(), endsAt: z.string(), expiresAt: z.string() }).nullable(),
  reservationId: z.string().nullable(),
  createdAt: z.string(),
});

/** An entry as staff see it (GET /api/staffs/waitlist): who waits, member or guest. */
export const staffWaitlistJson = waitlistJson.extend({ name: z.string(), guest: z.boolean(), userId: z.string().nullable() });

/** An offer holding time (キャンセル待ち確保), with the rows each task holds (GET /api/staffs/waitlist/holds). */
export const heldOfferJson = z.object({
  entryId: z.string(),
  name: z.string(),
  menuName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  expiresAt: z.string(),
  tasks: z.array(
    z.object({ startsAt: z.string(), endsAt: z.string(), staffId: z.string().nullable(), roomId: z.string().nullable(), machineId: z.string().nullable() }),
  ),
});

/** A guest's registration (POST /api/guests/waitlist): `token` is the key of the links in its mails. */
export const guestWaitlistJoinJson = z.object({ id: z.string(), status: z.enum(WAITLIST_STATUSES), token: z.string() });

/** A guest's booking of the time offered (POST /api/guests/waitlist/accept): `cancelToken` cancels it. */
export const guestWaitlistBookingJson = z.object({ id: z.string(), startsAt: z.string(), endsAt: z.string(), cancelToken: z.string() });

export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export type WaitlistJson = z.infer<typeof waitlistJson>;
export type StaffWaitlistJson = z.infer<typeof staffWaitlistJson>;
export type HeldOfferJson = z.infer<typeof heldOfferJson>;
export type GuestWaitlistJoinJson = z.infer<typeof guestWaitlistJoinJson>;
export type GuestWaitlistBookingJson = z.infer<typeof guestWaitlistBookingJson>;

// --- requests ---

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: '時刻はHH:mm形式で入力してください。' });
export const waitlistTimesSchema = z.array(z.object({ start: hhmm, end: hhmm })).max(10, { error: '時間帯は10件まで指定できます。' });

export const waitlistJoinBody = z.object({ clinicId: idSchema, menuId: idSchema, from: dateSchema, to: dateSchema, times: waitlistTimesSchema.optional() });
export const guestWaitlistJoinBody = waitlistJoinBody.extend({
  guest: guestDetailsBody.extend({
    email: guestDetailsBody.shape.email
      .optional()
      .describe(
        'メールアドレス。必須です。ただし LINE アプリ（`POST /api/line/app/session` の LINE ゲストのセッション）では省略でき、登録のお知らせとご案内は LINE で届きます。',
      ),
  }),
  challenge: guestBookingBody.shape.challenge,
});
export const waitlistTokenBody = z.object({ token: z.string().min(1).max(200) });
export const waitlistTokenQuery = z.object({ token: z.string().min(1, { error: 'リンクが正しくありません。' }).max(200) });
export const staffWaitlistQuery = z.object({ clinicId: idSchema, date: dateSchema.optional() });
export const staffOfferBody = z.object({ startsAt: instantSchema });

export const staffHoldsQuery = z.object({ clinicId: idSchema, from: instantSchema, to: instantSchema });

export const bookingRestrictionBody = z.object({
  restricted: z.boolean(),
  reason: z.string().trim().min(1, { error: '理由を入力してください。' }).max(200, { error: '理由は200文字以内で入力してください。' }),
});
