import type { AccessLogFilter, AccessLogSearchPort, AccessMemberLabel, AccessOutcome, AccessRecord, AuditEntry, AuditLogPort } from '@clinic/core';
import type { Knex } from 'knex';

/**
 * PostgreSQL text and jsonb cannot hold U+0000, which a request may carry anywhere (an unknown
 * query parameter is recorded as it came). Recorded as U+FFFD, the replacement character, so the
 * record is kept instead of the request failing.
 */
const storable = (text: string): string => (text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text);

/** `storable` through a whole JSON value: strings and keys, after each value's own `toJSON` (dates). */
const storableJson = (value: unknown): unknown => {
  if (typeof value === 'string') return storable(value);
  if (value === null || typeof value !== 'object') return value;
  const own = value as { toJSON?: () => unknown };
  if (typeof own.toJSON === 'function') return storableJson(own.toJSON());
  if (Array.isArray(value)) return value.map(storableJson);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key), storableJson(item)]));
};

/** JSON for a jsonb column; the walk of `storableJson` only when the plain text shows an escaped U+0000. */
const json = (value: unknown): string | null => {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text.includes('\\u0000') ? JSON.stringify(storableJson(value)) : text;
};

/** A PostgreSQL array literal of text, the same on node-postgres and PGlite. */
const textArray = (values: readonly string[]): string => `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

const cut = (value: string | null | undefined, max: number): string | null => (value == null ? null : storable(value.slice(0, max)));

interface AccessRow {
  id: string | number;
  at: Date | string;
  actor_type: string;
  actor_id: string | null;
  actor_login: string | null;
  staff_name: string | null;
  actor_role: string | null;
  clinic_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  member_ids: string[] | string | null;
  outcome: AccessOutcome;
  status: number | null;
  method: string | null;
  path: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  detail: unknown;
}

const parseArray = (value: string[] | string | null): string[] => {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((v) => v.replace(/^"|"$/g, ''));
};

interface PendingEntry {
  readonly row: Record<string, unknown>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

const MAX_BATCH = 500;
/**
 * Inserts in flight at once. With one, an append arriving during an insert waited for it and then
 * for its own: two inserts' time. With two, it goes at once unless two are in flight already, and
 * a busy server still writes its records in batches (docs/decisions.md, "Fewer round trips").
 */
const MAX_IN_FLIGHT = 2;

/** The row of an entry; every row names the same columns, so rows of both kinds go in one insert. */
const toRow = (entry: AuditEntry): Record<string, unknown> => {
  const access = entry.access;
  return {
    actor_type: entry.actorType,
    actor_id: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : storable(entry.entityId),
    before: json(entry.before),
    after: json(entry.after),
    request_id: cut(entry.requestId, 200),
    ip: cut(entry.ip, 100),
    kind: access ? 'access' : 'change',
    outcome: access ? access.outcome : null,
    status: access?.status ?? null,
    actor_login: cut(access?.actorLogin, 300),
    actor_role: access?.actorRole ?? null,
    clinic_id: access?.clinicId ?? null,
    member_ids: textArray((access?.memberIds ?? []).map(storable)),
    user_agent: cut(access?.userAgent, 500),
    method: access?.method ?? null,
    path: cut(access?.path, 500),
    detail: access ? json(access.detail) : null,
  };
};

/**
 * The append-only audit trail (`audit_log`): changes recorded by the use cases, and access records
 * of staff written by the HTTP layer (`kind = 'access'`). Reads are for administrators only.
 */
export class KnexAuditLog implements AuditLogPort, AccessLogSearchPort {
  constructor(private readonly knex: Knex) {}

  /** Entries waiting for an insert in flight to finish (group commit). */
  private pending: PendingEntry[] = [];
  private inFlight = 0;

  /**
   * Resolves once the entry is stored. Appends that arrive while `MAX_IN_FLIGHT` inserts are in
   * flight wait for one of them and then go together in one multi-row insert: an idle server
   * writes each entry at once, a busy one writes one row per request no more (a staff calendar
   * read is an access record).
   */
  append(entry: AuditEntry): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ row: toRow(entry), resolve, reject });
      if (this.inFlight < MAX_IN_FLIGHT) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.inFlight++;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        try {
          await this.knex('audit_log').insert(batch.map((item) => item.row));
          for (const item of batch) item.resolve();
        } catch (error) {
          if (batch.length === 1) {
            batch[0]!.reject(error);
            continue;
          }
          // One bad entry must not take the others with it: each on its own, with its own answer.
          for (const item of batch) {
            try {
              await this.knex('audit_log').insert(item.row);
              item.resolve();
            } catch (single) {
              item.reject(single);
            }
          }
        }
      }
    } finally {
      this.inFlight--;
    }
  }

  async memberLabels(ids: readonly string[]): Promise<AccessMemberLabel[]> {
    const numeric = ids.filter((id) => /^\d{1,18}$/.test(id));
    if (numeric.length === 0) return [];
    const rows = (await this.knex('users').whereIn('id', numeric).select('id', 'user_number', 'name')) as {
      id: string | number;
      user_number: string | null;
      name: string;
    }[];
    return rows.map((row) => ({ id: String(row.id), userNumber: row.user_number, name: row.name }));
  }

  async search(filter: AccessLogFilter, beforeId: string | null, limit: number): Promise<AccessRecord[]> {
    const query = this.knex('audit_log as a')
      .joinRaw("left join staffs as s on a.actor_type = 'staff' and s.id::text = a.actor_id")
      .where('a.kind', 'access')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .select(
        'a.id',
        'a.at',
        'a.actor_type',
        'a.actor_id',
        'a.actor_login',
        's.name as staff_name',
        'a.actor_role',
        'a.clinic_id',
        'a.action',
        'a.entity',
        'a.entity_id',
        'a.member_ids',
        'a.outcome',
        'a.status',
        'a.method',
        'a.path',
        'a.ip',
        'a.user_agent',
        'a.request_id',
        'a.detail',
      );
    if (beforeId) query.where('a.id', '<', beforeId);
    if (filter.staffId) {
      const staffId = filter.staffId;
      // A failed login names the account it tried in entity_id (the actor is still anonymous).
      query.where((q) =>
        q.where({ 'a.actor_type': 'staff', 'a.actor_id': staffId }).orWhere({ 'a.action': 'login.failed', 'a.entity': 'staff', 'a.entity_id': staffId }),
      );
    }
    if (filter.memberId) query.whereRaw('a.member_ids @> ?::text[]', [textArray([filter.memberId])]);
    if (filter.memberNumber) query.whereRaw('a.member_ids && array(select u.id::text from users as u where u.user_number = ?)', [filter.memberNumber]);
    if (filter.staffLogin) query.whereRaw('lower(a.actor_login) = lower(?)', [filter.staffLogin]);
    // A failed login is recorded by the log-in use case as `login.failed`.
    if (filter.action === 'login') query.whereIn('a.action', ['login', 'login.failed']);
    else if (filter.action) query.where('a.action', filter.action);
    if (filter.outcome) query.where('a.outcome', filter.outcome);
    if (filter.from) query.where('a.at', '>=', filter.from);
    if (filter.to) query.where('a.at', '<', filter.to);
    if (filter.actorClinicId) query.where('a.clinic_id', filter.actorClinicId);
    const rows = (await query) as AccessRow[];
    return rows.map((row) => ({
      id: String(row.id),
      at: new Date(row.at).toISOString(),
      actorType: row.actor_type,
      actorId: row.actor_id,
      actorLogin: row.actor_login,
      actorName: row.staff_name,
      actorRole: row.actor_role,
      clinicId: row.clinic_id,
      action: row.action === 'login.failed' ? 'login' : row.action,
      resource: row.entity,
      resourceId: row.entity_id,
      memberIds: parseArray(row.member_ids),
      outcome: row.outcome,
      status: row.status,
      method: row.method,
      path: row.path,
      ip: row.ip,
      userAgent: row.user_agent,
      requestId: row.request_id,
      detail: typeof row.detail === 'string' ? (JSON.parse(row.detail) as unknown) : row.detail,
    }));
  }
}
