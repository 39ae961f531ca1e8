/** A new authorization request: where to send the browser, and the secrets to keep server-side. */
export interface LineAuthorization {
  readonly url: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

export interface LineCodeExchange {
  readonly redirectUri: string;
  readonly code: string;
  readonly state: string;
  readonly codeVerifier: string;
  readonly nonce: string;
  /** The `iss` parameter of the callback, when the provider sends one (RFC 9207). */
  readonly iss?: string;
}

/**
 * LINE Login (OpenID Connect, authorization code flow with PKCE). The adapter speaks to LINE or
 * to the local stand-in provider; the core sees only LINE user ids.
 */
export interface LineLoginPort {
  /** Fresh `state`, `nonce` and PKCE verifier, and LINE's consent screen address carrying them. */
  authorize(redirectUri: string): Promise<LineAuthorization>;
  /**
   * Trades the authorization code for the ID token and returns its subject (the LINE user id),
   * after checking issuer, audience, expiry and nonce. Null when LINE refuses the code (already
   * used, expired, another verifier) or the token does not match. Throws ServiceUnavailableError
   * when LINE cannot be reached.
   */
  exchange(request: LineCodeExchange): Promise<string | null>;
}
