import { canLogIn, isHeadOfficeAdmin, type Member, type MemberRepositoryPort, type ScopedActor, type Staff, type StaffRepositoryPort } from '@clinic/core';
import type { Middleware, ParameterizedContext } from 'koa';
import { HttpDomainError } from '../errors/http-error';
import type { AppState, Principal } from './request-context';

/**
 * `admin`: any ADMIN (the route's use case limits a clinic's ADMIN to that clinic);
 * `headOffice`: an ADMIN without a clinic only (chain-wide settings, the development mail outbox).
 */
export type Access = 'public' | 'member' | 'staff' | 'admin' | 'headOffice';

/** Two-factor login: whether a staff member may still work without it (set by createHttpApp). */
export interface TwoFactorGate {
  mayProceed(staff: Staff): Promise<boolean>;
}

/**
 * Keeps what the guard reads for each request (set by createHttpApp when the server has one;
 * adapters/src/persistence/account-cache.ts keeps it correct across servers).
 */
export interface PrincipalCache {
  staff<T>(id: string, load: () => Promise<T | null>): Promise<T | null>;
  member<T>(id: string, load: () => Promise<T | null>): Promise<T | null>;
}

export interface AuthState extends AppState {
  staff?: Staff;
  member?: Member;
  twoFactorGate?: TwoFactorGate;
  principalCache?: PrincipalCache;
}

export type ApiContext = ParameterizedContext<AuthState>;

export const principalOf = (ctx: ApiContext): Principal | null => {
  const principal = (ctx.session as unknown as { principal?: Principal } | null)?.principal;
  return principal && (principal.type === 'staff' || principal.type === 'user') ? principal : null;
};

export const currentStaff = (ctx: ApiContext): Staff => {
  if (!ctx.state.staff) throw HttpDomainError.of('UNAUTHENTICATED');
  return ctx.state.staff;
};

/** The staff member of the request as the use cases that check clinic scope take them (`checkClinicScope`). */
export const scopedActor = (ctx: ApiContext): ScopedActor => {
  const { id, role, clinicId } = currentStaff(ctx);
  return { type: 'staff', id, role, clinicId };
};

export const currentMember = (ctx: ApiContext): Member => {
  if (!ctx.state.member) throw HttpDomainError.of('UNAUTHENTICATED');
  return ctx.state.member;
};

export interface AccountLookups {
  readonly staffs: Pick<StaffRepositoryPort, 'findById'>;
  readonly members: Pick<MemberRepositoryPort, 'findById'>;
}

/**
 * Enforces a route's access level. The session names only who logged in; the role and the
 * account's existence are read again on every request, so a demotion or removal takes effect at once.
 * A staff or admin route also asks the two-factor gate, unless it is `beforeTwoFactorSetup`.
 */
export const guard =
  (access: Access, accounts: AccountLookups, options: { beforeTwoFactorSetup?: boolean } = {}): Middleware<AuthState> =>
  async (ctx, next) => {
    if (access === 'public') return next();
    const principal = principalOf(ctx);
    if (access === 'member') {
      if (principal?.type !== 'user') throw HttpDomainError.of('UNAUTHENTICATED');
      const cache = ctx.state.principalCache;
      const member = cache ? await cache.member(principal.id, () => accounts.members.findById(principal.id)) : await accounts.members.findById(principal.id);
      if (!member || !canLogIn(member)) throw HttpDomainError.of('UNAUTHENTICATED');
      ctx.state.member = member;
      return next();
    }
    if (principal?.type !== 'staff') throw HttpDomainError.of('UNAUTHENTICATED');
    const cache = ctx.state.principalCache;
    const staff = cache ? await cache.staff(principal.id, () => accounts.staffs.findById(principal.id)) : await accounts.staffs.findById(principal.id);
    if (!staff) throw HttpDomainError.of('UNAUTHENTICATED');
    if ((access === 'admin' || access === 'headOffice') && staff.role !== 'ADMIN') throw HttpDomainError.of('FORBIDDEN');
    if (access === 'headOffice' && !isHeadOfficeAdmin(staff)) throw HttpDomainError.of('FORBIDDEN');
    // Past the grace period without two-factor login, only the routes of its setup (and the profile) answer.
    const gate = ctx.state.twoFactorGate;
    if (gate && !options.beforeTwoFactorSetup && !(await gate.mayProceed(staff))) throw HttpDomainError.of('TWO_FACTOR_SETUP_REQUIRED');
    ctx.state.staff = staff;
    return next();
  };
