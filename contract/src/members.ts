import { z } from 'zod';
import { staffReservationJson } from './reservations';
import { idSchema, isoDateSchema } from './fields';
import { LANGUAGES, MEMBER_PASSWORD_MAX, MEMBER_PASSWORD_MIN } from './rules';
import { checkItemJson, tagJson } from './settings';

// The same lists as the core's (the member statuses; `LANGUAGES` in rules.ts): contract depends on zod only,
// and the HTTP adapter's mappers are typed by these schemas, so the compiler keeps them in step.
export const MEMBER_STATUSES = ['TEMPORARY', 'FULL'] as const;
export const NOTIFICATION_CHANNELS = ['LINE', 'MAIL', 'NONE'] as const;

/** A member as staff see them (member management). `gender` is FEMALE, MALE, OTHER or null. */
export const memberJson = z.object({
  id: z.string(),
  userNumber: z.string().nullable(),
  name: z.string(),
  kana: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.string().nullable(),
  clinicId: z.string(),
  clinicName: z.string(),
  status: z.enum(MEMBER_STATUSES),
  hasPassword: z.boolean(),
  hasLine: z.boolean(),
  language: z.enum(LANGUAGES).describe('会員の言語（ja・en・zh-CN）。氏名・電話番号は会員が入力したとおり（ローマ字・漢字、国際番号）です。'),
  introducerUserId: z.string().nullable(),
  introducerUserNumber: z.string().nullable(),
  introducerName: z.string().nullable(),
  giftCount: z.number(),
  externalMemberId: z.string().nullable(),
  tagIds: z.array(z.string()),
  lastVisitAt: z.string().nullable(),
  createdAt: z.string(),
});

/** A page of members (list and search). */
export const memberPageJson = z.object({ items: z.array(memberJson), total: z.number(), page: z.number(), pageSize: z.number() });

/** A member's contract: sessions of a menu bought in advance. */
export const contractJson = z.object({
  id: z.string(),
  userId: z.string(),
  menuId: z.string(),
  menuName: z.string(),
  clinicId: z.string(),
  sessionsTotal: z.number(),
  sessionsUsed: z.number(),
  sessionsRemaining: z.number(),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
});

/** A contract the member can still use, as the member's own menus list it. */
export const ownEkimuJson = z.object({
  id: z.string(),
  menu: z.object({ id: z.string(), name: z.string(), clinicId: z.string(), categoryId: z.string() }),
  total: z.number(),
  used: z.number(),
  remaining: z.number(),
  expiresOn: z.string().nullable(),
});

/** The member's own profile. */
export const detailedProfileJson = z.object({
  id: z.string(),
  name: z.string(),
  kana: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.string().nullable(),
  userNumber: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  clinic: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
  hasLine: z.boolean(),
  /** How messages reach the member: their choice, else LINE when linked, else mail. */
  notificationChannel: z.enum(NOTIFICATION_CHANNELS),
  language: z.enum(LANGUAGES).describe('会員の言語（ja・en・zh-CN）'),
  giftCount: z.number(),
});

/** A member with what the member panel shows: reservations (newest first), contracts, check list, tags, no-shows. */
export const memberWithDetailsJson = z.object({
  member: memberJson,
  reservations: z.array(staffReservationJson),
  contracts: z.array(contractJson),
  checkItems: z.array(checkItemJson),
  tags: z.array(tagJson),
  /** NOT_VISITED reservations in the clinic's no-show window. */
  noShowCount: z.number().int(),
  bookingRestriction: z.object({ restricted: z.boolean(), reason: z.string(), since: z.string().nullable(), by: z.string().nullable() }),
});

/** A one-time registration token of a member (QR code), with its URL. */
export const registrationTokenJson = z.object({ token: z.string(), expiresAt: z.string(), url: z.string() });

export type Language = (typeof LANGUAGES)[number];
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type MemberJson = z.infer<typeof memberJson>;
export type MemberPageJson = z.infer<typeof memberPageJson>;
export type ContractJson = z.infer<typeof contractJson>;
export type OwnEkimuJson = z.infer<typeof ownEkimuJson>;
export type DetailedProfileJson = z.infer<typeof detailedProfileJson>;
export type MemberWithDetailsJson = z.infer<typeof memberWithDetailsJson>;
export type RegistrationTokenJson = z.infer<typeof registrationTokenJson>;

export const memberProfile = z.object({
  id: z.string(),
  name: z.string(),
  userNumber: z.string().nullable(),
  clinicId: z.string(),
  language: z.enum(LANGUAGES).describe('会員の言語（ja・en・zh-CN）'),
});
export type MemberProfileJson = z.infer<typeof memberProfile>;

export const accountJson = z.object({ id: z.string(), userNumber: z.string().nullable() });

// Requests.

// The same list as the core's member genders.
export const GENDERS = ['FEMALE', 'MALE', 'OTHER'] as const;

/** Today in Asia/Tokyo (+09:00 all year), `YYYY-MM-DD`. */
const today = (): string => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

const memberFields = {
  name: z.string().trim().min(1).max(50),
  kana: z.string().trim().min(1).max(50),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{1,20}$/, { error: '電話番号は数字とハイフンで20文字以内で入力してください。' }),
  email: z.email({ error: 'メールアドレスの形式が正しくありません。' }).max(254).nullable(),
  birthday: isoDateSchema.refine((value) => value <= today(), { error: '生年月日は今日以前の日付を入力してください。' }).nullable(),
  gender: z.enum(GENDERS).nullable(),
};

export const userNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, { error: '診察券番号は英数字とハイフンで20文字以内で入力してください。' });

const memberPasswordSchema = z.string().min(MEMBER_PASSWORD_MIN).max(MEMBER_PASSWORD_MAX);

export const createMemberBody = z.object({
  clinicId: idSchema,
  name: memberFields.name,
  kana: memberFields.kana,
  phone: memberFields.phone,
  email: memberFields.email.optional(),
  birthday: memberFields.birthday.optional(),
  gender: memberFields.gender.optional(),
  status: z.enum(['FULL', 'TEMPORARY']),
  userNumber: userNumberSchema.optional(),
  introducerUserNumber: userNumberSchema.optional(),
});

export const updateMemberBody = z.object({
  name: memberFields.name.optional(),
  kana: memberFields.kana.optional(),
  phone: memberFields.phone.optional(),
  email: memberFields.email.optional(),
  birthday: memberFields.birthday.optional(),
  gender: memberFields.gender.optional(),
  clinicId: idSchema.optional(),
  externalMemberId: z.string().trim().max(100).nullable().optional(),
  userNumber: userNumberSchema.optional(),
  status: z.enum(['FULL', 'TEMPORARY']).optional(),
});

export const ownUpdateBody = z.object({
  name: memberFields.name.optional(),
  kana: memberFields.kana.optional(),
  phone: memberFields.phone.optional(),
  email: memberFields.email.optional(),
  birthday: memberFields.birthday.optional(),
  gender: memberFields.gender.optional(),
  notificationChannel: z.enum(['LINE', 'MAIL', 'NONE'], { error: 'お知らせの受け取り方法はLINE、メール、受け取らないのいずれかです。' }).optional(),
  language: z
    .enum(LANGUAGES, { error: '言語は日本語（ja）・英語（en）・中国語（zh-CN）のいずれかです。' })
    .optional()
    .describe('会員の画面・APIの応答・メッセージ（確認・リマインド）の言語。Accept-Language がないときの既定にもなります。'),
  currentPassword: z.string().max(MEMBER_PASSWORD_MAX).optional(),
  newPassword: memberPasswordSchema.optional(),
});

const page = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
};

export const memberListQuery = z.object({ ...page, clinicId: idSchema.optional(), status: z.enum(['FULL', 'TEMPORARY']).optional() });

export const memberSearchQuery = z.object({
  ...page,
  keyword: z.string().trim().max(100).optional(),
  userNumber: z.string().trim().max(20).optional(),
  kana: z.string().trim().max(50).optional(),
  phone: z.string().trim().max(20).optional(),
  email: z.string().trim().max(254).optional(),
  tagId: idSchema.optional(),
  clinicId: idSchema.optional(),
  lastVisitFrom: isoDateSchema.optional(),
  lastVisitTo: isoDateSchema.optional(),
});

export const memberIdsBody = (max: number) => z.object({ ids: z.array(idSchema).min(1).max(max) });

export const memberTagsBody = z.object({ tagIds: z.array(idSchema).max(100) });

export const memberContractBody = z.object({
  menuId: idSchema,
  sessionsTotal: z.number().int().min(1).max(100),
  expiresOn: isoDateSchema.nullable().optional(),
});

export const memberTokenPasswordBody = z.object({ token: z.string().min(1).max(200), password: memberPasswordSchema });

export const memberTokenQuery = z.object({ token: z.string().min(1).max(200) });

export const memberResetRequestBody = z.object({ email: z.string().max(1000) });
