import type { Middleware } from 'koa';
import { HttpDomainError } from '../errors/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing API call but the login form must carry `X-Requested-With: XMLHttpRequest`.
 * A cross-site form cannot set that header, and a cross-site script cannot send it without a
 * CORS preflight that this server never grants.
 */
export const requireXhrHeader =
  (exempt: readonly string[]): Middleware =>
  async (ctx, next) => {
    if (ctx.path.startsWith('/api') && !SAFE_METHODS.has(ctx.method) && !exempt.includes(ctx.path)) {
      if (ctx.get('X-Requested-With') !== 'XMLHttpRequest') throw HttpDomainError.of('FORBIDDEN');
    }
    await next();
  };

/**
 * Login CSRF: a cross-site page must not log the visitor's browser into an account of the
 * attacker's choosing (the form is exempt from the XHR header so that it works without script).
 * A request that says it comes from another site (`Sec-Fetch-Site: cross-site`) or whose `Origin`
 * names another host is refused with 403 `CROSS_SITE_REQUEST`. Same-origin requests and clients
 * that send neither header (curl, server-to-server) go through.
 */
export const refuseCrossSiteLogin = (paths: readonly string[], publicUrls: readonly string[] = []): Middleware => {
  // The site's own address counts even when a proxy in front rewrites the Host header.
  const known = publicUrls.map(originHost).filter((host): host is string => host !== null);
  return async (ctx, next) => {
    if (ctx.method === 'POST' && paths.includes(ctx.path)) {
      if (ctx.get('Sec-Fetch-Site').toLowerCase() === 'cross-site') throw HttpDomainError.of('CROSS_SITE_REQUEST');
      const origin = ctx.get('Origin');
      if (origin !== '') {
        const host = originHost(origin);
        if (host === null || (host !== ctx.host.toLowerCase() && !known.includes(host))) throw HttpDomainError.of('CROSS_SITE_REQUEST');
      }
    }
    await next();
  };
};

/** The host (and port) an Origin header names; null for `null` or anything unreadable. */
const originHost = (origin: string): string | null => {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
};
