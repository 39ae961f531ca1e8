import { ServiceUnavailableError, type LineAuthorization, type LineCodeExchange, type LineLoginPort } from '@clinic/core';
import * as oidc from 'openid-client';

export interface LineLoginSettings {
  /** LINE: `https://access.line.me` (discovery at `/.well-known/openid-configuration`). */
  readonly issuer: string;
  readonly channelId: string;
  readonly channelSecret: string;
  /** Seconds to wait for LINE on each call. */
  readonly timeoutSeconds?: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * LINE Login through `openid-client` (v6): discovery, authorization URL with `state`, `nonce`
 * and PKCE (S256), and the code exchange with every check of the library (issuer, audience,
 * expiry, nonce, state). The client authenticates with `client_secret_post`, as LINE expects.
 *
 * LINE signs web-login ID tokens with HS256 (the channel secret) although its discovery document
 * lists ES256 only, so the expected algorithm is set on the client. The ID token comes straight
 * from LINE's token endpoint over TLS, which is what the library relies on for its signature.
 */
export class OpenIdLineLogin implements LineLoginPort {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: LineLoginSettings) {}

  async authorize(redirectUri: string): Promise<LineAuthorization> {
    const config = await this.config();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile',
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  async exchange(request: LineCodeExchange): Promise<string | null> {
    const config = await this.config();
    const callback = new URL(request.redirectUri);
    callback.searchParams.set('code', request.code);
    callback.searchParams.set('state', request.state);
    if (request.iss) callback.searchParams.set('iss', request.iss);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const subject = tokens.claims()?.sub;
      return typeof subject === 'string' && subject.length > 0 ? subject : null;
    } catch (error) {
      if (unreachable(error)) throw new ServiceUnavailableError('LINE is unreachable', { cause: error });
      // invalid_grant (a code used twice or expired), a nonce or claim mismatch: LINE said no.
      return null;
    }
  }

  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const { issuer, channelId, channelSecret } = this.settings;
      const insecure = new URL(issuer).protocol === 'http:' && LOOPBACK.has(new URL(issuer).hostname);
      this.configuration = oidc
        .discovery(new URL(issuer), channelId, { client_secret: channelSecret, id_token_signed_response_alg: 'HS256' }, oidc.ClientSecretPost(channelSecret), {
          timeout: this.settings.timeoutSeconds ?? 10,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          this.configuration = null;
          throw new ServiceUnavailableError('LINE discovery failed', { cause: error });
        });
    }
    return this.configuration;
  }
}

const unreachable = (error: unknown): boolean => {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) return false;
  const cause = (error as { cause?: unknown })?.cause;
  if (error instanceof TypeError || cause instanceof TypeError) return true;
  const name = (error as { name?: string })?.name;
  return name === 'TimeoutError' || name === 'AbortError' || (cause as { name?: string } | undefined)?.name === 'TimeoutError';
};
