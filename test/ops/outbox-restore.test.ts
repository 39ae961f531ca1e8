import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase, type Database } from '@clinic/adapters/persistence';
import type { Knex } from 'knex';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { seedMessageTarget } from '../support/message-fixture';
import { waitFor } from '../support/wait';
import {
  dropSchema,
  newSchemaName,
  NOT_RUN_REASON,
  postgresUrl,
  repoRoot,
  sqlInSchema,
  startServerProcess,
  warnWhenNotRun,
  type ServerProcess,
} from './server-process';

const run = promisify(execFile);
warnWhenNotRun(import.meta.url);

const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
};

/** A mail server on loopback that records what it is given. */
const startMailServer = async (port: number) => {
  const received: { to: string; messageId: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? '' });
        callback();
      });
    },
  });
  await new Promise<void>((done) => smtp.listen(port, '127.0.0.1', done));
  return { received, close: () => new Promise<void>((done) => smtp.close(() => done())) };
};

/**
 * A pending message survives what happens to the queue's tables (issue: a restored database
 * delivers every pending message). The message row is the truth: after a backup and restore with
 * ops/backup.sh and ops/restore.sh, or after its job rows are deleted by hand, the confirmation a
 * guest was promised arrives, exactly once, as soon as a server runs with the mail server up.
 */
describe.skipIf(!postgresUrl)(`pending messages across a restore and a lost queue${NOT_RUN_REASON}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-outbox-'));
  const schemas: string[] = [];
  let server: ServerProcess | undefined;
  let mail: Awaited<ReturnType<typeof startMailServer>> | undefined;
  let db: Database | undefined;
  let sql: Knex | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await mail?.close();
    mail = undefined;
    await db?.close();
    db = undefined;
    await sql?.destroy();
    sql = undefined;
  }, 60_000);
  afterAll(async () => {
    if (postgresUrl) for (const schema of schemas) await dropSchema(postgresUrl, schema);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /**
   * A server whose mail server is down holds one confirmation: tried, failed, waiting for its
   * retry (status SCHEDULED, its retry job in the queue). The server is then stopped.
   */
  const pendingConfirmation = async () => {
    const schema = newSchemaName();
    schemas.push(schema);
    const smtpPort = await freePort();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MESSAGE_POLL_SECONDS: '0.5', MESSAGE_RETRY_BASE_MS: '3000' };
    server = await startServerProcess({ databaseUrl: postgresUrl!, schema, env });
    db = await openDatabase(postgresUrl!, { schema });
    const target = await seedMessageTarget(db, { userNumber: '930001', lineUserId: 'U-restore-0001' });
    // The member's own address: a member's address is read at delivery (issue 26, docs/messages.md).
    await target.writeMessages(`${schema}_jobs`, [
      { kind: 'CONFIRMATION', channel: 'MAIL', recipient: '930001@example.jp', scheduledAtMs: Date.now(), deferred: false, payload: {} },
    ]);
    const message = await waitFor(
      async () =>
        (await db!.knex('messages').whereNotNull('last_error').where('status', 'SCHEDULED').first('id', 'retry_key')) as
          { id: string; retry_key: string } | undefined,
      'the confirmation to fail once while the mail server is down',
    );
    await server.stop();
    server = undefined;
    await db.close();
    db = undefined;
    sql = sqlInSchema(postgresUrl!, schema);
    return { schema, smtpPort, env, message };
  };

  /** Starts a server with the mail server up and waits until the confirmation is sent; checks it went once. */
  const deliveredOnce = async (pending: Awaited<ReturnType<typeof pendingConfirmation>>) => {
    mail = await startMailServer(pending.smtpPort);
    server = await startServerProcess({ databaseUrl: postgresUrl!, schema: pending.schema, env: pending.env });
    await waitFor(
      async () => (await sql!('messages').where({ id: pending.message.id, status: 'SENT' }).first('id')) !== undefined,
      'the confirmation to be sent',
      60_000,
    );
    // Sent; then the job that sent it is done, and nothing is left in the queue that could send it again.
    await waitFor(async () => {
      const { rows } = (await sql!.raw(`select count(*)::int as n from ?? where data->>'messageId' = ? and state < 'completed'`, [
        `${pending.schema}_jobs.job`,
        pending.message.id,
      ])) as { rows: { n: number }[] };
      return rows[0]!.n === 0;
    }, 'the delivery job to be done');
    expect(mail.received).toEqual([{ to: '930001@example.jp', messageId: `<${pending.message.retry_key}@clinic-reservations>` }]);
  };

  it('backup, drop, restore: the pending confirmation arrives exactly once', async () => {
    const pending = await pendingConfirmation();
    const env = { ...process.env, DATABASE_URL: postgresUrl!, DATABASE_SCHEMA: pending.schema };
    const file = join(dir, `${pending.schema}.dump`);
    await run(resolve(repoRoot, 'ops/backup.sh'), [file], { env });

    await dropSchema(postgresUrl!, pending.schema);
    const { rows: left } = (await sql!.raw(`select count(*)::int as n from pg_namespace where nspname in (?, ?)`, [
      pending.schema,
      `${pending.schema}_jobs`,
    ])) as {
      rows: { n: number }[];
    };
    expect(left[0]!.n).toBe(0);
    const restored = await run(resolve(repoRoot, 'ops/restore.sh'), [file], { env });
    expect(restored.stdout).toContain(`restored ${file}`);
    // The queue came back with the data: the confirmation's retry job is there again.
    const { rows: jobs } = (await sql!.raw(`select count(*)::int as n from ?? where data->>'messageId' = ? and state < 'completed'`, [
      `${pending.schema}_jobs.job`,
      pending.message.id,
    ])) as { rows: { n: number }[] };
    expect(jobs[0]!.n).toBe(1);

    await deliveredOnce(pending);
  }, 180_000);

  it('job rows deleted by hand: the next server start queues the confirmation again, and it arrives exactly once', async () => {
    const pending = await pendingConfirmation();
    await sql!.raw(`delete from ??`, [`${pending.schema}_jobs.job`]);
    await deliveredOnce(pending);
  }, 180_000);
});
