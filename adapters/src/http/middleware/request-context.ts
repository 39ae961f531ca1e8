import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';

/** What an authenticated session carries. Roles are re-read from the database on every request. */
export type Principal = { readonly type: 'staff'; readonly id: string } | { readonly type: 'user'; readonly id: string };

export interface AppState {
  requestId: string;
  log: Logger;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives each request an id (kept from X-Request-Id when sane), a child logger, and one access log line. */
export const requestContext =
  (logger: Logger): Middleware<AppState> =>
  async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api')) {
        ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
      }
    }
  };

/**
 * The client's address, the one every limiter (login, password reset, guest bookings) and the audit
 * log use. Without TRUST_PROXY it is the connection's peer; with it, Koa counts
 * TRUST_PROXY_HOPS entries from the right of X-Forwarded-For (app.ts sets `maxIpsCount`), so an
 * address the client wrote into the header itself is never taken.
 */
export const clientAddress = (ctx: Pick<Context, 'ip'>): string => ctx.ip;

/** One year: browsers reach the site only over HTTPS once they have seen it (SECURE_COOKIES=on). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Baseline security headers for every answer; HSTS when the site is served over TLS. */
export const securityHeaders =
  (options: { hsts?: boolean } = {}): Middleware =>
  async (ctx, next) => {
    try {
      await next();
    } finally {
      // In `finally`: an error answer (rendered by errorHandler, outside this middleware) carries the
      // same headers as any other, and is never cached (issue 16, item 9).
      setSecurityHeaders(ctx, options.hsts ?? false);
    }
  };

const setSecurityHeaders = (ctx: Parameters<Middleware>[0], hsts: boolean): void => {
  if (hsts) ctx.set('Strict-Transport-Security', HSTS);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  );
  // API answers are never cached; the API reference viewer's static files say for themselves.
  if ((ctx.path.startsWith('/api') && !ctx.response.get('Cache-Control')) || ctx.status >= 400) ctx.set('Cache-Control', 'no-store');
};
