import { timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HTTP_MESSAGES } from '../errors/error-messages';

export const METRICS_PATH = '/metrics';

export interface PoolStats {
  readonly used: number;
  readonly free: number;
  readonly pending: number;
  readonly max: number;
}

export interface MetricsOptions {
  /**
   * With a token, GET /metrics needs `Authorization: Bearer <token>` and is answered from any
   * address. Without one, it is answered only to a direct loopback caller (a Prometheus agent on
   * the same host); anything else gets 404, as if there were no such page.
   */
  readonly token?: string | undefined;
  /** The database connection pool, read at each scrape; null when there is no pool (PGlite). */
  readonly poolStats?: () => PoolStats | null;
}

/** Reads the tarn pool behind a knex instance without depending on knex here. */
export const knexPoolStats = (knex: unknown): PoolStats | null => {
  const pool = (knex as { client?: { pool?: Record<string, unknown> } })?.client?.pool as
    { numUsed(): number; numFree(): number; numPendingAcquires(): number; max: number } | undefined;
  if (!pool || typeof pool.numUsed !== 'function') return null;
  return { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires(), max: pool.max };
};

/**
 * The route a request went to, as a template (`/api/staffs/reservations/:id`), never the raw
 * path: raw paths carry ids and would give each reservation a time series of its own.
 */
const routeOf = (ctx: Context): string => {
  const matched = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === METRICS_PATH || ctx.path === '/api/openapi.json') return ctx.path;
  if (ctx.path === '/api/docs' || ctx.path.startsWith('/api/docs/')) return '/api/docs';
  if (ctx.path.startsWith('/api/')) return 'unmatched';
  return 'web';
};

const isLoopback = (address: string | undefined): boolean => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface HttpMetrics {
  readonly registry: Registry;
  /** First in the chain: times every request and answers GET /metrics. */
  readonly middleware: Middleware;
}

/** Prometheus metrics of one HTTP app, in a registry of its own (several apps can share a process in tests). */
export const createHttpMetrics = (options: MetricsOptions = {}): HttpMetrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests being handled now.', registers: [registry] });
  if (options.poolStats) {
    const read = options.poolStats;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (used, free, pending acquires, max).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = read();
        if (!stats) return;
        for (const state of ['used', 'free', 'pending', 'max'] as const) this.set({ state }, stats[state]);
      },
    });
  }

  const allowed = (ctx: Context): 'ok' | 'unauthorized' | 'hidden' => {
    if (options.token) {
      const header = ctx.get('Authorization');
      return header.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length), options.token) ? 'ok' : 'unauthorized';
    }
    // A request relayed by a proxy on this host comes from loopback too: it carries X-Forwarded-For.
    return isLoopback(ctx.req.socket.remoteAddress) && !ctx.get('X-Forwarded-For') ? 'ok' : 'hidden';
  };

  const middleware: Middleware = async (ctx, next) => {
    if (ctx.path === METRICS_PATH && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      const verdict = allowed(ctx);
      ctx.set('Cache-Control', 'no-store');
      if (verdict === 'unauthorized') {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        ctx.body = { error: { code: 'UNAUTHENTICATED', message: 'メトリクスの取得にはトークンが必要です。' } };
        return;
      }
      if (verdict === 'hidden') {
        ctx.status = 404;
        ctx.body = { error: { code: 'NOT_FOUND', message: HTTP_MESSAGES.NOT_FOUND } };
        return;
      }
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
      return;
    }
    inFlight.inc();
    const stop = duration.startTimer();
    let status = 500; // An exception that escapes here becomes a 500 in Koa itself.
    try {
      await next();
      status = ctx.status;
    } finally {
      inFlight.dec();
      stop({ method: ctx.method, route: routeOf(ctx), status_class: `${Math.floor(status / 100)}xx` });
    }
  };
  return { registry, middleware };
};
