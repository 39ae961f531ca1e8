import {
  DomainRuleViolation,
  MAX_RECORDED_MEMBER_IDS,
  ServiceUnavailableError,
  outcomeOfStatus,
  type AccessAction,
  type AccessOutcome,
  type AuditEntry,
  type AuditLogPort,
  type Staff,
} from '@clinic/core';
import type { AccessResource } from '@clinic/contract';
import type { Middleware } from 'koa';
import { HttpDomainError, renderDomainError } from '../errors/http-error';
import { principalOf, type AccountLookups, type Access, type ApiContext, type AuthState } from '../middleware/auth';
import { clientAddress } from '../middleware/request-context';

/**
 * What a route tells the staff access audit: the action, the kind of record it touches and the
 * members concerned. Every route reading or changing a member's data declares one.
 */
export interface RouteAudit {
  readonly action: AccessAction;
  /** `member`, `contract`, `reservation`, … (a list: `member`, with action `list` or `search`); the access log screen names each. */
  readonly resource: AccessResource;
  /** The path parameter naming the record, e.g. `id`. */
  readonly idParam?: string;
  /** The path parameter naming the member concerned; defaults to `idParam` when `resource` is `member`. */
  readonly memberParam?: string;
  /**
   * The members concerned, read after the handler ran: from the answer for lists (what was shown is
   * what was disclosed), from the request otherwise. Defaults to the `idParam` when `resource` is
   * `member`. Lists keep at most MAX_RECORDED_MEMBER_IDS ids, with the count and the query.
   */
  readonly members?: (ctx: ApiContext) => readonly (string | null | undefined)[];
}

/** The audit trail the app gives every request (set by createHttpApp). */
export interface AuditingState extends AuthState {
  audit?: AuditLogPort;
}

const REFUSING_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_SETUP_REQUIRED']);

const failureOf = (error: unknown): { status: number; code: string | null } => {
  if (error instanceof HttpDomainError) return { status: renderDomainError(error.domainError).status, code: error.domainError.code };
  if (error instanceof DomainRuleViolation) return { status: renderDomainError(error.error).status, code: error.error.code };
  if (error instanceof ServiceUnavailableError) return { status: 503, code: 'SERVICE_UNAVAILABLE' };
  const status = (error as { status?: unknown })?.status;
  return { status: typeof status === 'number' ? status : 500, code: null };
};

const outcomeOf = (status: number, code: string | null): AccessOutcome => {
  if (code !== null) return REFUSING_CODES.has(code) ? 'refused' : outcomeOfStatus(status) === 'refused' ? 'invalid' : outcomeOfStatus(status);
  return outcomeOfStatus(status);
};

const METHOD_ACTIONS: Record<string, AccessAction> = { GET: 'view', POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

const memberIdsOf = (ctx: ApiContext, audit: RouteAudit | undefined, ok: boolean): { ids: string[]; total: number } => {
  if (!audit) return { ids: [], total: 0 };
  const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
  let raw: readonly (string | null | undefined)[] = [];
  if (audit.members && ok) {
    try {
      raw = audit.members(ctx);
    } catch {
      raw = [];
    }
  }
  // A refused or failed access to one member still names the member it tried.
  const memberParam = audit.memberParam ?? (audit.resource === 'member' ? audit.idParam : undefined);
  if (raw.length === 0 && memberParam) raw = [params[memberParam]];
  const unique = [...new Set(raw.filter((id): id is string => typeof id === 'string' && id.length > 0).map((id) => id.slice(0, 64)))];
  return { ids: unique.slice(0, MAX_RECORDED_MEMBER_IDS), total: unique.length };
};

/**
 * Records staff access to members' data (docs/decisions.md, "Staff access audit"). Runs before the
 * access guard, so refusals are recorded too: every route with `audit` writes one entry whatever the
 * outcome; every other staff or admin route writes one only when refused (401/403). The entry is
 * written before the answer leaves: a read whose record cannot be written fails with 500.
 */
export const accessAudit = (access: Access, audit: RouteAudit | undefined, accounts: AccountLookups): Middleware<AuditingState> => {
  const staffRoute = access === 'staff' || access === 'admin' || access === 'headOffice';
  return async (ctx, next) => {
    const sink = ctx.state.audit;
    if (!sink || (!audit && !staffRoute)) return next();
    let failure: unknown = null;
    let status: number;
    let code: string | null = null;
    try {
      await next();
      status = ctx.status;
    } catch (error) {
      failure = error;
      ({ status, code } = failureOf(error));
    }
    const outcome = outcomeOf(status, code);
    if (!audit && outcome !== 'refused') {
      if (failure) throw failure;
      return;
    }
    const apiCtx = ctx as unknown as ApiContext;
    try {
      await sink.append(await entryOf(apiCtx, accounts, audit, status, outcome));
    } catch (error) {
      ctx.state.log?.error({ err: error }, 'could not write the access audit record');
      if (!failure) throw error;
    }
    if (failure) throw failure;
  };
};

const entryOf = async (
  ctx: ApiContext,
  accounts: AccountLookups,
  audit: RouteAudit | undefined,
  status: number,
  outcome: AccessOutcome,
): Promise<AuditEntry> => {
  const principal = principalOf(ctx);
  let staff: Staff | null = ctx.state.staff ?? null;
  // A refusal by the guard leaves no staff in the state: read who it was (only on this path).
  if (!staff && principal?.type === 'staff') staff = await accounts.staffs.findById(principal.id);
  const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
  const resourceId = audit?.idParam ? (params[audit.idParam] ?? null) : null;
  const members = memberIdsOf(ctx, audit, outcome === 'ok');
  const isList = audit?.action === 'list' || audit?.action === 'search' || audit?.action === 'export';
  const query = ctx.querystring ? Object.fromEntries(Object.entries(ctx.query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')])) : undefined;
  return {
    actorType: staff ? 'staff' : principal?.type === 'user' ? 'user' : 'anonymous',
    actorId: staff?.id ?? (principal?.type === 'user' ? principal.id : null),
    action: audit?.action ?? METHOD_ACTIONS[ctx.method] ?? 'view',
    entity: audit?.resource ?? 'route',
    entityId: resourceId ? resourceId.slice(0, 100) : null,
    requestId: ctx.state.requestId ?? null,
    ip: clientAddress(ctx),
    access: {
      outcome,
      status,
      actorLogin: staff?.employeeNumber ?? null,
      actorRole: staff?.role ?? null,
      clinicId: staff?.clinicId ?? null,
      memberIds: members.ids,
      userAgent: ctx.get('User-Agent') || null,
      method: ctx.method,
      path: ctx.path,
      detail: isList ? { query: query ?? {}, returned: members.total, truncated: members.total > members.ids.length } : query ? { query } : undefined,
    },
  };
};
