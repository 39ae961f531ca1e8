import { bodyParser } from '@koa/bodyparser';
import type { AuditLogPort, SessionStorePort } from '@clinic/core';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { PrincipalCache, TwoFactorGate } from './middleware/auth';
import { refuseCrossSiteLogin, requireXhrHeader } from './middleware/csrf';
import { contentEncodingGuard, errorHandler } from './middleware/error-handler';
import { createHttpMetrics, type MetricsOptions } from './middleware/metrics';
import { requestContext, securityHeaders } from './middleware/request-context';
import { secureTransport, sessionMiddleware, type SessionSettings } from './middleware/session';
import { serveWebApp } from './middleware/web-app';
import type { ApiRouter, RegisteredRoute } from './routing/api-router';
import { buildOpenApiDocument } from './routing/openapi';
import { apiDocs } from './routers/api-docs.router';

export interface HttpAppOptions {
  readonly logger: Logger;
  readonly sessions: SessionStorePort;
  readonly session: SessionSettings;
  readonly routers: readonly ApiRouter[];
  /** Folder of the built web app, or null to serve the API only. */
  readonly webRoot: string | null;
  /** Trust X-Forwarded-* from a load balancer in front. */
  readonly trustProxy: boolean;
  /**
   * With `trustProxy`: how many proxies of ours append to X-Forwarded-For. The client address is
   * that many entries from the right (Koa's `maxIpsCount`); what the client wrote further left is
   * ignored. Default 1 (one load balancer).
   */
  readonly trustProxyHops?: number;
  /** The address people reach the site at (PUBLIC_URL): a login posted from there is never cross-site. */
  readonly publicUrl?: string;
  readonly version: string;
  /** GET /metrics (Prometheus): who may read it and what the database pool looks like. */
  readonly metrics?: MetricsOptions;
  /** The audit trail: staff access to members' data is recorded there (routing/access-audit.ts). */
  readonly audit?: AuditLogPort;
  /** Two-factor login: staff past their grace period without it reach only its setup (middleware/auth.ts). */
  readonly twoFactorGate?: TwoFactorGate;
  /** Keeps sessions' principals between requests (server: AccountCache). */
  readonly principalCache?: PrincipalCache;
}

export interface HttpApp {
  readonly koa: Koa;
  readonly routes: readonly RegisteredRoute[];
  readonly openApi: unknown;
  /** The route that answers `method path` (no query), as the routers are tried in turn; none for /api/docs, /health… */
  routeFor(method: string, path: string): RegisteredRoute | undefined;
  /** The Prometheus registry behind GET /metrics. */
  readonly metrics: Registry;
}

/** The Koa application: one chain for every audience, each router owning its routes and access rules. */
export const createHttpApp = (options: HttpAppOptions): HttpApp => {
  const koa = new Koa({ proxy: options.trustProxy, maxIpsCount: options.trustProxy ? (options.trustProxyHops ?? 1) : 0 });
  const routes = options.routers.flatMap((router) => router.routes);
  const openApi = buildOpenApiDocument(routes, options.version);
  const session = sessionMiddleware(koa, options.sessions, options.session);
  koa.silent = true;
  koa.on('error', (error: { code?: string }) => {
    // A browser closing an event stream or a download is not a fault of the server.
    if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE' || error?.code === 'ECONNRESET' || error?.code === 'EPIPE') return;
    options.logger.error({ err: error }, 'koa error');
  });

  const metrics = createHttpMetrics(options.metrics);
  koa.use(metrics.middleware);
  koa.use(requestContext(options.logger));
  // What the routes' guard and access records need, on every request's state (one middleware).
  const shared = { audit: options.audit, twoFactorGate: options.twoFactorGate, principalCache: options.principalCache };
  koa.use(async (ctx, next) => {
    Object.assign(ctx.state, shared);
    await next();
  });
  koa.use(errorHandler());
  koa.use(securityHeaders({ hsts: options.session.secure }));
  // LINE's webhook carries LINE's signature instead (routers/line-app.router.ts).
  koa.use(requireXhrHeader(['/api/login', '/api/line/webhook']));
  koa.use(refuseCrossSiteLogin(['/api/login'], options.publicUrl ? [options.publicUrl] : []));
  // Every way of logging in or linking an account: the password login and LINE's (issue 26).
  if (options.session.secure) koa.use(secureTransport(['/api/login', '/api/guests/line/login', '/api/guests/line/callback', '/api/users/line/link']));
  koa.use(apiDocs());
  koa.use(async (ctx, next) => (ctx.path.startsWith('/api') ? session(ctx, next) : next()));
  koa.use(contentEncodingGuard());
  // DELETE too: turning two-factor login off sends the current code in the body.
  koa.use(
    bodyParser({ enableTypes: ['json', 'form'], jsonLimit: '200kb', formLimit: '20kb', encoding: 'utf-8', parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] }),
  );
  koa.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/api/openapi.json') {
      ctx.body = openApi;
      return;
    }
    await next();
  });
  // A router is only asked about paths under its prefix (matched as @koa/router does, ignoring
  // case and a trailing slash): each router tests its routes' patterns in turn, and a request
  // passed through all of them (about 300 patterns) before reaching its own.
  for (const router of options.routers) {
    const prefix = router.prefix.toLowerCase();
    const under = (path: string) => {
      const lower = path.toLowerCase();
      return lower === prefix || lower.startsWith(`${prefix}/`);
    };
    const routes = router.middleware();
    const allowedMethods = router.allowedMethods();
    koa.use((ctx, next) => (under(ctx.path) ? routes(ctx, next) : next()));
    koa.use((ctx, next) => (under(ctx.path) ? allowedMethods(ctx, next) : next()));
  }
  if (options.webRoot) koa.use(serveWebApp(options.webRoot));
  const routeFor = (method: string, path: string): RegisteredRoute | undefined => {
    for (const router of options.routers) {
      const route = router.routeFor(method, path);
      if (route) return route;
    }
    return undefined;
  };
  return { koa, routes, openApi, routeFor, metrics: metrics.registry };
};
