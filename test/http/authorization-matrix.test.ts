import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS, outcomeOf, send, snapshot, startRouteWorld, type Request } from '../support/route-world';
import type { TestServer } from '../support/http-harness';
import { AUTHORIZATION_MATRIX, ROLES, rowKey, type Outcome, type Role } from './authorization-matrix';

/**
 * Walks every route the running application registers and checks each cell of the authorization
 * matrix (authorization-matrix.ts) against the real server: each request is built with valid
 * ids and a valid body for the case (support/route-world.ts), so that the answer depends on who
 * asks, not on validation. The refused calls of a write run between two readings of the whole
 * database: nothing may have changed.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startRouteWorld();
}, 120_000);
afterAll(() => server?.close());

describe('the authorization matrix', () => {
  it('lists every registered route, and only those', () => {
    const registered = new Set(server.app.http.routes.map((route) => `${route.method.toUpperCase()} ${route.path}`));
    const listed = new Set(AUTHORIZATION_MATRIX.map((entry) => entry.route));
    expect([...registered].filter((route) => !listed.has(route)).sort(), 'routes missing from authorization-matrix.ts').toEqual([]);
    expect([...listed].filter((route) => !registered.has(route)).sort(), 'rows naming routes that no longer exist').toEqual([]);
    const keys = AUTHORIZATION_MATRIX.map(rowKey);
    expect(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      'duplicate rows',
    ).toEqual([]);
    expect(keys.filter((key) => !REQUESTS[key]).sort(), 'rows without a request in the test').toEqual([]);
  });

  it.each(AUTHORIZATION_MATRIX.map((entry) => [rowKey(entry), entry] as const))('%s', async (key, entry) => {
    const method = entry.route.split(' ')[0]!;
    const build = REQUESTS[key];
    if (!build) throw new Error(`no request for ${key}`);
    const differences: string[] = [];
    // Every request is prepared first (fresh records, tokens), then the refusals run between two
    // readings of the whole database, then the calls that are allowed. The refused columns share
    // one request (a refusal uses nothing up); each allowed column gets its own.
    const refused = ROLES.filter((role) => entry.expected[role] !== 'ok');
    const allowed = ROLES.filter((role) => entry.expected[role] === 'ok');
    const requests = new Map<Role, Request>();
    const shared = refused.length > 0 ? await build(refused[0]!) : null;
    for (const role of refused) requests.set(role, shared!);
    for (const role of allowed) requests.set(role, await build(role));
    const checkWrites = method !== 'GET' && refused.length > 0;
    const before = checkWrites ? await snapshot() : null;
    for (const role of [...refused, ...allowed]) {
      if (before && role === allowed[0]) {
        const after = await snapshot();
        const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
        if (changed.length > 0) differences.push(`refused calls (${refused.join(', ')}) changed ${changed.join(', ')}`);
      }
      const expected: Outcome = entry.expected[role];
      const answer = await send(method, role, requests.get(role)!);
      const status = typeof answer === 'number' ? answer : answer.status;
      const actual = outcomeOf(status);
      if (actual !== expected) {
        const body = typeof answer === 'number' ? '' : ` ${JSON.stringify(answer.body).slice(0, 200)}`;
        differences.push(`${role}: expected ${expected}, got ${status}${body}`);
        continue;
      }
      if (typeof answer !== 'number' && status >= 400) {
        // Refusals carry the error shape with a Japanese message.
        expect(answer.body?.error?.code, `${key} ${role}`).toEqual(expect.any(String));
        expect(answer.body?.error?.message, `${key} ${role}`).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      }
    }
    if (before && allowed.length === 0) {
      const after = await snapshot();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (changed.length > 0) differences.push(`refused calls changed ${changed.join(', ')}`);
    }
    expect(differences).toEqual([]);
  });
});
