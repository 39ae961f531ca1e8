import { z } from 'zod';
import { staffReservationJson } from './reservations';
import { LANGUAGES } from './rules';
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
