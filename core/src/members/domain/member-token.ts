/**
 * Single-use tokens for a member to set a password: registration handed over at the clinic as a
 * QR code (24 hours) or a password reset by mail (30 minutes). Only the SHA-256 hash is stored.
 */
export const MEMBER_TOKEN_PURPOSES = ['REGISTER', 'RESET'] as const;
export type MemberTokenPurpose = (typeof MEMBER_TOKEN_PURPOSES)[number];

export const MEMBER_TOKEN_LIFETIME_MINUTES: Readonly<Record<MemberTokenPurpose, number>> = { REGISTER: 24 * 60, RESET: 30 };

export interface MemberToken {
  readonly tokenHash: string;
  readonly userId: string;
  readonly purpose: MemberTokenPurpose;
  readonly expiresAt: Date;
}

export interface MemberLinks {
  /** The origin of the web app (no trailing slash needed). */
  readonly publicUrl: string;
}

const base = (links: MemberLinks): string => links.publicUrl.replace(/\/+$/, '');

export const memberTokenUrl = (links: MemberLinks, purpose: MemberTokenPurpose, token: string): string =>
  `${base(links)}/common/password/register/?token=${encodeURIComponent(token)}&audience=user${purpose === 'RESET' ? '&purpose=reset' : ''}`;

export const guestCancelUrl = (links: MemberLinks, token: string): string => `${base(links)}/guest/reserve/cancel/?token=${encodeURIComponent(token)}`;
