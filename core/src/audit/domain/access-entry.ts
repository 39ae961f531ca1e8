/**
 * Access records of staff (医療情報システムの安全管理に関するガイドライン): who read or changed which
 * member's data, when, from where, and with what outcome. They live in the same append-only
 * `audit_log` as the change trail, marked as access records.
 */
export const ACCESS_ACTIONS = ['view', 'list', 'search', 'create', 'update', 'delete', 'export', 'login'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** ok: answered 2xx; refused: 401/403; not_found: 404; invalid: other 4xx; error: 5xx; failed: a failed login. */
export const ACCESS_OUTCOMES = ['ok', 'refused', 'not_found', 'invalid', 'error', 'failed'] as const;
export type AccessOutcome = (typeof ACCESS_OUTCOMES)[number];

/** A list or search records at most this many member ids; the count and the query are kept too. */
export const MAX_RECORDED_MEMBER_IDS = 100;

export const outcomeOfStatus = (status: number): AccessOutcome => {
  if (status === 401 || status === 403) return 'refused';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'error';
  if (status >= 400) return 'invalid';
  return 'ok';
};

/** The access facts an audit entry carries when it records an access rather than a change. */
export interface AccessFacts {
  readonly outcome: AccessOutcome;
  readonly status?: number | null;
  /** The login id (employee number) of the staff member, or the identifier typed at a failed login. */
  readonly actorLogin?: string | null;
  readonly actorRole?: string | null;
  /** The acting staff member's clinic (null: head office or unknown). */
  readonly clinicId?: string | null;
  /** The members concerned (bounded by MAX_RECORDED_MEMBER_IDS for lists). */
  readonly memberIds?: readonly string[];
  readonly userAgent?: string | null;
  readonly method?: string | null;
  readonly path?: string | null;
  /** For lists and searches: the query, how many members were returned, whether ids were cut. */
  readonly detail?: unknown;
}

/** One access record as an administrator reads it. */
export interface AccessRecord {
  readonly id: string;
  readonly at: string;
  readonly actorType: string;
  readonly actorId: string | null;
  readonly actorLogin: string | null;
  readonly actorName: string | null;
  readonly actorRole: string | null;
  readonly clinicId: string | null;
  readonly action: string;
  readonly resource: string;
  readonly resourceId: string | null;
  readonly memberIds: readonly string[];
  readonly outcome: AccessOutcome;
  readonly status: number | null;
  readonly method: string | null;
  readonly path: string | null;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly requestId: string | null;
  readonly detail: unknown;
}

export interface AccessLogFilter {
  readonly staffId?: string;
  /** The staff login id (employee number), also as typed at a failed login; case-insensitive. */
  readonly staffLogin?: string;
  readonly memberId?: string;
  /** The member's card number (診察券番号). */
  readonly memberNumber?: string;
  readonly action?: AccessAction;
  readonly outcome?: AccessOutcome;
  /** ISO instants; `from` inclusive, `to` exclusive. */
  readonly from?: string;
  readonly to?: string;
  /** Only records of staff of this clinic (a clinic administrator's view). */
  readonly actorClinicId?: string;
}

/** How the audit screen names a member: card number and name (for the records of one page). */
export interface AccessMemberLabel {
  readonly id: string;
  readonly userNumber: string | null;
  readonly name: string;
}
