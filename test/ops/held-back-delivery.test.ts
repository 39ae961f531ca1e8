import { migrateToLatest, openDatabase, type Database } from '@clinic/adapters/persistence';
import type { NewMessage } from '@clinic/core';
import { startLocalLineMessaging, type LocalLineMessaging } from '@clinic/server/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMessageTarget } from '../support/message-fixture';
import { waitFor } from '../support/wait';
import { dropSchema, newSchemaName, NOT_RUN_REASON, postgresUrl, startServerProcess, warnWhenNotRun, type ServerProcess } from './server-process';

warnWhenNotRun(import.meta.url);

const MESSAGES = 30;

/**
 * Reminders written days ahead are held back without a delivery job (docs/messages.md, "Held
 * back"). Their time comes while no server runs; the server that starts then hands them to the
 * queue at once (it does not wait for its first sweep a minute later) and they are delivered, each
 * once.
 */
describe.skipIf(!postgresUrl)(`held-back reminders due while no server ran${NOT_RUN_REASON}`, () => {
  const schema = newSchemaName();
  let line: LocalLineMessaging;
  let server: ServerProcess | undefined;
  let db: Database;

  beforeAll(async () => {
    line = await startLocalLineMessaging();
    db = await openDatabase(postgresUrl!, { schema });
    await migrateToLatest(db);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await line?.close();
    if (postgresUrl) await dropSchema(postgresUrl, schema);
  }, 60_000);

  it(`a starting server queues and delivers the ${MESSAGES} that fell due`, async () => {
    const target = await seedMessageTarget(db, { userNumber: '520001', lineUserId: 'U-held-0002' });
    const reminder: NewMessage = {
      kind: 'REMINDER',
      channel: 'LINE',
      recipient: 'U-held-0002',
      scheduledAtMs: Date.now() + 2 * 24 * 3_600_000,
      deferred: true,
      payload: {},
    };
    await target.writeMessages(`${schema}_jobs`, Array(MESSAGES).fill(reminder));
    expect(await db.knex('messages').where('queued', false).count({ n: '*' }).first()).toEqual({ n: String(MESSAGES) });
    // Their time has come while no server ran.
    await db.knex('messages').update({ scheduled_at: db.knex.raw(`now() - interval '1 second'`) });

    server = await startServerProcess({
      databaseUrl: postgresUrl!,
      schema,
      env: { LINE_CHANNEL_ACCESS_TOKEN: line.channelAccessToken, LINE_MESSAGING_URL: line.url, MESSAGE_POLL_SECONDS: '0.5' },
    });
    await waitFor(
      async () => Number((await db.knex('messages').whereNot('status', 'SENT').count({ n: '*' }).first())!.n) === 0,
      'every reminder to be sent',
      // Less than the minute between sweeps: only the sweep at start can have queued them.
      30_000,
    );
    const keys = (await db.knex('messages').pluck('retry_key')) as string[];
    expect(line.pushes).toHaveLength(MESSAGES);
    expect(new Set(line.pushes.map((push) => push.retryKey))).toEqual(new Set(keys));
  }, 120_000);
});
