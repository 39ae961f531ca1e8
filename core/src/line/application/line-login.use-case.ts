import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import { canLogIn } from '../../accounts/domain/member.entity';
import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import { isLineFlowExpired, type LineFlow, type LinePurpose } from '../domain/line-flow';
import type { LineLinkRepositoryPort } from '../ports/line-link-repository.port';
import type { LineLoginPort } from '../ports/line-login.port';

/** What LINE sent back to `/common/line-redirect/` (query parameters, as the browser forwards them). */
export interface LineCallback {
  readonly state?: string;
  readonly code?: string;
  readonly error?: string;
  readonly iss?: string;
}

export interface LineFinished {
  readonly purpose: LinePurpose;
  readonly memberId: string;
}

export type LineFinishError =
  | 'LINE_FLOW_EXPIRED'
  | 'LINE_STATE_MISMATCH'
  | 'LINE_CONSENT_DENIED'
  | 'LINE_AUTH_FAILED'
  | 'LINE_NOT_LINKED'
  | 'LINE_ALREADY_LINKED'
  | 'NOT_FULLY_REGISTERED'
  | 'UNAUTHENTICATED';

/**
 * Linking a LINE account to a member and logging in with it. `start` makes the flow the caller
 * keeps in the session; `finish` checks LINE's answer against it (the caller removes the flow
 * first, so each flow is used once, whatever the outcome).
 */
export class LineLoginUseCase {
  constructor(
    private readonly line: LineLoginPort,
    private readonly links: LineLinkRepositoryPort,
    private readonly members: Pick<MemberRepositoryPort, 'findById'>,
    private readonly clock: ClockPort,
  ) {}

  async start(purpose: LinePurpose, memberId: string | null, redirectUri: string): Promise<{ url: string; flow: LineFlow }> {
    const { url, state, nonce, codeVerifier } = await this.line.authorize(redirectUri);
    const startedAt = this.clock.now().toUTC().toISO() ?? new Date().toISOString();
    return { url, flow: { purpose, memberId: purpose === 'link' ? memberId : null, state, nonce, codeVerifier, redirectUri, startedAt } };
  }

  async finish(flow: LineFlow | null, callback: LineCallback, loggedInMemberId: string | null): Promise<Result<LineFinished, LineFinishError>> {
    if (!flow || isLineFlowExpired(flow, this.clock.now().toJSDate())) return fail('LINE_FLOW_EXPIRED');
    if (!callback.state || callback.state !== flow.state) return fail('LINE_STATE_MISMATCH');
    if (callback.error === 'access_denied') return fail('LINE_CONSENT_DENIED');
    if (callback.error || !callback.code) return fail('LINE_AUTH_FAILED');
    if (flow.purpose === 'link' && loggedInMemberId !== flow.memberId) return fail('UNAUTHENTICATED');

    const lineUserId = await this.line.exchange({
      redirectUri: flow.redirectUri,
      code: callback.code,
      state: flow.state,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
      ...(callback.iss ? { iss: callback.iss } : {}),
    });
    if (!lineUserId) return fail('LINE_AUTH_FAILED');

    if (flow.purpose === 'link') {
      const outcome = await this.links.link(flow.memberId!, lineUserId);
      if (outcome === 'taken') return fail('LINE_ALREADY_LINKED');
      if (outcome === 'member-not-found') return fail('UNAUTHENTICATED');
      return ok({ purpose: 'link', memberId: flow.memberId! });
    }
    const memberId = await this.links.findMemberIdByLineUserId(lineUserId);
    if (!memberId) return fail('LINE_NOT_LINKED');
    const member = await this.members.findById(memberId);
    if (!member) return fail('LINE_NOT_LINKED');
    if (!canLogIn(member)) return fail('NOT_FULLY_REGISTERED');
    return ok({ purpose: 'login', memberId });
  }
}
