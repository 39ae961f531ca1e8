import type { Middleware } from 'koa';
import { HttpDomainError } from '../errors/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing API call but the login form must carry `X-Requested-With: XMLHttpRequest`.
 * A cross-site form cannot set that header, and a cross-site script cannot send it without a
 * CORS preflight that this server never grants.
 */
export const requireXhrHeader = (exempt: readonly string[]): Middleware => async (ctx, next) => {
  if (ctx.path.startsWith('/api') && !SAFE_METHODS.has(ctx.method) && !exempt.includes(ctx.path)) {
    if (ctx.get('X-Requested-With') !== 'XMLHttpRequest') throw HttpDomainError.of('FORBIDDEN');
  }
  await next();
};
