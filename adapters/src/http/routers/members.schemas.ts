import type { ContractJson, DetailedProfileJson, MemberJson, OwnEkimuJson } from '@clinic/contract';
import {
  CLINIC_ZONE,
  LANGUAGES,
  MEMBER_PASSWORD_MAX,
  MEMBER_PASSWORD_MIN,
  isUsable,
  localizeTexts,
  sessionsRemaining,
  type Contract,
  type Language,
  type Member,
  type MemberListing,
} from '@clinic/core';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { idSchema } from './common.schemas';
import { isoInstant } from './staff-management.schemas';

export const GENDERS = ['FEMALE', 'MALE', 'OTHER'] as const;

const today = (): string => DateTime.now().setZone(CLINIC_ZONE).toISODate()!;
const date = z.iso.date({ error: '日付はYYYY-MM-DD形式で入力してください。' });

export const memberFields = {
  name: z.string().trim().min(1).max(50),
  kana: z.string().trim().min(1).max(50),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{1,20}$/, { error: '電話番号は数字とハイフンで20文字以内で入力してください。' }),
  email: z.email({ error: 'メールアドレスの形式が正しくありません。' }).max(254).nullable(),
  birthday: date.refine((value) => value <= today(), { error: '生年月日は今日以前の日付を入力してください。' }).nullable(),
  gender: z.enum(GENDERS).nullable(),
};

export const userNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, { error: '診察券番号は英数字とハイフンで20文字以内で入力してください。' });
const passwordSchema = z.string().min(MEMBER_PASSWORD_MIN).max(MEMBER_PASSWORD_MAX);

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
  newPassword: passwordSchema.optional(),
});

const page = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
};

export const listQuery = z.object({ ...page, clinicId: idSchema.optional(), status: z.enum(['FULL', 'TEMPORARY']).optional() });

export const searchQuery = z.object({
  ...page,
  keyword: z.string().trim().max(100).optional(),
  userNumber: z.string().trim().max(20).optional(),
  kana: z.string().trim().max(50).optional(),
  phone: z.string().trim().max(20).optional(),
  email: z.string().trim().max(254).optional(),
  tagId: idSchema.optional(),
  clinicId: idSchema.optional(),
  lastVisitFrom: date.optional(),
  lastVisitTo: date.optional(),
});

export const idsBody = (max: number) => z.object({ ids: z.array(idSchema).min(1).max(max) });
export const tagsBody = z.object({ tagIds: z.array(idSchema).max(100) });
export const contractBody = z.object({ menuId: idSchema, sessionsTotal: z.number().int().min(1).max(100), expiresOn: date.nullable().optional() });
export const tokenPasswordBody = z.object({ token: z.string().min(1).max(200), password: passwordSchema });
export const tokenQuery = z.object({ token: z.string().min(1).max(200) });
export const resetRequestBody = z.object({ email: z.string().max(1000) });

// The answers' schemas are shared with the web app (its types come from them).
export { contractJson, detailedProfileJson, memberJson, memberPageJson, ownEkimuJson } from '@clinic/contract';

export const toMemberJson = (listing: MemberListing): MemberJson => ({
  id: listing.member.id,
  userNumber: listing.member.userNumber,
  name: listing.member.name,
  kana: listing.member.kana,
  phone: listing.member.phone,
  email: listing.member.email,
  birthday: listing.member.birthday,
  gender: listing.member.gender,
  clinicId: listing.member.clinicId,
  clinicName: listing.clinicName,
  status: listing.member.status,
  hasPassword: listing.member.passwordHash !== null,
  hasLine: listing.member.lineUserId !== null,
  language: listing.member.language ?? 'ja',
  introducerUserId: listing.member.introducerUserId,
  introducerUserNumber: listing.introducer?.userNumber ?? null,
  introducerName: listing.introducer?.name ?? null,
  giftCount: listing.member.giftCount,
  externalMemberId: listing.member.externalMemberId,
  tagIds: [...listing.tagIds],
  lastVisitAt: listing.lastVisitAt ? isoInstant(listing.lastVisitAt) : null,
  createdAt: isoInstant(listing.createdAt),
});

/** The menu's name in the member's language (Japanese when not translated); staff answers pass none: Japanese. */
const contractMenuName = (contract: Contract, language: Language): string =>
  localizeTexts({ name: contract.menuName }, contract.menuTranslations, language).name;

export const toContractJson = (contract: Contract, language: Language = 'ja'): ContractJson => ({
  id: contract.id,
  userId: contract.userId,
  menuId: contract.menuId,
  menuName: contractMenuName(contract, language),
  clinicId: contract.clinicId,
  sessionsTotal: contract.sessionsTotal,
  sessionsUsed: contract.sessionsUsed,
  sessionsRemaining: sessionsRemaining(contract),
  expiresOn: contract.expiresOn,
  createdAt: isoInstant(contract.createdAt),
});

/** The member's contracts with sessions left and not expired, by expiry (none last), then id. */
export const toOwnEkimu = (contracts: readonly Contract[], onDate: string, language: Language = 'ja'): OwnEkimuJson[] =>
  contracts
    .filter((contract) => isUsable(contract, onDate))
    .sort((a, b) => (a.expiresOn ?? '9999-99-99').localeCompare(b.expiresOn ?? '9999-99-99') || Number(a.id) - Number(b.id))
    .map((contract) => ({
      id: contract.id,
      menu: { id: contract.menuId, name: contractMenuName(contract, language), clinicId: contract.clinicId, categoryId: contract.categoryId },
      total: contract.sessionsTotal,
      used: contract.sessionsUsed,
      remaining: sessionsRemaining(contract),
      expiresOn: contract.expiresOn,
    }));

export const toDetailedProfile = (member: Member, clinic: { id: string; name: string; phone: string } | null): DetailedProfileJson => ({
  id: member.id,
  name: member.name,
  kana: member.kana,
  phone: member.phone,
  email: member.email,
  birthday: member.birthday,
  gender: member.gender,
  userNumber: member.userNumber,
  status: member.status,
  clinic: clinic ?? { id: member.clinicId, name: '', phone: '' },
  hasLine: member.lineUserId !== null,
  notificationChannel: member.notificationChannel ?? (member.lineUserId !== null ? ('LINE' as const) : ('MAIL' as const)),
  language: member.language ?? 'ja',
  giftCount: member.giftCount,
});
