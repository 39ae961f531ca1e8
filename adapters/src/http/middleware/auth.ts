import { canLogIn, type Member, type MemberRepositoryPort, type Staff, type StaffRepositoryPort } from '@clinic/core';
import type { Middleware, ParameterizedContext } from 'koa';
import { HttpDomainError } from '../errors/http-error';
import type { AppState, Principal } from './request-context';

export type Access = 'public' | 'member' | 'staff' | 'admin';

export interface AuthState extends AppState {
  staff?: Staff;
  member?: Member;
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
 */
export const guard = (access: Access, accounts: AccountLookups): Middleware<AuthState> => async (ctx, next) => {
  if (access === 'public') return next();
  const principal = principalOf(ctx);
  if (access === 'member') {
    if (principal?.type !== 'user') throw HttpDomainError.of('UNAUTHENTICATED');
    const member = await accounts.members.findById(principal.id);
    if (!member || !canLogIn(member)) throw HttpDomainError.of('UNAUTHENTICATED');
    ctx.state.member = member;
    return next();
  }
  if (principal?.type !== 'staff') throw HttpDomainError.of('UNAUTHENTICATED');
  const staff = await accounts.staffs.findById(principal.id);
  if (!staff) throw HttpDomainError.of('UNAUTHENTICATED');
  if (access === 'admin' && staff.role !== 'ADMIN') throw HttpDomainError.of('FORBIDDEN');
  ctx.state.staff = staff;
  return next();
};
