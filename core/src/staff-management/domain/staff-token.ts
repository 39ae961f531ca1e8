/**
 * Single-use tokens for a staff member to set a password: an invitation to a new account (72 hours)
 * or a password reset (30 minutes). Only the SHA-256 hash of a token is stored.
 */
export const STAFF_TOKEN_PURPOSES = ['INVITE', 'RESET'] as const;
export type StaffTokenPurpose = (typeof STAFF_TOKEN_PURPOSES)[number];

export const STAFF_TOKEN_LIFETIME_MINUTES: Readonly<Record<StaffTokenPurpose, number>> = { INVITE: 72 * 60, RESET: 30 };

export interface StaffToken {
  readonly tokenHash: string;
  readonly staffId: string;
  readonly purpose: StaffTokenPurpose;
  readonly expiresAt: Date;
}

/** Where a token leads the staff member: the page that sets the password (for an invitation and a reset alike). */
export interface StaffTokenLinks {
  /** The origin of the web app, e.g. `https://reserve.example.jp` (no trailing slash). */
  readonly publicUrl: string;
}

export const staffTokenUrl = (links: StaffTokenLinks, purpose: StaffTokenPurpose, token: string): string => {
  const base = links.publicUrl.replace(/\/+$/, '');
  const kind = purpose === 'INVITE' ? '' : '&purpose=reset';
  return `${base}/common/password/register/?token=${encodeURIComponent(token)}${kind}`;
};
