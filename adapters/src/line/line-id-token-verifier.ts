import { ServiceUnavailableError, type LineIdTokenVerifierPort, type VerifiedLineUser } from '@clinic/core';
import { z } from 'zod';

export interface LineIdTokenVerifierSettings {
  /** `https://api.line.me/oauth2/v2.1/verify`, or a fake on loopback. */
  readonly verifyUrl: string;
  /** The LIFF app's channel ID: the token must have been issued for it (`aud`). */
  readonly channelId: string;
  readonly timeoutMs: number;
  /** "Now" for the expiry check (tests fix it). */
  readonly now?: () => number;
}

/** What LINE's verification answers for a token it accepts (only what is used here is checked). */
const verified = z.object({
  sub: z.string().regex(/^U[-A-Za-z0-9_]{1,64}$/),
  aud: z.string(),
  exp: z.number(),
  name: z.string().max(200).optional(),
});

/**
 * Verifies LIFF ID tokens at LINE (`POST {verifyUrl}`, form `id_token` and `client_id`), the way
 * LINE documents for sending a LIFF user's identity to a server. LINE answers 400 for a token it
 * refuses (bad signature, expired, another channel): null here. The answer's `aud` and `exp` are
 * checked again, so a verification endpoint that answers for another channel is refused too.
 */
export class LineIdTokenVerifier implements LineIdTokenVerifierPort {
  constructor(private readonly settings: LineIdTokenVerifierSettings) {}

  async verify(idToken: string): Promise<VerifiedLineUser | null> {
    if (idToken.length === 0 || idToken.length > 4096) return null;
    let response: Response;
    try {
      response = await fetch(this.settings.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ id_token: idToken, client_id: this.settings.channelId }).toString(),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new ServiceUnavailableError('LINE ID token verification unreachable', { cause: error });
    }
    if (response.status === 400 || response.status === 401) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ServiceUnavailableError(`LINE ID token verification answered ${response.status}`);
    }
    const parsed = verified.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ServiceUnavailableError('LINE ID token verification answered an unexpected shape');
    const nowMs = this.settings.now?.() ?? Date.now();
    if (parsed.data.aud !== this.settings.channelId || parsed.data.exp * 1000 <= nowMs) return null;
    return { lineUserId: parsed.data.sub, name: parsed.data.name ?? null };
  }
}
