/**
 * DEVELOPMENT AND TESTS ONLY: a local OpenID provider (panva's `oidc-provider`) that stands in
 * for LINE Login on a loopback port, so that linking and logging in with LINE work end to end
 * without a LINE channel. It behaves like LINE where the app can tell: discovery, authorization
 * code flow with PKCE (S256) required, `client_secret_post`, HS256 ID tokens signed with the
 * channel secret, `sub` = a LINE-like user id (`U-demo-0001`…).
 *
 * It is started by `server/src/main.ts` only when no LINE channel is configured and
 * LINE_LOCAL_PROVIDER is on (default: on for the embedded database), and by the tests. It keeps
 * everything in memory, accepts any person who types an id, and listens on 127.0.0.1 only:
 * never point a production deployment at it (docs/integrations.md).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalLineProvider {
  /** `http://127.0.0.1:<port>`: use as LINE_ISSUER. */
  readonly issuer: string;
  readonly channelId: string;
  readonly channelSecret: string;
  close(): Promise<void>;
}

/** The test people of the interaction page. */
export const LOCAL_LINE_USERS = [
  { id: 'U-demo-0001', name: 'LINE 花子' },
  { id: 'U-demo-0002', name: 'LINE 太郎' },
  { id: 'U-demo-0003', name: 'LINE 次郎' },
] as const;

const USER_ID = /^U[-A-Za-z0-9_]{1,64}$/;
const REDIRECT_PATH = '/common/line-redirect/';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 10_000) break;
  }
  return new URLSearchParams(text);
};

const page = (uid: string, message?: string): string => `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>LINEログイン（開発用）</title>
<style>
 body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#1a1a1a}
 main{max-width:420px;margin:0 auto;padding:24px 16px;background:#fff;min-height:100vh;box-sizing:border-box}
 h1{font-size:1.25rem;margin:0 0 8px} p{line-height:1.6}
 .note{background:#fff4d6;border:1px solid #e0b84d;padding:8px 12px;border-radius:6px;font-size:.875rem}
 label{display:block;font-weight:600;margin:16px 0 4px}
 input{width:100%;box-sizing:border-box;font-size:1rem;padding:10px;border:1px solid #888;border-radius:6px}
 .buttons{display:grid;gap:12px;margin-top:20px}
 button{font-size:1rem;padding:12px;border-radius:6px;border:1px solid #00803a;cursor:pointer}
 button[value=accept]{background:#00803a;color:#fff;font-weight:700}
 button[value=deny]{background:#fff;color:#1a1a1a;border-color:#888}
 .error{color:#b00020;font-weight:600}
 ul{padding-left:20px}
</style></head>
<body><main>
<h1>LINEログイン（開発用）</h1>
<p class="note">これは開発・テスト用の仮のLINEです。本番環境では使われません。</p>
<p>クリニック予約がLINEのユーザーIDとプロフィール（表示名）の取得を求めています。</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="userId">LINEユーザーID</label>
<input id="userId" name="userId" value="${LOCAL_LINE_USERS[0].id}" autocomplete="off" list="demo-users">
<datalist id="demo-users">${LOCAL_LINE_USERS.map((u) => `<option value="${u.id}">${escapeHtml(u.name)}</option>`).join('')}</datalist>
<p>テスト用のID: ${LOCAL_LINE_USERS.map((u) => `<code>${u.id}</code>`).join('、')}</p>
<div class="buttons">
<button type="submit" name="decision" value="accept">同意してログイン</button>
<button type="submit" name="decision" value="deny">同意しない</button>
</div>
</form>
</main></body></html>`;

/** Starts the stand-in on 127.0.0.1 (port 0: any free port). */
export const startLocalLineProvider = async (options: { port?: number; channelId?: string; channelSecret?: string } = {}): Promise<LocalLineProvider> => {
  const channelId = options.channelId ?? '1650000000';
  const channelSecret = options.channelSecret ?? randomBytes(24).toString('hex');
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: channelId,
        client_secret: channelSecret,
        redirect_uris: [`http://localhost:3000${REDIRECT_PATH}`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'HS256',
      },
    ],
    jwks: { keys: [{ ...signingKey, alg: 'ES256', use: 'sig', kid: 'local-line' }] },
    enabledJWA: { idTokenSigningAlgValues: ['HS256', 'ES256'] },
    pkce: { required: () => true },
    scopes: ['openid', 'profile'],
    claims: { openid: ['sub'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, IdToken: 600, AccessToken: 600 },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, name: LOCAL_LINE_USERS.find((u) => u.id === id)?.name ?? id }),
    }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Every flow shows the page again (a person can switch between test users): only the grant
    // made by this interaction counts.
    loadExistingGrant: async (ctx: { oidc: { result?: { consent?: { grantId?: string } } } }) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? provider.Grant.find(grantId) : undefined;
    },
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="ja"><meta charset="utf-8"><title>エラー</title><p>${escapeHtml(out.error ?? 'error')}: ${escapeHtml(out.error_description ?? '')}</p></html>`;
    },
  });
  // Any loopback origin of the app (the dev server's or a test server's port) may be the redirect URI.
  provider.Client.prototype.redirectUriAllowed = (value: string) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.pathname === REDIRECT_PATH && url.search === '';
    } catch {
      return false;
    }
  };

  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([-\w]+)$/.exec(ctx.path);
    if (!match) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = page(details.uid);
      return;
    }
    if (ctx.method !== 'POST') return next();
    const form = await readForm(ctx.req);
    ctx.respond = false;
    if (form.get('decision') !== 'accept') {
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { error: 'access_denied', error_description: 'The user denied the consent.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const userId = (form.get('userId') ?? '').trim();
    if (!USER_ID.test(userId)) {
      ctx.respond = true;
      ctx.type = 'html';
      ctx.status = 400;
      ctx.body = page(details.uid, 'LINEユーザーIDは U で始まる英数字で入力してください。');
      return;
    }
    const grant = new provider.Grant({ accountId: userId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: userId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  });

  server.on('request', provider.callback());
  return {
    issuer,
    channelId,
    channelSecret,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
