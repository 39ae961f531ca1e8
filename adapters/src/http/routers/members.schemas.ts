import type { ContractJson, DetailedProfileJson, MemberJson, OwnEkimuJson } from '@clinic/contract';
import { isUsable, localizeTexts, sessionsRemaining, type Contract, type Language, type Member, type MemberListing } from '@clinic/core';
import { isoInstant } from './staff-management.schemas';

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
