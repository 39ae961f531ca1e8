import { openDatabase, type Database } from '@clinic/adapters/persistence';
import type { NewMessage } from '@clinic/core';
import { startLocalLineMessaging, type LocalLineMessaging } from '@clinic/server/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMessageTarget } from '../support/message-fixture';
import { waitFor } from '../support/wait';
import { dropSchema, newSchemaName, NOT_RUN_REASON, postgresUrl, startServerProcess, warnWhenNotRun, type ServerProcess } from './server-process';

warnWhenNotRun(import.meta.url);

const MESSAGES = 120;

/**
 * Two server processes deliver one outbox. One is killed (SIGKILL) while pushes are under way; the
 * other takes over what it held once the hold runs out, and LINE (the local stand-in, which drops
 * a retry key it has accepted, as LINE does) receives every message exactly once.
 */
describe.skipIf(!postgresUrl)(`message delivery by two servers, one killed mid-run${NOT_RUN_REASON}`, () => {
  const schema = newSchemaName();
  let line: LocalLineMessaging;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;

  beforeAll(async () => {
    line = await startLocalLineMessaging();
    line.hold();
    const env = {
      LINE_CHANNEL_ACCESS_TOKEN: line.channelAccessToken,
      LINE_MESSAGING_URL: line.url,
      MESSAGE_POLL_SECONDS: '0.5',
      MESSAGE_LEASE_SECONDS: '2',
      MESSAGE_BATCH: '5',
    };
    a = await startServerProcess({ databaseUrl: postgresUrl!, schema, env });
    b = await startServerProcess({ databaseUrl: postgresUrl!, schema, env });
    db = await openDatabase(postgresUrl!, { schema });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await line?.close();
    if (postgresUrl) await dropSchema(postgresUrl, schema);
  }, 60_000);

  it(`delivers each of ${MESSAGES} messages exactly once`, async () => {
    const target = await seedMessageTarget(db, { userNumber: '500001', lineUserId: 'U-ops-0001' });
    // Written as a booking writes them: rows and jobs in one transaction.
    const message: NewMessage = { kind: 'CONFIRMATION', channel: 'LINE', recipient: 'U-ops-0001', scheduledAtMs: Date.now(), deferred: false, payload: {} };
    await target.writeMessages(`${schema}_jobs`, Array(MESSAGES).fill(message), 2);

    // LINE holds its answers: both servers now wait on a full batch each. B dies holding its five;
    // LINE then accepts them all (as LINE would have, had the answers been lost on the way back).
    await waitFor(async () => line.waiting() >= 10, 'both servers to be pushing');
    b.child.kill('SIGKILL');
    await new Promise((resolve) => b.child.once('exit', resolve));
    line.release();

    await waitFor(
      async () => Number((await db.knex('messages').whereNot('status', 'SENT').count({ n: '*' }).first())!.n) === 0,
      'every message to be sent',
      60_000,
    );
    const keys = (await db.knex('messages').pluck('retry_key')) as string[];
    expect(line.pushes).toHaveLength(MESSAGES);
    expect(new Set(line.pushes.map((push) => push.retryKey))).toEqual(new Set(keys));
    expect(b.child.signalCode).toBe('SIGKILL');
    // What B held when it died was taken over: attempted again, and LINE dropped the pushes it had already accepted.
    const retried = Number((await db.knex('messages').where('attempts', '>', 1).count({ n: '*' }).first())!.n);
    expect(retried).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
