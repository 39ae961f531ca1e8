import type { Middleware } from 'koa';
import send from 'koa-send';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET that accepts HTML
 * answered with index.html so that the browser router handles deep links (history fallback).
 */
export const serveWebApp =
  (root: string): Middleware =>
  async (ctx, next) => {
    if (ctx.path.startsWith('/api') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root, immutable: true, maxage: 365 * 24 * 3600 * 1000 });
      } catch {
        ctx.status = 404;
      }
      return;
    }
    if (ctx.path !== '/' && /\.[a-z0-9]{2,5}$/i.test(ctx.path)) {
      try {
        await send(ctx, ctx.path, { root, maxage: 3600 * 1000 });
        return;
      } catch {
        ctx.status = 404;
        return;
      }
    }
    if (!ctx.accepts('html')) return next();
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
  };
