import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/http-harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/health as the readiness check', () => {
  it('answers 503 with the specification message while the database does not answer, and 200 again after', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const raw = vi.spyOn(server.db.knex, 'raw').mockRejectedValue(refused);
    try {
      const down = await server.client().get('/api/health');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'サーバからの応答がありません。管理者にお問い合わせください。' } });
      expect(down.headers.get('cache-control')).toBe('no-store');
    } finally {
      raw.mockRestore();
    }
    const up = await server.client().get('/api/health');
    expect(up).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });

  it('counts the failed checks in the metrics as 5xx of the route', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="5xx"\} 1$/m);
  });
});
