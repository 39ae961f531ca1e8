import type { Language } from '../../shared/language';
import type { NotificationPreference } from '../../messages/domain/message.entity';
export const MEMBER_STATUSES = ['TEMPORARY', 'FULL'] as const;
/** TEMPORARY is 仮会員 (made by a guest booking); FULL is registered at the clinic and may log in. */
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export interface Member {
  readonly id: string;
  /** 診察券番号, given at full registration. */
  readonly userNumber: string | null;
  readonly name: string;
  readonly kana: string;
  readonly phone: string;
  readonly email: string | null;
  readonly birthday: string | null;
  readonly gender: string | null;
  readonly clinicId: string;
  readonly status: MemberStatus;
  readonly passwordHash: string | null;
  readonly lineUserId: string | null;
  readonly introducerUserId: string | null;
  readonly giftCount: number;
  readonly externalMemberId: string | null;
  /** How messages reach the member (会員情報の変更); null or absent = LINE when linked, else mail. */
  readonly notificationChannel?: NotificationPreference | null;
  /** The language of the member's screens, API answers and messages (absent: Japanese). */
  readonly language?: Language;
}

export type NewMember = Omit<Member, 'id'>;

export const canLogIn = (member: Pick<Member, 'status'>): boolean => member.status === 'FULL';

/** What may change on a member; a field left out is kept. */
export type MemberChanges = Partial<
  Pick<
    Member,
    | 'name'
    | 'kana'
    | 'phone'
    | 'email'
    | 'birthday'
    | 'gender'
    | 'clinicId'
    | 'externalMemberId'
    | 'userNumber'
    | 'status'
    | 'passwordHash'
    | 'lineUserId'
    | 'giftCount'
    | 'notificationChannel'
    | 'language'
  >
>;

/** Side effects written in the same transaction as a member. */
export interface MemberWriteOptions {
  /** The member's introducer earns one gift (the member has just become FULL). */
  readonly creditIntroducer?: boolean;
}
