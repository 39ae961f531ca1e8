/**
 * DEVELOPMENT AND TESTS ONLY: a local stand-in for LINE's ID-token verification endpoint
 * (`POST /oauth2/v2.1/verify`, form `id_token` and `client_id`) on a loopback port. It answers as
 * LINE does: 200 with the token's claims (`iss`, `sub`, `aud`, `exp`, `iat`, `name`), or 400
 * `{"error": "invalid_request", "error_description": "Invalid IdToken."}` (also "…Audience." and
 * "IdToken expired.").
 *
 * Tokens are JWT-shaped (`header.payload.signature`). It accepts the ones it issued itself
 * (`idTokenFor`, HMAC-signed with its own secret) and, for the web app on @line/liff-mock
 * (LINE_LIFF_MOCK), unsigned ones whose signature is `liff-mock`. Never the internet, never production.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalLineVerify {
  /** `http://127.0.0.1:<port>/oauth2/v2.1/verify`: use as LINE_VERIFY_URL. */
  readonly url: string;
  /** The LIFF channel it answers for: use as LINE_LIFF_CHANNEL_ID. */
  readonly channelId: string;
  /** A token for this LINE user, as LIFF's `getIDToken()` would give it. */
  idTokenFor(lineUserId: string, options?: { name?: string; audience?: string; expiresInSeconds?: number }): string;
  /** How many verification requests reached it. */
  readonly requests: () => number;
  close(): Promise<void>;
}

/** The signature of the tokens the web app makes on @line/liff-mock (development only). */
export const LIFF_MOCK_SIGNATURE = 'liff-mock';

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export const startLocalLineVerify = async (options: { port?: number; channelId?: string } = {}): Promise<LocalLineVerify> => {
  const channelId = options.channelId ?? 'local-liff-channel';
  const secret = randomBytes(32);
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest('base64url');
  let requests = 0;

  const refuse = (description: string) => ({ status: 400, body: { error: 'invalid_request', error_description: description } });

  const verify = (form: URLSearchParams): { status: number; body: unknown } => {
    const token = form.get('id_token') ?? '';
    const clientId = form.get('client_id') ?? '';
    if (!clientId) return refuse('client_id is required.');
    const [header, payload, signature, extra] = token.split('.');
    if (!header || !payload || !signature || extra !== undefined) return refuse('Invalid IdToken.');
    const signed = sign(`${header}.${payload}`);
    const genuine = signature.length === signed.length && timingSafeEqual(Buffer.from(signature), Buffer.from(signed));
    if (!genuine && signature !== LIFF_MOCK_SIGNATURE) return refuse('Invalid IdToken.');
    let claims: { sub?: unknown; aud?: unknown; exp?: unknown; iat?: unknown; name?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return refuse('Invalid IdToken.');
    }
    if (typeof claims.sub !== 'string' || !/^U[-A-Za-z0-9_]{1,64}$/.test(claims.sub)) return refuse('Invalid IdToken.');
    // A mock token may leave the audience out: it is for whichever channel asks (development).
    const audience = claims.aud ?? (genuine ? undefined : channelId);
    if (audience !== clientId || clientId !== channelId) return refuse('Invalid IdToken Audience.');
    const nowSeconds = Math.floor(Date.now() / 1000);
    const exp = typeof claims.exp === 'number' ? claims.exp : nowSeconds + 3600;
    if (exp <= nowSeconds) return refuse('IdToken expired.');
    return {
      status: 200,
      body: {
        iss: 'https://access.line.me',
        sub: claims.sub,
        aud: clientId,
        exp,
        iat: typeof claims.iat === 'number' ? claims.iat : nowSeconds,
        amr: ['linesso'],
        name: typeof claims.name === 'string' ? claims.name : 'LINE ユーザー',
      },
    };
  };

  const server: Server = createServer(async (req, res) => {
    const answer = ({ status, body }: { status: number; body: unknown }) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/oauth2/v2.1/verify') return answer({ status: 404, body: { error: 'not_found' } });
    requests += 1;
    let text = '';
    for await (const chunk of req) {
      text += String(chunk);
      if (text.length > 20_000) return answer(refuse('Invalid IdToken.'));
    }
    answer(verify(new URLSearchParams(text)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v2.1/verify`,
    channelId,
    idTokenFor: (lineUserId, token = {}) => {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const header = b64({ alg: 'HS256', typ: 'JWT' });
      const payload = b64({
        iss: 'https://access.line.me',
        sub: lineUserId,
        aud: token.audience ?? channelId,
        exp: nowSeconds + (token.expiresInSeconds ?? 3600),
        iat: nowSeconds,
        name: token.name ?? 'LINE ユーザー',
      });
      return `${header}.${payload}.${sign(`${header}.${payload}`)}`;
    },
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
