import type { AccessFacts } from '../domain/access-entry';

/**
 * Who did what to which record, and what it looked like before and after. Append-only.
 * With `access`, the entry records an access by staff (view, list, change, login…) with its outcome.
 */
export interface AuditEntry {
  readonly actorType: 'staff' | 'user' | 'guest' | 'system' | 'anonymous';
  readonly actorId: string | null;
  readonly action: string;
  readonly entity: string;
  readonly entityId: string | null;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly requestId?: string | null;
  readonly ip?: string | null;
  readonly access?: AccessFacts;
}

export interface AuditLogPort {
  append(entry: AuditEntry): Promise<void>;
}
