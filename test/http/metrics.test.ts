import { ConfigError, loadConfig } from '@clinic/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/http-harness';

/** One sample line of the Prometheus text format, e.g. `name{a="b"} 3`. */
const sample = (text: string, name: string, labels: Record<string, string>): number | undefined => {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries([...inside.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
};

describe('GET /metrics without METRICS_TOKEN: loopback only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a loopback caller in the Prometheus text format', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE http_requests_in_flight gauge');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('labels request durations with the route template and the status class, never the raw path', async () => {
    const client = server.client();
    await client.get('/api/health');
    await client.get('/api/health');
    await client.get('/api/admin/clinics/424242');
    await client.get('/api/no-such-route/99');
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_class: '2xx' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/admin/clinics/:id', status_class: '4xx' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(text).not.toContain('424242');
    expect(text).not.toContain('no-such-route');
    // The scrape itself is not in flight while it is being answered.
    expect(text).toMatch(/^http_requests_in_flight 0$/m);
  });

  it('reports the database pool when there is one', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    if (server.db.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
      expect(sample(text, 'db_pool_connections', { state: 'used' })).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).toContain('# TYPE db_pool_connections gauge');
    }
  });

  it('hides itself from a request relayed by a proxy', async () => {
    const answer = await server.client({ ip: '203.0.113.7' }).get('/metrics');
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('NOT_FOUND');
  });

  it('is not part of the API: it has no session cookie and is not in the OpenAPI document', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.headers.getSetCookie()).toEqual([]);
    const openApi = (await server.client().get('/api/openapi.json')).body;
    expect(Object.keys(openApi.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token });
  });
  afterAll(() => server.close());

  it('refuses a caller without the bearer token, even from loopback', async () => {
    const none = await server.client().get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(none.body.error).toEqual({ code: 'UNAUTHENTICATED', message: expect.stringMatching(/トークン/) });
    const wrong = await server.client().request('GET', '/metrics', { headers: { Authorization: `Bearer ${token.slice(0, -1)}x` } });
    expect(wrong.status).toBe(401);
  });

  it('answers the right token from any address', async () => {
    const answer = await server.client({ ip: '203.0.113.7' }).request('GET', '/metrics', { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('http_request_duration_seconds');
  });
});

describe('METRICS_TOKEN', () => {
  it('must be long enough to be a secret', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});
