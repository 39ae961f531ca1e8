import type { MemberStatus } from '../../accounts/domain/member.entity';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/language';
import { fail, ok, type Result } from '../../shared/result';
import { phoneKey } from '../../shared/person-identity';

/**
 * The 仮会員 (temporary member) of a guest booking (docs/decisions.md, "Members and guests"): a
 * guest is known by the clinic, phone and name; a FULL member is never booked as a guest; a
 * 仮会員 is reused, else made. Pure: the lookups and the insert go through `GuestMembersPort`,
 * inside the booking's transaction (`findOrCreateGuestMember`).
 */

/** What a guest gives when booking; the 仮会員 is found or made from it. */
export interface GuestDetails {
  readonly clinicId: string;
  readonly name: string;
  readonly kana: string;
  readonly phone: string;
  readonly email: string | null;
  /**
   * The language the booking was made in (absent: Japanese): kept on the reservation, so that its
   * messages go out in it, and on the 仮会員.
   */
  readonly language?: Language;
}

/**
 * The guest's フリガナ, asked of bookings and waitlist registrations made in Japanese only (the
 * format, katakana, is the request schema's): the same rule for both (docs/languages.md).
 */
export const guestKana = (kana: string | undefined, language: Language): Result<string, 'VALIDATION_FAILED'> => {
  const given = kana?.trim() ?? '';
  return language === 'ja' && given === ''
    ? fail('VALIDATION_FAILED', { fields: [{ path: 'guest.kana', message: 'フリガナを入力してください。' }] })
    : ok(given);
};

/** A name as guests are compared: trimmed, each run of spaces (ideographic ones too) one space. */
export const normaliseGuestName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/**
 * A phone as guests are compared: its E.164 key (`phoneKey`, issue 26: `090-1234-5678`,
 * `+81 90 1234 5678` and `０９０１２３４５６７８` are `+819012345678`).
 */
export const normaliseGuestPhone = (phone: string): string => phoneKey(phone) ?? phone.trim();

/** The guest's details as the rule reads them. */
export interface NormalisedGuest {
  readonly clinicId: string;
  /** `normaliseGuestName`: stored; compared by its `nameKey` (no spaces, NFKC, case folded). */
  readonly name: string;
  /** `normaliseGuestPhone`: compared (and the lock's key); the phone is stored as given, trimmed. */
  readonly phone: string;
  readonly givenPhone: string;
  readonly kana: string;
  /** Trimmed; an empty one is none. Compared without case. */
  readonly email: string | null;
  readonly language: Language | null;
}

export const normaliseGuest = (guest: GuestDetails): NormalisedGuest => ({
  clinicId: guest.clinicId,
  name: normaliseGuestName(guest.name),
  phone: normaliseGuestPhone(guest.phone),
  givenPhone: guest.phone.trim(),
  kana: guest.kana.trim(),
  email: guest.email?.trim() || null,
  language: guest.language ?? null,
});

/** What the lookup found, under the guest's lock. */
export interface GuestLookup {
  /** The clinic's members whose phone key and name key (`phoneKey`, `nameKey`) are the guest's, oldest first. */
  readonly samePhoneAndName: ReadonlyArray<{ readonly id: string; readonly status: MemberStatus }>;
  /** The status of the member (of any clinic) who uses the guest's e-mail, without case; null for none or no e-mail. */
  readonly emailOwner: MemberStatus | null;
}

/** The row of a new 仮会員. */
export interface TemporaryMemberRecord {
  readonly clinicId: string;
  readonly name: string;
  readonly kana: string;
  readonly phone: string;
  readonly email: string | null;
  readonly status: 'TEMPORARY';
  readonly language: Language;
}

export type GuestMemberDecision =
  /** The phone and name, or the e-mail, are a FULL member's: they log in to book (MEMBER_LOGIN_REQUIRED). */
  | { readonly kind: 'reject' }
  /** The clinic's 仮会員 with that phone and name; `language`, when given, becomes theirs. */
  | { readonly kind: 'reuse'; readonly id: string; readonly language: Language | null }
  | { readonly kind: 'create'; readonly record: TemporaryMemberRecord };

/**
 * The rule: a FULL member with the phone and name at the clinic, or with the e-mail anywhere,
 * refuses; else the oldest 仮会員 with the phone and name is reused (speaking the language of its
 * latest booking); else a 仮会員 is made, keeping the e-mail unless another member uses it (an
 * e-mail names one member).
 */
export const decideGuestMember = (guest: NormalisedGuest, found: GuestLookup): GuestMemberDecision => {
  if (found.emailOwner === 'FULL' || found.samePhoneAndName.some((member) => member.status === 'FULL')) return { kind: 'reject' };
  const temporary = found.samePhoneAndName[0];
  if (temporary) return { kind: 'reuse', id: temporary.id, language: guest.language };
  return {
    kind: 'create',
    record: {
      clinicId: guest.clinicId,
      name: guest.name,
      kana: guest.kana,
      phone: guest.givenPhone,
      email: found.emailOwner === null ? guest.email : null,
      status: 'TEMPORARY',
      language: guest.language ?? DEFAULT_LANGUAGE,
    },
  };
};
