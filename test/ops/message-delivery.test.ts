import { MessageQueue, OutboxWriter, openDatabase, type Database } from '@clinic/adapters/persistence';
import type { NewMessage } from '@clinic/core';
import { startLocalLineMessaging, type LocalLineMessaging } from '@clinic/server/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOf, seedBookableClinic } from '../support/booking-fixture';
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
    // Every push takes 100 ms: both servers always have pushes under way while there is work.
    line = await startLocalLineMessaging({ delayMs: 100 });
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
    const fixture = await seedBookableClinic(db, { firstDay: '2030-01-07', days: 1 });
    const userId = await memberOf(db, fixture.clinicId, 'x', '500001');
    await db.knex('users').where('id', userId).update({ line_user_id: 'U-ops-0001' });
    const [reservation] = await db
      .knex('reservations')
      .insert({ clinic_id: fixture.clinicId, user_id: userId, status: 'RESERVED', source: 'STAFF', starts_at: '2030-01-07T02:00:00Z', ends_at: '2030-01-07T03:00:00Z', created_by_type: 'staff' })
      .returning('id');
    await db.knex('reservation_menus').insert({ reservation_id: reservation.id, position: 0, menu_id: fixture.menuA });

    // Written as a booking writes them: rows and jobs in one transaction.
    const queue = new MessageQueue(db.knex, { schema: `${schema}_jobs`, pollingIntervalSeconds: 0.5, expireInSeconds: 2, maintenanceIntervalSeconds: 2 }, () => undefined);
    await queue.start();
    const message: NewMessage = { kind: 'CONFIRMATION', channel: 'LINE', recipient: 'U-ops-0001', scheduledAtMs: Date.now(), deferred: false, payload: {} };
    await db.knex.transaction((trx) =>
      new OutboxWriter(queue).write(trx, { clinicId: fixture.clinicId, reservationId: String(reservation.id), userId }, { cancelReminders: false, messages: Array(MESSAGES).fill(message) }),
    );
    await queue.stop();

    await waitFor(async () => line.pushes.length >= 10, 'the first pushes');
    b.child.kill('SIGKILL');

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
    expect(retried).toBeGreaterThan(0);
  }, 120_000);
});
