import fc from 'fast-check';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, type Answer, type TestClient, type TestServer } from '../support/http-harness';
import { clients, keepSessions, LOGINS, REQUESTS, server as worldServer, startRouteWorld, type Request } from '../support/route-world';
import { AUTHORIZATION_MATRIX, ROLES, rowKey, type MatrixRow, type Role } from './authorization-matrix';

/**
 * Input fuzzing of every route, as every column of the authorization matrix, from a valid request
 * (support/route-world.ts) mutated by fast-check: hostile strings (long, emoji, combining marks,
 * right-to-left, lone surrogates, NUL), huge, negative and fractional numbers, far dates, wrong
 * types, arrays for objects, missing and extra fields, deep nesting, malformed JSON, odd query
 * strings and path ids. The server must never answer 5xx, every 4xx must carry the error shape of
 * shared/API.md with a Japanese message, and valid free text in any script must be accepted.
 *
 * `npm test` runs FUZZ_RUNS (default 4) cases per route with a fixed seed; `npm run fuzz` runs
 * more (FUZZ_RUNS=200 by default there). FUZZ_SEED changes the seed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** Login and logout hash a password on every case: allow a second a case. */
const TIMEOUT = Math.max(30_000, RUNS * 1_000);

let server: TestServer;
beforeAll(async () => {
  server = await startRouteWorld();
}, 120_000);
afterAll(() => server?.close());

// Every route is called by logged-in columns: a session the previous route's cases ended on purpose
// is renewed, and the run says which (support/route-world.ts, keepSessions).
let previous = '';
afterEach((context) => {
  previous = context.task.name;
});
beforeEach(async () => {
  const renewed = await keepSessions();
  if (renewed.length > 0) console.warn(`sessions ended by the cases of ${previous}, logged in again: ${renewed.join(', ')}`);
});

// --- hostile values ---
const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });
const nestedArray = (depth: number): unknown => (depth === 0 ? [] : [nestedArray(depth - 1)]);

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '😀'.repeat(60),
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  '\ud800',
  'x\udfffy',
  'x'.repeat(10_001),
  '9999-12-31',
  '0001-01-01',
  '0000-01-01',
  '2026-02-30',
  '+275760-09-13',
  '9999-12-31T23:59:59+09:00',
  '0001-01-01T00:00:00+09:00',
  '0000-01-01T00:00:00Z',
  '2026-12-01T10:15:00+99:99',
  '24:00',
  '99:99',
  '-1',
  '0',
  '1.5',
  '1e308',
  '999999999999999999',
  '9223372036854775808',
  '18446744073709551616',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'ＡＢＣ１２３',
  '１２３',
  '\t\r\n',
  '%00',
  'null',
  'true',
];
const HOSTILE_NUMBERS = [-1, 0, 0.5, -0.0001, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 1e21, 9_999_999_999];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom<unknown>([], ['1', '2'], {}, { id: '1' }, nested(300), nestedArray(300)),
  fc.array(hostileString, { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

/** A path id or date that is not a real record: never a small positive number, which could name one. */
const hostilePathSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    'abc',
    '999999999999999999',
    '9999999999999999999',
    '1e3',
    '😀',
    'e\u0301',
    '\u202E1',
    '%00',
    '9999-12-31',
    '0001-01-01',
    '0000-00-00',
    ' 1',
    'x'.repeat(300),
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
);

// --- mutations of a valid request ---
type Mutation =
  | { readonly kind: 'field'; readonly path: readonly string[]; readonly value: unknown }
  | { readonly kind: 'drop'; readonly path: readonly string[] }
  | { readonly kind: 'extra'; readonly key: string; readonly value: unknown }
  | { readonly kind: 'body'; readonly value: unknown }
  | { readonly kind: 'raw'; readonly text: string; readonly contentType: string }
  | { readonly kind: 'query'; readonly name: string; readonly value: string | null | readonly string[] }
  | { readonly kind: 'segment'; readonly index: number; readonly value: string }
  | { readonly kind: 'encoding'; readonly encoding: string; readonly payload: 'plain' | 'gzip' | 'truncated-gzip' | 'deflate' }
  | { readonly kind: 'foreign'; readonly path: readonly string[]; readonly value: string };

/** Content-Encoding headers a client may send, supported or not (issue 16, item 7). */
const ENCODINGS = ['gzip', 'deflate', 'br', 'compress', 'x-unknown', 'gzip, br', 'GZIP', 'identity', ' gzip '];
/** Ids of the right form that name no record: a staff booking's member or menu (foreign keys, issue 16, item 7). */
const NO_SUCH_IDS = ['999999', '900000001', '123456789012345678'];
/** Key paths that hold an id: `userId`, `menuId`, `menuIds.0`, `tasks.0.staffId`, … */
const idPaths = (value: unknown): string[][] =>
  keyPaths(value).filter((path) => {
    const last = path[path.length - 1]!;
    const parent = path[path.length - 2];
    return /Id$/.test(last) || (parent !== undefined && /Ids$/.test(parent) && /^\d+$/.test(last));
  });

const DROP = Symbol('drop');

/** Key paths of a JSON body, depth-first (objects and arrays), the body itself excluded. */
const keyPaths = (value: unknown, prefix: string[] = []): string[][] => {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [[...prefix, key], ...keyPaths(inner, [...prefix, key])]);
};

const withValue = (value: unknown, path: readonly string[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    if (rest.length === 0 && replacement === DROP) copy.splice(Number(head), 1);
    else copy[Number(head)] = withValue(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as object) };
  if (rest.length === 0 && replacement === DROP) delete copy[head!];
  else copy[head!] = withValue(copy[head!], rest, replacement);
  return copy;
};

const mutationsOf = (method: string, template: string, request: Request): fc.Arbitrary<Mutation> => {
  const options: fc.Arbitrary<Mutation>[] = [];
  const [, query = ''] = request.path.split('?');
  const segments = template.split('/');
  const paramIndexes = segments.flatMap((segment, index) => (segment.startsWith(':') ? [index] : []));
  if (request.json !== undefined) {
    const paths = keyPaths(request.json);
    if (paths.length > 0) {
      const path = fc.constantFrom(...paths);
      options.push(fc.record({ kind: fc.constant('field' as const), path, value: hostileValue }));
      options.push(fc.record({ kind: fc.constant('drop' as const), path }));
    }
    options.push(
      fc.record({
        kind: fc.constant('extra' as const),
        key: fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'clinicId', 'userId', 'x'.repeat(300), '😀'),
        value: hostileValue,
      }),
    );
    options.push(
      fc.record({
        kind: fc.constant('body' as const),
        value: fc.oneof(
          fc.constantFrom<unknown>(null, [], '', 0, true, nested(1_000), nestedArray(1_000), [request.json], {
            ...(request.json as object),
            ...(request.json as object),
          }),
          hostileValue,
        ),
      }),
    );
    const ids = idPaths(request.json);
    if (ids.length > 0)
      options.push(fc.record({ kind: fc.constant('foreign' as const), path: fc.constantFrom(...ids), value: fc.constantFrom(...NO_SUCH_IDS) }));
    options.push(
      fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constantFrom(
          '{',
          '{"a":',
          '[1,2',
          'null',
          '"text"',
          '{"a":1}{"b":2}',
          '\u0000',
          '{"clinicId": 1e999}',
          '{"\\ud800": "\\ud800"}',
          JSON.stringify(request.json).slice(0, -1),
        ),
        contentType: fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
        ),
      }),
    );
  } else if (method !== 'GET') {
    options.push(fc.record({ kind: fc.constant('body' as const), value: hostileValue }));
  }
  if (method !== 'GET' && (request.json !== undefined || request.form)) {
    options.push(
      fc.record({
        kind: fc.constant('encoding' as const),
        encoding: fc.constantFrom(...ENCODINGS),
        payload: fc.constantFrom('plain' as const, 'gzip' as const, 'truncated-gzip' as const, 'deflate' as const),
      }),
    );
  }
  if (request.form) {
    const names = Object.keys(request.form);
    options.push(fc.record({ kind: fc.constant('field' as const), path: fc.constantFrom(...names.map((name) => [name])), value: hostileString }));
  }
  const names = [...new URLSearchParams(query).keys()];
  options.push(
    fc.record({
      kind: fc.constant('query' as const),
      name:
        names.length > 0
          ? fc.oneof(fc.constantFrom(...names), fc.constantFrom('page', 'format', '__proto__'))
          : fc.constantFrom('clinicId', 'page', '__proto__'),
      value: fc.oneof(hostileString, fc.constant(null), fc.array(hostileString, { minLength: 2, maxLength: 3 })),
    }),
  );
  if (paramIndexes.length > 0) {
    options.push(fc.record({ kind: fc.constant('segment' as const), index: fc.constantFrom(...paramIndexes), value: hostilePathSegment }));
  }
  return fc.oneof(...options);
};

interface Sent {
  readonly path: string;
  readonly body?: string | Uint8Array<ArrayBuffer>;
  readonly contentType?: string;
  readonly contentEncoding?: string;
}

/** The body's bytes as the mutation says: as is, gzip, gzip cut short, or deflate. */
const encoded = (text: string, payload: Extract<Mutation, { kind: 'encoding' }>['payload']): Uint8Array<ArrayBuffer> => {
  const bytes = Buffer.from(text);
  const out =
    payload === 'gzip' ? gzipSync(bytes) : payload === 'truncated-gzip' ? gzipSync(bytes).subarray(0, 12) : payload === 'deflate' ? deflateSync(bytes) : bytes;
  return new Uint8Array(out);
};

const apply = (request: Request, mutation: Mutation): Sent => {
  const [pathname = '', query = ''] = request.path.split('?');
  let path = request.path;
  let json: unknown = request.json;
  let form = request.form;
  switch (mutation.kind) {
    case 'field':
      if (form) form = { ...form, [mutation.path[0]!]: String(mutation.value) };
      else json = withValue(json, mutation.path, mutation.value);
      break;
    case 'drop':
      json = withValue(json, mutation.path, DROP);
      break;
    case 'extra':
      json = { ...(json as object), [mutation.key]: mutation.value };
      break;
    case 'body':
      json = mutation.value;
      break;
    case 'raw':
      return { path, body: mutation.text, contentType: mutation.contentType };
    case 'foreign':
      json = withValue(json, mutation.path, mutation.value);
      break;
    case 'encoding': {
      const plain = form
        ? { text: new URLSearchParams(form).toString(), type: 'application/x-www-form-urlencoded' }
        : { text: JSON.stringify(json), type: 'application/json' };
      return { path, body: encoded(plain.text, mutation.payload), contentType: plain.type, contentEncoding: mutation.encoding };
    }
    case 'query': {
      const params = new URLSearchParams(query);
      params.delete(mutation.name);
      if (typeof mutation.value === 'string') params.set(mutation.name, mutation.value);
      else if (mutation.value) for (const value of mutation.value) params.append(mutation.name, value);
      path = `${pathname}?${params}`;
      break;
    }
    case 'segment': {
      const parts = pathname.split('/');
      parts[mutation.index] = encodeURIComponent(mutation.value);
      path = `${parts.join('/')}${query ? `?${query}` : ''}`;
      break;
    }
  }
  if (form) return { path, body: new URLSearchParams(form).toString(), contentType: 'application/x-www-form-urlencoded' };
  if (json === undefined) return { path };
  return { path, body: JSON.stringify(json), contentType: 'application/json' };
};

// --- sending, as a browser of the column ---

const browserOf = async (role: Role, request: Request): Promise<TestClient> => {
  if (!request.ownBrowser) return clients[role];
  const client = worldServer.client();
  const username = LOGINS[role];
  if (username) await client.login(username, PASSWORD);
  return client;
};

const sendRaw = async (client: TestClient, method: string, sent: Sent): Promise<{ status: number; body: Answer['body']; contentType: string }> => {
  const headers: Record<string, string> = {};
  if (method !== 'GET' && !sent.path.startsWith('/api/login')) headers['X-Requested-With'] = 'XMLHttpRequest';
  if (sent.contentType) headers['Content-Type'] = sent.contentType;
  if (sent.contentEncoding) headers['Content-Encoding'] = sent.contentEncoding;
  if (client.cookies.size > 0) headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const controller = new AbortController();
  const response = await fetch(server.url + sent.path, { method, headers, body: sent.body, redirect: 'manual', signal: controller.signal });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('text/event-stream')) {
    controller.abort();
    return { status: response.status, body: null, contentType };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, contentType };
};

/** No 5xx; a 4xx in the error shape of shared/API.md, with a Japanese message. */
const checkAnswer = (answer: Pick<Answer, 'status' | 'body'>, what: string): void => {
  expect(answer.status, `${what} → ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status < 400) return;
  const error = answer.body?.error;
  expect(error, `${what}: error body`).toEqual(expect.objectContaining({ code: expect.stringMatching(/^[A-Z_]+$/), message: expect.stringMatching(JAPANESE) }));
  expect(Object.keys(answer.body), `${what}: nothing beside error`).toEqual(['error']);
  if (error.fields !== undefined) {
    expect(Array.isArray(error.fields), `${what}: fields`).toBe(true);
    for (const field of error.fields) {
      expect(field, `${what}: field`).toEqual(expect.objectContaining({ path: expect.any(String), message: expect.stringMatching(JAPANESE) }));
    }
  }
  if (error.code === 'VALIDATION_FAILED' && answer.status === 400) expect(error.message).toBe('全ての項目に正しく値を入力してください。');
};

/** The column that may call the route, to build the valid request from (a token only the guest holds). */
const builderRole = (entry: MatrixRow): Role =>
  (['guest', 'admin', 'staffX', 'memberA', 'anonymous'] as const).find((role) => entry.expected[role] === 'ok') ?? 'admin';

const templateOf = (entry: MatrixRow) => entry.route.split(' ')[1]!;

describe('input fuzzing (no 5xx, error shape, Japanese messages)', () => {
  it.each(AUTHORIZATION_MATRIX.map((entry) => [rowKey(entry), entry] as const))(
    '%s',
    async (key, entry) => {
      const method = entry.route.split(' ')[0]!;
      const build = REQUESTS[key];
      if (!build) throw new Error(`no request for ${key} in support/route-world.ts`);
      const base = await build(builderRole(entry));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ROLES), mutationsOf(method, templateOf(entry), base), async (role, mutation) => {
          const sent = apply(base, mutation);
          const answer = await sendRaw(await browserOf(role, base), method, sent);
          checkAnswer(answer, `${method} ${sent.path.slice(0, 200)} as ${role} with ${JSON.stringify(mutation).slice(0, 300)}`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    },
    TIMEOUT,
  );
});

// --- valid free text in any script is accepted and kept ---
/** Free-text fields (no pattern, no format) and the route that writes them; every run builds a fresh valid request. */
const FREE_TEXT: ReadonlyArray<readonly [route: string, path: readonly string[], max: number]> = [
  ['POST /api/admin/rooms', ['name'], 50],
  ['PUT /api/admin/rooms/:id', ['name'], 50],
  ['POST /api/admin/machines', ['name'], 50],
  ['POST /api/admin/menu-categories', ['name'], 50],
  ['PUT /api/admin/menu-categories/:id', ['name'], 50],
  ['POST /api/admin/menus', ['name'], 50],
  ['POST /api/admin/clinics', ['name'], 100],
  ['POST /api/admin/clinics/:id/holidays', ['name'], 50],
  ['POST /api/admin/tags', ['name'], 50],
  ['POST /api/admin/check-conditions', ['name'], 100],
  ['POST /api/admin/announcements', ['title'], 100],
  ['POST /api/admin/announcements', ['body'], 5000],
  ['POST /api/staffs/calendar-memo', ['content'], 2000],
  ['PUT /api/staffs/calendar-memo/:id', ['content'], 2000],
  ['POST /api/staffs/blocks', ['reason'], 200],
  ['POST /api/staffs/users', ['name'], 50],
  ['POST /api/staffs/users', ['kana'], 50],
  ['PUT /api/staffs/reservations/:id', ['memo'], 2000],
  ['PUT /api/staffs/check-items/:id', ['note'], 500],
  ['POST /api/admin/staffs', ['name'], 100],
  ['POST /api/page-views', ['campaign'], 200],
];

const INTERESTING_TEXT = [
  '山田 花子',
  'やまだ はなこ',
  'ヤマダ ハナコ',
  'ｶﾞｲｺｸｼﾞﾝ',
  '😀 予約',
  'e\u0301cole',
  'שלום',
  'مرحبا',
  '𠮷野家',
  '髙橋',
  'Ⅻ ㈱ ①',
  "O'Brien",
  '"quoted"',
  '\\backslash',
  'tab\there',
];

let unique = 0;
describe('valid free text in any script', () => {
  it.each(FREE_TEXT.map(([route, path, max]) => [`${route} ${path.join('.')}`, route, path, max] as const))(
    '%s is accepted',
    async (_name, route, path, max) => {
      const entry = AUTHORIZATION_MATRIX.find((row) => rowKey(row) === route)!;
      const method = route.split(' ')[0]!;
      const text = fc
        .oneof(fc.constantFrom(...INTERESTING_TEXT), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }))
        .filter((value) => value.trim().length > 0 && !value.includes('\u0000'));
      // A change (PUT) is made to one record again and again; a creation needs a fresh request each time.
      const shared = method === 'PUT' ? await REQUESTS[route]!('admin') : null;
      await fc.assert(
        fc.asyncProperty(text, async (value) => {
          const request = shared ?? (await REQUESTS[route]!('admin'));
          const suffix = ` ${++unique}`;
          const written = `${[...value].slice(0, max - suffix.length).join('')}${suffix}`;
          const sent = apply(request, { kind: 'field', path, value: written });
          const answer = await sendRaw(clients[builderRole(entry) === 'guest' ? 'guest' : 'admin'], method, sent);
          expect(answer.status, `${route} ${JSON.stringify(written)} → ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBeLessThan(300);
          const stored = answer.body?.[path[0]!];
          if (typeof stored === 'string') expect(stored).toBe(written.trim());
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    },
    TIMEOUT,
  );
});
