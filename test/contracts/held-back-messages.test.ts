import { KnexMessageRepository, MessageQueue, OutboxWriter, QUEUE_AHEAD_MS, type Database } from '@clinic/adapters/persistence';
import type { NewMessage } from '@clinic/core';
import { jobSchemaOf } from '@clinic/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { seedMessageTarget } from '../support/message-fixture';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const reminderAt = (scheduledAtMs: number): NewMessage => ({
  kind: 'REMINDER',
  channel: 'LINE',
  recipient: 'U-held-0001',
  scheduledAtMs,
  deferred: true,
  payload: {},
});
const confirmation = (): NewMessage => ({
  kind: 'CONFIRMATION',
  channel: 'LINE',
  recipient: 'U-held-0001',
  scheduledAtMs: Date.now(),
  deferred: false,
  payload: {},
});

/**
 * A message written long before it is due (a reminder for the day before) gets no delivery job
 * then: the sweep of the worker processes hands it to the queue shortly before its time, once.
 * (docs/messages.md, "Held back".)
 */
describe.each(databaseTargets())('held-back messages on $name', (target) => {
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
    const about = await seedMessageTarget(db, { userNumber: '910001', lineUserId: 'U-held-0001' });
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

  /** The delivery jobs, by message: how many each has, and when the first may start. */
  const jobs = async () => {
    const { rows } = (await db.knex.raw(
      `select data->>'messageId' as id, count(*)::int as n, min(start_after) as start_after from ${jobSchema}.job where name = 'deliver-message' group by 1`,
    )) as { rows: { id: string; n: number; start_after: Date }[] };
    return new Map(rows.map((row) => [row.id, row]));
  };
  const messages = async () =>
    (await db.knex('messages').orderBy('scheduled_at').select('id', 'queued', 'status', 'scheduled_at')) as {
      id: string;
      queued: boolean;
      status: string;
      scheduled_at: Date;
    }[];

  it('a message due after the window is written without a job; one due sooner, or at once, with its job', async () => {
    const now = Date.now();
    await write([confirmation(), reminderAt(now + QUEUE_AHEAD_MS / 2), reminderAt(now + 2 * DAY)]);
    const [sent, soon, later] = await messages();
    expect([sent!.queued, soon!.queued, later!.queued]).toEqual([true, true, false]);
    const byMessage = await jobs();
    expect([...byMessage.keys()].sort()).toEqual([sent!.id, soon!.id].sort());
    expect(byMessage.get(soon!.id)!.start_after.getTime()).toBe(soon!.scheduled_at.getTime());
  });

  it('the sweep hands a held-back message to the queue once, to start at its time', async () => {
    await write([reminderAt(Date.now() + 2 * DAY)]);
    // Not yet: it falls due after the window.
    expect(await repository.queueHeldBack(QUEUE_AHEAD_MS)).toBe(0);
    expect((await jobs()).size).toBe(0);

    expect(await repository.queueHeldBack(3 * DAY)).toBe(1);
    expect(await repository.queueHeldBack(3 * DAY)).toBe(0);
    const [reminder] = await messages();
    expect(reminder!.queued).toBe(true);
    const job = (await jobs()).get(reminder!.id);
    expect(job?.n).toBe(1);
    expect(job!.start_after.getTime()).toBe(reminder!.scheduled_at.getTime());
  });

  it('a held-back message that ended before its time (a change, a cancel) never reaches the queue', async () => {
    await write([reminderAt(Date.now() + 2 * DAY), reminderAt(Date.now() + 2 * DAY + MINUTE)]);
    const [ended] = await messages();
    await db.knex('messages').where('id', ended!.id).update({ status: 'CANCELLED' });
    expect(await repository.queueHeldBack(3 * DAY)).toBe(1);
    expect((await jobs()).has(ended!.id)).toBe(false);
  });

  it('a message staff resend is queued at once and not again by the sweep', async () => {
    await write([reminderAt(Date.now() + 2 * DAY)]);
    const [reminder] = await messages();
    await db.knex('messages').where('id', reminder!.id).update({ status: 'FAILED' });
    expect(await repository.resend(reminder!.id, { from: 'FAILED', coolDownMs: 600_000 })).toMatchObject({ status: 'SCHEDULED' });
    expect(await repository.queueHeldBack(3 * DAY)).toBe(0);
    expect((await jobs()).get(reminder!.id)?.n).toBe(1);
  });

  // PGlite runs one statement at a time: only PostgreSQL can show sweeps of several processes at once.
  it.runIf(target.name === 'PostgreSQL')('sweeps running at once, as on several servers, give each message one job', async () => {
    const count = 400;
    const start = Date.now() + 2 * DAY;
    await write(Array.from({ length: count }, (_, i) => reminderAt(start + i * 1000)));
    const sweepers = Array.from({ length: 4 }, () => new KnexMessageRepository(db.knex, queue));
    const queued = await Promise.all(sweepers.map((sweeper) => sweeper.queueHeldBack(3 * DAY, 25)));
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(count);
    const byMessage = await jobs();
    expect(byMessage.size).toBe(count);
    expect([...byMessage.values()].every((job) => job.n === 1)).toBe(true);
    expect((await messages()).every((message) => message.queued)).toBe(true);
  });
});
