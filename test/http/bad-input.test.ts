import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAll, startTestServer, type SignedIn, type TestServer } from '../support/http-harness';

/**
 * Issue 16, items 7 and 9: input that used to crash the server is answered 4xx with a Japanese
 * message, and every error answer carries the security headers and `Cache-Control: no-store`.
 */

let server: TestServer;
let s: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  s = await signInAll(server);
});
afterAll(() => server.close());

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const cookieOf = (client: SignedIn['admin']) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A raw POST with the given body bytes and Content-Encoding, as the staff ADMIN. */
const postEncoded = async (path: string, body: Uint8Array | string, encoding: string, contentType = 'application/json') => {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'Content-Encoding': encoding, 'X-Requested-With': 'XMLHttpRequest', Cookie: cookieOf(s.admin) },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
};

describe('Content-Encoding', () => {
  const memo = () => JSON.stringify({ clinicId: s.people.clinicX.id, date: '2027-03-01', content: '院内研修' });

  it('answers 400 with a Japanese message to a body that says gzip and is not', async () => {
    const answer = await postEncoded('/api/staffs/calendar-memo', memo(), 'gzip');
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.message).toMatch(JAPANESE);
  });

  it('answers 400 to a truncated gzip body and to deflate that is not deflate', async () => {
    const truncated = gzipSync(Buffer.from(memo())).subarray(0, 12);
    for (const [body, encoding] of [
      [truncated, 'gzip'],
      [memo(), 'deflate'],
    ] as const) {
      const answer = await postEncoded('/api/staffs/calendar-memo', body, encoding);
      expect(answer.status, encoding).toBe(400);
      expect(answer.body.error.message).toMatch(JAPANESE);
    }
  });

  it('answers 415 with a Japanese message to an encoding the server does not take', async () => {
    for (const encoding of ['br', 'compress', 'x-unknown', 'gzip, br']) {
      const answer = await postEncoded('/api/staffs/calendar-memo', memo(), encoding);
      expect(answer.status, encoding).toBe(415);
      expect(answer.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(answer.body.error.message).toMatch(JAPANESE);
    }
  });

  it('still reads a real gzip body', async () => {
    const answer = await postEncoded('/api/staffs/calendar-memo', gzipSync(Buffer.from(memo())), 'gzip');
    expect(answer.status).toBe(201);
  });

  it('answers 400 to a login form that says gzip and is not', async () => {
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Encoding': 'gzip' },
      body: 'username=staffA0001&password=x',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(JAPANESE);
  });
});

describe('error answers', () => {
  it('carry the security headers and Cache-Control: no-store, like any other answer', async () => {
    const cases = [
      await s.anonymous.get('/api/staffs/profile'), // 401
      await s.staffX.post('/api/admin/tags', { name: 'タグ' }), // 403
      await s.admin.get('/api/admin/staffs/999999'), // 404
      await s.admin.get('/api/nothing-here'), // 404 NOT_FOUND
      await s.admin.post('/api/admin/tags', { name: '' }), // 400
      await postEncoded('/api/staffs/calendar-memo', 'x', 'gzip'), // 400 from the body parser
    ];
    for (const answer of cases) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get('cache-control'), String(answer.status)).toBe('no-store');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});
