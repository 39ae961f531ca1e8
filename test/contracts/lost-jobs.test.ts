import { KnexMessageRepository, LOST_JOB_GRACE_MS, MessageQueue, OutboxWriter, type Database } from '@clinic/adapters/persistence';
import type { NewMessage } from '@clinic/core';
import { jobSchemaOf } from '@clinic/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { seedMessageTarget } from '../support/message-fixture';

const MINUTE = 60_000;

const confirmationAt = (scheduledAtMs: number): NewMessage => ({
  kind: 'CONFIRMATION',
  channel: 'LINE',
  recipient: 'U-lost-0001',
  scheduledAtMs,
  deferred: false,
  payload: {},
});

/**
 * The outbox heals itself: a message still to be delivered whose job the queue lost (a restore
 * without the queue's schema, a TRUNCATE by hand) is queued again by the workers' sweep, once;
 * messages that are fine are never touched (docs/messages.md, "Self-healing").
 */
describe.each(databaseTargets())('messages that lost their job on $name', (target) => {
  let db: Database;
  let queue: MessageQueue;
  let repository: KnexMessageRepository;
  let write: (messages: readonly NewMessage[]) => Promise<void>;
  let jobSchema: string;

  beforeAll(async () => {
    db = await target.open();
    jobSchema = jobSchemaOf(db);
    queue = new MessageQueue(db.knex, { schema: jobSchema, pollingIntervalSeconds: 0.5, expireInSeconds: 60, maintenanceIntervalSeconds: 60 }, () => undefined);
    await queue.start();
    repository = new KnexMessageRepository(db.knex, queue);
    const about = await seedMessageTarget(db, { userNumber: '920001', lineUserId: 'U-lost-0001' });
    const writer = new OutboxWriter(queue);
    write = (messages) => db.knex.transaction((trx) => writer.write(trx, about, { cancelReminders: false, messages }));
  });
  afterAll(async () => {
    await queue.stop();
    await closeTestDatabase(db);
  });
  beforeEach(async () => {
    await db.knex.raw(`delete from ${jobSchema}.job where name = 'deliver-message'`);
    await db.knex('messages').delete();
  });

  const loseAllJobs = () => db.knex.raw(`delete from ${jobSchema}.job where name = 'deliver-message'`);
  /** Live delivery jobs (waiting, retrying or running), by message. */
  const liveJobs = async () => {
    const { rows } = (await db.knex.raw(
      `select data->>'messageId' as id, count(*)::int as n from ${jobSchema}.job where name = 'deliver-message' and state < 'completed' group by 1`,
    )) as { rows: { id: string; n: number }[] };
    return new Map(rows.map((row) => [row.id, row.n]));
  };
  const ids = async () => (await db.knex('messages').orderBy('scheduled_at').pluck('id')) as string[];

  it('a pending message whose job is gone is queued again once, to run at once', async () => {
    await write([confirmationAt(Date.now() - 5 * MINUTE)]);
    const [id] = await ids();
    expect((await liveJobs()).get(id!)).toBe(1);
    await loseAllJobs();

    expect(await repository.requeueLost(LOST_JOB_GRACE_MS)).toBe(1);
    expect((await liveJobs()).get(id!)).toBe(1);
    // Healed: the next sweeps find nothing to do.
    expect(await repository.requeueLost(LOST_JOB_GRACE_MS)).toBe(0);
    expect((await liveJobs()).get(id!)).toBe(1);
  });

  it('leaves alone every message that is fine or not pending', async () => {
    const past = Date.now() - 5 * MINUTE;
    await write([
      confirmationAt(past),
      confirmationAt(past + 1),
      confirmationAt(past + 2),
      confirmationAt(past + 3),
      confirmationAt(past + 4),
      confirmationAt(Date.now()),
    ]);
    const [withJob, sent, failed, claimed, heldBack, justDue] = await ids();
    // Only these lose their jobs: the first keeps its own.
    await db.knex.raw(`delete from ${jobSchema}.job where name = 'deliver-message' and data->>'messageId' <> ?`, [withJob!]);
    await db.knex('messages').where('id', sent).update({ status: 'SENT', sent_at: db.knex.fn.now() });
    await db.knex('messages').where('id', failed).update({ status: 'FAILED' });
    // A delivery under way holds it: its lease has not run out.
    await db
      .knex('messages')
      .where('id', claimed)
      .update({ claimed_until: db.knex.raw(`now() + interval '1 minute'`) });
    // Held back (the held-back sweep's business, not this one's).
    await db.knex('messages').where('id', heldBack).update({ queued: false });

    expect(await repository.requeueLost(LOST_JOB_GRACE_MS)).toBe(0);
    expect([...(await liveJobs()).keys()]).toEqual([withJob]);

    // Once the lease has run out and the grace has passed, those two are healed; the rest never.
    await db
      .knex('messages')
      .where('id', claimed)
      .update({ claimed_until: db.knex.raw(`now() - interval '1 second'`) });
    await db
      .knex('messages')
      .where('id', justDue)
      .update({ scheduled_at: db.knex.raw(`now() - interval '1 minute'`) });
    expect(await repository.requeueLost(LOST_JOB_GRACE_MS)).toBe(2);
    expect([...(await liveJobs()).keys()].sort()).toEqual([withJob, claimed, justDue].sort());
  });

  it('a message whose job failed for good in the queue counts as lost; one whose job is waiting for a retry does not', async () => {
    await write([confirmationAt(Date.now() - 5 * MINUTE), confirmationAt(Date.now() - 4 * MINUTE)]);
    const [dead, retrying] = await ids();
    await db.knex.raw(`update ${jobSchema}.job set state = 'failed' where data->>'messageId' = ?`, [dead!]);
    await db.knex.raw(`update ${jobSchema}.job set state = 'retry' where data->>'messageId' = ?`, [retrying!]);
    expect(await repository.requeueLost(LOST_JOB_GRACE_MS)).toBe(1);
    expect(await liveJobs()).toEqual(
      new Map([
        [dead!, 1],
        [retrying!, 1],
      ]),
    );
  });

  // PGlite runs one statement at a time: only PostgreSQL can show sweeps of several processes at once.
  it.runIf(target.name === 'PostgreSQL')('sweeps running at once, as on several servers, queue each lost message once', async () => {
    const count = 400;
    const start = Date.now() - 10 * MINUTE;
    await write(Array.from({ length: count }, (_, i) => confirmationAt(start + i)));
    await loseAllJobs();
    const sweepers = Array.from({ length: 4 }, () => new KnexMessageRepository(db.knex, queue));
    // Each sweep goes on until it finds nothing, as the periodic sweeps of four servers would.
    const sweepUntilDone = async (sweeper: KnexMessageRepository) => {
      let total = 0;
      for (;;) {
        const n = await sweeper.requeueLost(LOST_JOB_GRACE_MS, 25);
        total += n;
        if (n === 0 && (await liveJobs()).size === count) return total;
      }
    };
    const healed = await Promise.all(sweepers.map(sweepUntilDone));
    expect(healed.reduce((sum, n) => sum + n, 0)).toBe(count);
    const byMessage = await liveJobs();
    expect(byMessage.size).toBe(count);
    expect([...byMessage.values()].every((n) => n === 1)).toBe(true);
  });
});
