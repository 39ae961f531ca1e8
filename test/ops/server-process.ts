import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexPkg, { type Knex } from 'knex';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The PostgreSQL server of the operations tests, or why they cannot run. */
export const postgresUrl = process.env.TEST_DATABASE_URL;
/** The two-factor sealing key of the servers these tests start (a test value, 32 bytes in hex). */
export const TEST_TWO_FACTOR_KEY = '7e'.repeat(32);
export const NOT_RUN_REASON = postgresUrl ? '' : ' — NOT RUN: needs PostgreSQL, set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)';

/**
 * Like the PostgreSQL contract runner, these files run only with TEST_DATABASE_URL; without it
 * they are reported as skipped, and say why on the console so that nobody reads the skip as a pass.
 */
export const warnWhenNotRun = (file: string): void => {
  if (!postgresUrl) console.warn(`${file.split('/').slice(-2).join('/')}${NOT_RUN_REASON}`);
};

export const newSchemaName = (): string => `t_${randomBytes(6).toString('hex')}`;

/** A knex connection of the test itself into one schema (for seeding checks and SQL assertions). */
export const sqlInSchema = (url: string, schema: string): Knex =>
  knexPkg.knex({ client: 'pg', connection: url, searchPath: [schema, 'public'], pool: { min: 0, max: 2 } });

export const dropSchema = async (url: string, schema: string): Promise<void> => {
  const admin = knexPkg.knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    await admin.raw('drop schema if exists ?? cascade', [schema]);
    // The message queue's tables (pg-boss) live beside it (server/src/container/messages.module.ts).
    await admin.raw('drop schema if exists ?? cascade', [`${schema}_jobs`]);
  } finally {
    await admin.destroy();
  }
};

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `server/src/main.ts` as its own process (as in production: `tsx server/src/main.ts`) on
 * a free port, and resolves once it prints its address.
 */
export const startServerProcess = async (options: {
  databaseUrl: string;
  schema: string;
  demo?: boolean;
  env?: Record<string, string>;
  /** Extra Node flags, e.g. `--cpu-prof` for `npm run load` with LOAD_SERVER_NODE_ARGS. */
  nodeArgs?: readonly string[];
}): Promise<ServerProcess> => {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      DATABASE_SCHEMA: options.schema,
      DEMO_DATA: options.demo ? 'on' : 'off',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_ROOT: resolve(repoRoot, 'web', 'dist'),
      // Production requires the key; every server of one database shares it.
      TWO_FACTOR_KEY: TEST_TWO_FACTOR_KEY,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    // A bound for a hung start, not a speed target: on a machine busy with other work, compiling the
    // server and seeding the demo chain has taken over 90 s.
    const timer = setTimeout(() => {
      // The test fails and its afterAll never learns of this process: end it here, or it outlives the run.
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 180 s:\n${text}`));
    }, 180_000);
    const onData = () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolveUrl(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${text}`));
    });
  });
  return {
    url,
    child,
    output: () => text,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
};
