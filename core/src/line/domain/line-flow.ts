/** Why a member was sent to LINE: to link their LINE account, or to log in with it. */
export type LinePurpose = 'link' | 'login';

/**
 * One round trip to LINE, kept server-side in the session until LINE sends the browser back:
 * the `state`, `nonce` and PKCE verifier travel to LINE only as `state`, `nonce` and the
 * verifier's hash, so a callback can be tied to the browser and the request that started it.
 */
export interface LineFlow {
  readonly purpose: LinePurpose;
  /** The member who asked to link (null for a login). */
  readonly memberId: string | null;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** The `redirect_uri` sent to LINE; the code exchange must repeat it exactly. */
  readonly redirectUri: string;
  /** ISO instant the flow started. */
  readonly startedAt: string;
}

/** How long a person may stay on LINE's screens before the flow is refused as expired. */
export const LINE_FLOW_MINUTES = 10;

export const isLineFlowExpired = (flow: Pick<LineFlow, 'startedAt'>, now: Date): boolean => {
  const started = Date.parse(flow.startedAt);
  return !Number.isFinite(started) || now.getTime() - started > LINE_FLOW_MINUTES * 60_000 || now.getTime() < started - 60_000;
};

/** Reads a flow back from untyped session data; anything malformed counts as no flow. */
export const lineFlowFrom = (value: unknown): LineFlow | null => {
  if (!value || typeof value !== 'object') return null;
  const flow = value as Record<string, unknown>;
  const text = (key: string) => typeof flow[key] === 'string' && (flow[key] as string).length > 0;
  if (flow.purpose !== 'link' && flow.purpose !== 'login') return null;
  if (!text('state') || !text('nonce') || !text('codeVerifier') || !text('redirectUri') || !text('startedAt')) return null;
  if (flow.purpose === 'link' && !text('memberId')) return null;
  return flow as unknown as LineFlow;
};
