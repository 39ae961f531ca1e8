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
