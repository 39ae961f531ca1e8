import type { RegisteredRoute } from '@clinic/adapters/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/http-harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const name = (route: RegisteredRoute) => `${route.method.toUpperCase()} ${route.path}`;
const routes = () => server.app.http.routes;
/** The first 2xx answer that has a schema: the one a route's `examples.response` shows. */
const successSchema = (route: RegisteredRoute) =>
  Object.entries(route.spec.responses).find(([status, response]) => Number(status) < 300 && response.schema)?.[1].schema;
const problems = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`).join('; ');

describe('/api/docs', () => {
  it('serves the API reference page, in Japanese, whose every script and style comes from this server', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('APIリファレンス');
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThanOrEqual(4);
    for (const reference of references) expect(reference, reference).toMatch(/^\/(?!\/)/);
    // No inline script: the CSP (script-src 'self') would block it.
    for (const script of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(script[1]).toMatch(/src="/);
      expect(script[2]!.trim()).toBe('');
    }
    for (const reference of references) {
      const asset = await fetch(server.url + reference);
      expect(asset.status, reference).toBe(200);
    }
    // The 1.7 MB viewer is cached by the browser; the API's own answers never are.
    expect((await fetch(`${server.url}/api/docs/swagger-ui-bundle.js`)).headers.get('cache-control')).toBe('max-age=86400');
    expect((await fetch(`${server.url}/api/openapi.json`)).headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
  });

  it('starts the viewer on /api/openapi.json and sends the header state-changing calls need', async () => {
    const script = await (await fetch(`${server.url}/api/docs/docs.js`)).text();
    expect(script).toContain("url: '/api/openapi.json'");
    expect(script).toContain("'X-Requested-With'");
    expect(script).toContain('validatorUrl: null');
  });

  it('serves only the viewer files it lists, nothing else of node_modules', async () => {
    expect((await fetch(`${server.url}/api/docs/package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/docs/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/docs/index.html`)).status).toBe(404);
  });
});

describe('the route documentation', () => {
  it('gives every route a Japanese summary and description', () => {
    const missing = routes()
      .filter((route) => !JAPANESE.test(route.spec.summary) || !route.spec.description || !JAPANESE.test(route.spec.description))
      .map(name);
    expect(missing).toEqual([]);
  });

  it('gives every route that takes a body an example of it, valid against its schema', () => {
    const missing = routes()
      .filter((route) => route.spec.body && route.spec.examples?.body === undefined)
      .map(name);
    expect(missing).toEqual([]);
    const invalid = routes()
      .filter((route) => route.spec.body && route.spec.examples?.body !== undefined)
      .flatMap((route) => {
        const parsed = route.spec.body!.safeParse(route.spec.examples!.body);
        return parsed.success ? [] : [`${name(route)}: ${problems(parsed.error.issues)}`];
      });
    expect(invalid).toEqual([]);
  });

  it('gives every route that answers JSON an example answer, valid against its schema', () => {
    const missing = routes()
      .filter((route) => successSchema(route) && route.spec.examples?.response === undefined)
      .map(name);
    expect(missing).toEqual([]);
    const invalid = routes().flatMap((route) => {
      const schema = successSchema(route);
      if (!schema || route.spec.examples?.response === undefined) return [];
      const parsed = schema.safeParse(route.spec.examples.response);
      return parsed.success ? [] : [`${name(route)}: ${problems(parsed.error.issues)}`];
    });
    expect(invalid).toEqual([]);
  });

  it('checks the path and query examples against their schemas too', () => {
    const invalid = routes().flatMap((route) =>
      (['params', 'query'] as const).flatMap((where) => {
        const example = route.spec.examples?.[where];
        const schema = route.spec[where];
        if (example === undefined) return [];
        if (!schema) return [`${name(route)}: an example of ${where} but no schema`];
        const parsed = schema.safeParse(example);
        return parsed.success ? [] : [`${name(route)} ${where}: ${problems(parsed.error.issues)}`];
      }),
    );
    expect(invalid).toEqual([]);
    const examples = routes().filter((route) => route.spec.examples?.params || route.spec.examples?.query).length;
    expect(examples).toBeGreaterThan(0);
  });

  it('names the error codes behind every error status a route declares', async () => {
    const openApi = (await server.client().get('/api/openapi.json')).body;
    const uncovered = routes().flatMap((route) => {
      const codes: string[] = openApi.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method]['x-error-codes'];
      return (
        Object.keys(route.spec.responses)
          .filter((status) => Number(status) >= 400)
          // A status other than its code's usual one (the 422 of a reused Idempotency-Key) names the code in its description.
          .filter(
            (status) =>
              !codes.some((code) => errorStatus(code) === Number(status) || route.spec.responses[Number(status)]!.description.includes(`\`${code}\``)),
          )
          .map((status) => `${name(route)} ${status}`)
      );
    });
    expect(uncovered).toEqual([]);
  });
});

import { ERROR_STATUS } from '@clinic/adapters/http';
const errorStatus = (code: string) => (ERROR_STATUS as Record<string, number>)[code];

describe('the OpenAPI document', () => {
  it('carries the examples and one example per error code in the error shape of shared/API.md', async () => {
    const openApi = (await server.client().get('/api/openapi.json')).body;
    const create = openApi.paths['/api/admin/clinics'].post;
    expect(create.requestBody.content['application/json'].example).toMatchObject({ name: expect.any(String), openingHours: expect.any(Array) });
    expect(create.responses['201'].content['application/json'].example).toMatchObject({ id: expect.any(String) });
    expect(create.responses['409'].content['application/json'].examples.CLINIC_DUPLICATE.value).toEqual({
      error: { code: 'CLINIC_DUPLICATE', message: '同じ名前のクリニックがすでに登録されています。' },
    });
    expect(create.responses['403'].content['application/json'].examples).toHaveProperty('FORBIDDEN');
    expect(create.responses['400'].content['application/json'].examples.VALIDATION_FAILED.value.error).toMatchObject({
      message: '全ての項目に正しく値を入力してください。',
      fields: [expect.objectContaining({ path: expect.any(String), message: expect.any(String) })],
    });
    expect(create.responses['503'].content['application/json'].examples).toHaveProperty('SERVICE_UNAVAILABLE');
    const health = openApi.paths['/api/health'].get;
    expect(health['x-error-codes']).toEqual(['SERVICE_UNAVAILABLE']);
    const login = openApi.paths['/api/login'].post;
    expect(login['x-error-codes']).toEqual(expect.arrayContaining(['INVALID_CREDENTIALS', 'RATE_LIMITED']));
    expect(login['x-error-codes']).not.toContain('FORBIDDEN');
  });
});
