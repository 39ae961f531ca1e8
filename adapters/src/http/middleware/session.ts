import type { SessionStorePort } from '@clinic/core';
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import { HttpDomainError } from '../errors/http-error';

export interface SessionSettings {
  /** Idle timeout: the session ends this long after the last request (renewed at half-life). */
  readonly idleMinutes: number;
  /** Absolute timeout: the session ends this long after login, however active. */
  readonly absoluteHours: number;
  /** Secure cookies: on when the server is reached over TLS. */
  readonly secure: boolean;
}

export const SESSION_COOKIE = 'clinic.sid';

/**
 * koa-session backed by the session store port: the cookie holds only a 256-bit random id, the
 * data stays in PostgreSQL, logout deletes the row (so a replayed cookie is worthless).
 */
export const sessionMiddleware = (app: Koa, store: SessionStorePort, settings: SessionSettings): Koa.Middleware => {
  const maxAge = settings.idleMinutes * 60_000;
  const absoluteMs = settings.absoluteHours * 3_600_000;
  return session(
    {
      key: SESSION_COOKIE,
      maxAge,
      renew: true,
      rolling: false,
      httpOnly: true,
      sameSite: 'lax',
      secure: settings.secure,
      signed: false,
      overwrite: true,
      genid: () => randomBytes(32).toString('base64url'),
      store: {
        get: async (key: string) => {
          const stored = await store.get(key);
          if (!stored) return undefined;
          if (Date.now() - stored.createdAt.getTime() > absoluteMs) {
            await store.destroy(key);
            return undefined;
          }
          return stored.data;
        },
        set: async (key: string, data: Record<string, unknown>, ttl: number) => {
          await store.set(key, data, new Date(Date.now() + (typeof ttl === 'number' ? ttl : maxAge)));
        },
        destroy: async (key: string) => {
          await store.destroy(key);
        },
      },
    },
    app,
  ) as unknown as Koa.Middleware;
};

/**
 * With SECURE_COOKIES=on, a request that reached the server over plain HTTP (no TLS, or behind a
 * proxy without TRUST_PROXY and X-Forwarded-Proto) cannot be given a Secure cookie: the login is
 * refused with 400 `HTTPS_REQUIRED`, and elsewhere a session cookie written on the way out carries
 * Secure regardless (a browser never sends it back over HTTP), instead of koa-session throwing.
 */
export const secureTransport =
  (loginPaths: readonly string[]): Koa.Middleware =>
  async (ctx, next) => {
    if (!ctx.secure && ctx.path.startsWith('/api')) {
      if (ctx.method === 'POST' && loginPaths.includes(ctx.path)) throw HttpDomainError.of('HTTPS_REQUIRED');
      (ctx.cookies as unknown as { secure: boolean }).secure = true;
    }
    await next();
  };
