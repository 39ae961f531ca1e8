import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/http-harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('API basics', () => {
  it('reports health with the database', async () => {
    const answer = await server.client().get('/api/health');
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });

  it('gives every request an id and echoes a sane one from the caller', async () => {
    const own = await server.client().request('GET', '/api/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(own.headers.get('x-request-id')).toBe('abc-123');
    const generated = await server.client().request('GET', '/api/health', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes and methods in the error shape', async () => {
    const missing = await server.client().get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    const method = await server.client().request('DELETE', '/api/login');
    expect(method.status).toBe(405);
    expect(method.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers malformed JSON with 400 VALIDATION_FAILED, never 500', async () => {
    const response = await fetch(`${server.url}/api/page-views`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: '{"path": ',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers an oversized body with 413 in the error shape', async () => {
    const answer = await server.client().post('/api/page-views', { path: '/', audience: 'guest', referrer: 'x'.repeat(300_000) });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('stores page views first-party', async () => {
    const answer = await server.client().post('/api/page-views', { path: '/guest/reserve/', audience: 'guest', campaign: 'spring' });
    expect(answer.status).toBe(204);
    expect(await server.db.knex('page_views').select('path', 'audience', 'campaign')).toEqual([
      { path: '/guest/reserve/', audience: 'guest', campaign: 'spring' },
    ]);
  });

  it('serves the OpenAPI document of every route, with access levels', async () => {
    const answer = await server.client().get('/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.0.3');
    expect(Object.keys(answer.body.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/logout', '/api/staffs/profile', '/api/users/profile', '/api/admin/clinics', '/api/admin/clinics/{id}']),
    );
    // A new clinic is chain-wide: the head-office ADMIN only (docs/decisions.md, issue 16).
    expect(answer.body.paths['/api/admin/clinics'].post['x-access']).toBe('headOffice');
    expect(answer.body.paths['/api/admin/clinics/{id}/two-factor'].put['x-access']).toBe('admin');
    expect(answer.body.paths['/api/login'].post.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
  });

  it('sends security headers and no caching of API answers', async () => {
    const answer = await server.client().get('/api/health');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
