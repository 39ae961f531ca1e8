import 'reflect-metadata';
import type { Database } from '@clinic/adapters/persistence';
import { ACCOUNTS, CLINICS, composeApplication, createLogger, loadConfig, type Application, type CompositionOverrides } from '@clinic/server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { closeTestDatabase, primaryTarget, truncateAll, type DatabaseTarget } from './databases';
import { aClinic, aMember, aStaff } from './mothers';
import { ResponseContract } from './response-contract';

export interface TestServer {
  readonly url: string;
  readonly app: Application;
  readonly db: Database;
  /**
   * A client with its own cookie jar, like one browser. Every answer it gets is checked against
   * the route's declared answers in the OpenAPI document (`ResponseContract`): drift fails the test.
   */
  client(options?: { ip?: string }): TestClient;
  /** Empties the database between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Guest-booking guard thresholds for the test files that do not test the guard: they book as
 * guests many times from one address. test/http/guest-guard.test.ts runs with the defaults.
 */
export const GENEROUS_GUEST_LIMITS: Record<string, string> = {
  GUEST_FREE_PER_ADDRESS_HOUR: '1000000',
  GUEST_MAX_PER_ADDRESS_HOUR: '1000000',
  GUEST_MAX_PER_PHONE_DAY: '1000000',
  GUEST_MAX_PER_EMAIL_DAY: '1000000',
  WAITLIST_MAX_OPEN_PER_PERSON: '1000000',
  WAITLIST_MAX_OPEN_PER_ADDRESS: '1000000',
};

/**
 * The real application (composition root, Koa, sessions, PostgreSQL or PGlite) on a random
 * loopback port, with its own database or schema for this test file.
 */
export const startTestServer = async (
  env: Record<string, string> = {},
  overrides: CompositionOverrides = {},
  target: DatabaseTarget = primaryTarget(),
): Promise<TestServer> => {
  const db = await target.open();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'off', ...GENEROUS_GUEST_LIMITS, ...env }), webRoot: null };
  const app = await composeApplication(config, db, createLogger('silent'), overrides);
  const server: Server = app.http.koa.listen(0, '127.0.0.1');
  // As in production (server/src/main.ts): an idle keep-alive connection outlives the client's own
  // idle timeout, so the server never closes one just as the test's fetch sends on it (ECONNRESET
  // when PGlite, in this very process, held the event loop past Node's default 5 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const contract = new ResponseContract(app.http);
  return {
    url,
    app,
    db,
    client: (options) => new TestClient(url, options?.ip, contract),
    reset: () => truncateAll(db),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.stop();
      await closeTestDatabase(db);
    },
  };
};

export interface Answer {
  readonly status: number;
  /**
   * The parsed JSON (or the text when it is not JSON). Tests read it by path and assert on what
   * they find, so it is deliberately untyped: a wrong path fails the assertion.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read by assertions, see above
  readonly body: any;
  readonly headers: Headers;
}

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly ip?: string,
    /** When given, every answer must keep the OpenAPI document's contract, or the request throws. */
    private readonly contract?: ResponseContract,
  ) {}

  async request(
    method: string,
    path: string,
    options: { json?: unknown; form?: Record<string, string>; xhr?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.xhr !== false && method !== 'GET') headers['X-Requested-With'] = 'XMLHttpRequest';
    if (this.ip) headers['X-Forwarded-For'] = this.ip;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(this.base + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const text = value.join('=');
      if (text === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), text);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    const problem = this.contract?.problem(method, path, { status: response.status, body: parsed, contentType: response.headers.get('content-type') ?? '' });
    if (problem) throw new Error(`The answer breaks the API contract: ${problem}`);
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, json?: unknown, options: { xhr?: boolean } = {}) {
    return this.request('POST', path, { json, ...options });
  }

  put(path: string, json?: unknown, options: { xhr?: boolean } = {}) {
    return this.request('PUT', path, { json, ...options });
  }

  login(username: string, password: string) {
    return this.request('POST', '/api/login', { form: { username, password }, xhr: false });
  }
}

export const PASSWORD = 'correct horse battery';

/** A clinic, its staff of both roles and a member, with passwords set. */
export const seedPeople = async (app: Application) => {
  const hasher = app.container.get(ACCOUNTS.hasher);
  const passwordHash = await hasher.hash(PASSWORD);
  const clinics = app.container.get(CLINICS.clinics);
  const staffs = app.container.get(ACCOUNTS.staffs);
  const members = app.container.get(ACCOUNTS.members);
  const clinicX = await clinics.create(aClinic({ name: '渋谷' }));
  const clinicY = await clinics.create(aClinic({ name: '新宿' }));
  return {
    clinicX,
    clinicY,
    admin: await staffs.create(aStaff({ employeeNumber: 'A0001', email: 'admin@example.jp', role: 'ADMIN', passwordHash })),
    staffX: await staffs.create(aStaff({ employeeNumber: 'S0001', email: 'staff.x@example.jp', clinicId: clinicX.id, passwordHash, name: '佐藤 美咲' })),
    staffY: await staffs.create(aStaff({ employeeNumber: 'S0002', email: 'staff.y@example.jp', clinicId: clinicY.id, passwordHash })),
    noPassword: await staffs.create(aStaff({ employeeNumber: 'S0003', clinicId: clinicX.id })),
    member: await members.create(aMember(clinicX.id, { userNumber: '100001', email: 'hanako@example.jp', passwordHash })),
    temporary: await members.create(aMember(clinicX.id, { userNumber: null, email: 'kari@example.jp', status: 'TEMPORARY' })),
  };
};

export type People = Awaited<ReturnType<typeof seedPeople>>;

export interface SignedIn {
  readonly people: People;
  readonly admin: TestClient;
  readonly staffX: TestClient;
  readonly staffY: TestClient;
  readonly member: TestClient;
  readonly anonymous: TestClient;
}

/** Empties the database, seeds `seedPeople`, and logs a browser in as each of them. */
export const signInAll = async (server: TestServer): Promise<SignedIn> => {
  await server.reset();
  const people = await seedPeople(server.app);
  const [admin, staffX, staffY, member, anonymous] = [server.client(), server.client(), server.client(), server.client(), server.client()];
  await Promise.all([
    admin.login('staffA0001', PASSWORD),
    staffX.login('staffS0001', PASSWORD),
    staffY.login('staffS0002', PASSWORD),
    member.login('user100001', PASSWORD),
  ]);
  return { people, admin, staffX, staffY, member, anonymous };
};
