/**
 * What the login form sends as `username`: the audience prefix (`staff` or `user`) and what the
 * person typed — an employee number or email for staff, a card number or email for members.
 */
export interface LoginName {
  readonly audience: 'staff' | 'user';
  readonly identifier: string;
}

export const parseLoginName = (username: string): LoginName | null => {
  for (const audience of ['staff', 'user'] as const) {
    if (username.startsWith(audience)) {
      const identifier = username.slice(audience.length).trim();
      if (identifier.length === 0 || identifier.length > 254) return null;
      return { audience, identifier };
    }
  }
  return null;
};

/** Emails are compared without regard to case; other identifiers exactly. */
export const isEmailLike = (identifier: string): boolean => identifier.includes('@');
