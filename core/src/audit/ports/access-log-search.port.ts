import type { AccessLogFilter, AccessMemberLabel, AccessRecord } from '../domain/access-entry';

/** Reads access records, newest first, by keyset (`beforeId`: only records with a smaller id). */
export interface AccessLogSearchPort {
  search(filter: AccessLogFilter, beforeId: string | null, limit: number): Promise<AccessRecord[]>;
  /** Card number and name of the members with these ids (unknown ids are left out). */
  memberLabels(ids: readonly string[]): Promise<AccessMemberLabel[]>;
}
