import { openDatabase } from '@clinic/adapters/persistence';
import type { NewMessage } from '@clinic/core';
import { startLocalLineMessaging } from '@clinic/server/dev';
import { seedMessageTarget } from '../support/message-fixture';
import { dropSchema, newSchemaName, startServerProcess } from '../ops/server-process';

export interface ReminderBench {
  readonly messages: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly linePushes: number;
  readonly mails: number;
  readonly duplicates: number;
  readonly failed: number;
}

/**
 * 10,000 reminders due at once (half LINE, half mail), dispatched by two server processes to the
 * fake channels: the local LINE stand-in and the development mail outbox. Timed from the commit
 * that makes them due until the last is SENT; duplicates are pushes or mails beyond one per message.
 */
export const benchReminders = async (url: string, count = 10_000): Promise<ReminderBench> => {
  const schema = newSchemaName();
  const line = await startLocalLineMessaging();
  const env = { LINE_CHANNEL_ACCESS_TOKEN: line.channelAccessToken, LINE_MESSAGING_URL: line.url, MESSAGE_POLL_SECONDS: '0.5', MESSAGE_BATCH: '50' };
  const servers = [await startServerProcess({ databaseUrl: url, schema, env }), await startServerProcess({ databaseUrl: url, schema, env })];
  const db = await openDatabase(url, { schema });
  try {
    const target = await seedMessageTarget(db, { userNumber: '900001', lineUserId: 'U-bench-0001', clinicName: 'ベンチ' });
    const due = Date.now() - 1000;
    const messages: NewMessage[] = Array.from({ length: count }, (_, i) =>
      i % 2 === 0
        ? { kind: 'REMINDER', channel: 'LINE', recipient: 'U-bench-0001', scheduledAtMs: due, deferred: true, payload: {} }
        : { kind: 'REMINDER', channel: 'MAIL', recipient: '900001@example.jp', scheduledAtMs: due, deferred: true, payload: {} },
    );
    const started = performance.now();
    await target.writeMessages(`${schema}_jobs`, messages);
    for (;;) {
      const left = Number((await db.knex('messages').where('status', 'SCHEDULED').count({ n: '*' }).first())!.n);
      if (left === 0) break;
      if (performance.now() - started > 300_000) throw new Error(`${left} reminders still not sent after 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const mails = Number((await db.knex('mail_outbox').count({ n: '*' }).first())!.n);
    const failed = Number((await db.knex('messages').whereNot('status', 'SENT').count({ n: '*' }).first())!.n);
    return {
      messages: count,
      seconds,
      perSecond: count / seconds,
      linePushes: line.pushes.length,
      mails,
      duplicates: line.pushes.length + mails - count,
      failed,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db.close();
    await line.close();
    await dropSchema(url, schema);
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url?.startsWith('postgres')) throw new Error('the reminder benchmark needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  console.log(await benchReminders(url, Number(process.env.BENCH_REMINDERS ?? 10_000)));
}
