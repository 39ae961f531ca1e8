/** Server-side sessions, shared by every server of a deployment. */
export interface StoredSession {
  readonly data: Record<string, unknown>;
  readonly createdAt: Date;
}

export interface SessionStorePort {
  /** The session, or null when it does not exist or has expired. */
  get(id: string): Promise<StoredSession | null>;
  /** Creates or replaces the session; it expires at `expiresAt` unless set again. */
  set(id: string, data: Record<string, unknown>, expiresAt: Date): Promise<void>;
  destroy(id: string): Promise<void>;
}

/** Whose a session is: what login put in it (`principal`). */
export interface SessionPrincipal {
  readonly type: 'staff' | 'user';
  readonly id: string;
}

/** Ends an account's sessions on every server (a password set or changed, docs/security.md). */
export interface SessionRevokerPort {
  /** Ends every session of the account but `exceptId` (the one making the change); answers how many ended. */
  endSessionsOf(principal: SessionPrincipal, exceptId?: string | null): Promise<number>;
}
