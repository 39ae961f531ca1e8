import type { SessionStorePort } from '@clinic/core';
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';

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
