import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import PgBoss from 'pg-boss';

/** pg-boss's own SQL: its job insert, taken as it is so that a booking's statement can hold it. */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  insertJobs?: (schema: string) => string;
  completeJobs?: (schema: string) => string;
  failJobsById?: (schema: string) => string;
};

export const DELIVERY_QUEUE = 'deliver-message';
/** The events of LINE's webhook, each handled once after the webhook has answered (docs/integrations.md). */
export const LINE_EVENT_QUEUE = 'line-webhook-event';

export interface DeliveryJob {
  readonly messageId: string;
  /** When it may run; absent = at once. */
  readonly startAfter?: Date;
}

export interface MessageQueueOptions {
  /** The schema of the queue's own tables (pg-boss's). */
  readonly schema: string;
  /** How often an idle worker looks for due jobs (seconds, at least 0.5). */
  readonly pollingIntervalSeconds: number;
  /** A job running this long (its process died) is given to another worker. */
  readonly expireInSeconds: number;
  /** How often expired jobs are found and archived (seconds). */
  readonly maintenanceIntervalSeconds: number;
}

/** A raw connection as both drivers give it: node-postgres's Client and PGlite. */
interface RawConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * pg-boss's SQL runs on a connection of knex's pool, or on the open transaction's own connection:
 * one pool for the whole server, and a job enqueued in a transaction commits or rolls back with it.
 * On PGlite (one connection, queued by knex) it is the only way; on PostgreSQL it also keeps
 * pg-boss from opening a pool of its own. A statement without values may hold several commands
 * (pg-boss's migrations), which PGlite runs with `exec`.
 */
export const knexExecutor = (knex: Knex | Knex.Transaction): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const client = knex.client as { acquireConnection(): Promise<RawConnection>; releaseConnection(connection: RawConnection): Promise<void> };
    const connection = await client.acquireConnection();
    try {
      if ((!values || values.length === 0) && typeof connection.exec === 'function') {
        const results = await connection.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await connection.query(text, values);
      return { rows: result.rows };
    } finally {
      await client.releaseConnection(connection);
    }
  },
});

/**
 * pg-boss 10's worker marks a job completed or failed without awaiting it (`this.complete(…)` and
 * `this.fail(…)` in `Manager.work`): when PostgreSQL is away at that moment the rejection is
 * unhandled and ends the server process. Those two statements therefore never reject here; the
 * error goes to `onError` and the job stays active until it expires, when the queue hands it on
 * again (delivery is idempotent: the message's own claim decides). pg-boss 11, which awaits them,
 * needs Node.js 22.
 */
export const settlingExecutor = (db: PgBoss.Db, schema: string, onError: (error: Error) => void): PgBoss.Db => {
  const unawaited = new Set([plans.completeJobs?.(schema), plans.failJobsById?.(schema)].filter((text): text is string => !!text));
  return {
    executeSql: async (text, values) => {
      if (!unawaited.has(text)) return db.executeSql(text, values);
      try {
        return await db.executeSql(text, values);
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
        return { rows: [{ count: '0' }] };
      }
    },
  };
};

/** pg-boss's insert with knex's `?` for its `$n`, and the n of each `?` in order; null if not as expected. */
const insertTemplateOf = (schema: string): { sql: string; order: number[] } | null => {
  const text = plans.insertJobs?.(schema);
  if (!text || text.includes('?')) return null;
  const order: number[] = [];
  const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
    order.push(Number(n));
    return '?';
  });
  return order.includes(1) && Math.max(...order) === 6 ? { sql, order } : null;
};

/**
 * The job queue that delivers messages: pg-boss on the product's own PostgreSQL (or PGlite).
 * Workers of every server process fetch due jobs with `FOR UPDATE SKIP LOCKED`; a job whose
 * worker died is handed on after `expireInSeconds`. Delivery outcomes and retries are the
 * message's own (DeliverMessageUseCase): the job only says "look at this message now".
 */
export class MessageQueue {
  private readonly boss: PgBoss;
  private readonly insertTemplate: { sql: string; order: number[] } | null;
  private started = false;

  constructor(
    knex: Knex,
    private readonly options: MessageQueueOptions,
    onError: (error: Error) => void,
  ) {
    this.boss = new PgBoss({
      db: settlingExecutor(knexExecutor(knex), options.schema, onError),
      schema: options.schema,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    });
    this.boss.on('error', onError);
    this.insertTemplate = insertTemplateOf(options.schema);
  }

  /** Creates (or updates) the queue's tables; needed before the first job is enqueued. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    const settings = {
      name: DELIVERY_QUEUE,
      // A handler that throws (the database went away mid-delivery) is retried by the queue;
      // a channel that fails is retried by the message itself.
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: this.options.expireInSeconds,
    };
    await this.boss.createQueue(DELIVERY_QUEUE, settings);
    // A queue made by an earlier start keeps its settings otherwise (MESSAGE_LEASE_SECONDS changed).
    await this.boss.updateQueue(DELIVERY_QUEUE, settings);
    const lineEvents = { ...settings, name: LINE_EVENT_QUEUE };
    await this.boss.createQueue(LINE_EVENT_QUEUE, lineEvents);
    await this.boss.updateQueue(LINE_EVENT_QUEUE, lineEvents);
    this.started = true;
  }

  /**
   * pg-boss's job insert (the very SQL of `boss.insert`) as a part of the caller's statement, with
   * knex's `?` bindings: a booking's delivery jobs go in with the booking in one statement, without
   * a transaction around it (docs/decisions.md, "Messages"). Null when this pg-boss's insert is not
   * the one expected (six numbered parameters, the jobs first), so the caller uses `enqueue`.
   */
  insertStatement(jobs: readonly DeliveryJob[]): { readonly sql: string; readonly bindings: readonly unknown[] } | null {
    if (jobs.length === 0 || !this.insertTemplate) return null;
    // The other five are the constructor's defaults (expiry, retention, retries), none set here:
    // the queue's own settings apply, as they do for `boss.insert`.
    const values = [JSON.stringify(this.jobsOf(jobs)), null, null, null, null, null];
    return { sql: this.insertTemplate.sql, bindings: this.insertTemplate.order.map((n) => values[n - 1]) };
  }

  private jobsOf(jobs: readonly DeliveryJob[]): PgBoss.JobInsert[] {
    return jobs.map((job) => ({
      name: DELIVERY_QUEUE,
      data: { messageId: job.messageId },
      ...(job.startAfter ? { startAfter: job.startAfter } : {}),
    })) as PgBoss.JobInsert[];
  }

  /**
   * SQL that is true when the message whose id (uuid) the expression `messageId` gives has a live
   * delivery job: one waiting, waiting for a retry, or running (pg-boss's states before
   * `completed`). The queue's own table is read in the caller's statement, so one snapshot sees the
   * message and its jobs together.
   */
  hasLiveJobSql(messageId: string): string {
    const schema = `"${this.options.schema.replaceAll('"', '""')}"`;
    return `exists (select 1 from ${schema}.job j where j.name = '${DELIVERY_QUEUE}' and j.state < 'completed' and j.data->>'messageId' = (${messageId})::text)`;
  }

  /** Adds delivery jobs in the caller's transaction (or on their own). */
  async enqueue(knex: Knex | Knex.Transaction, jobs: readonly DeliveryJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(this.jobsOf(jobs), { db: knexExecutor(knex) });
  }

  /**
   * Starts this process's worker: due jobs are fetched `batchSize` at a time and handed over
   * together (a handler that throws fails the batch, and the queue tries it again); after a full batch the next is fetched at once, else after the polling interval.
   */
  async work(handler: (messageIds: string[]) => Promise<unknown>, batchSize: number): Promise<void> {
    let id = '';
    id = await this.boss.work<{ messageId: string }>(
      DELIVERY_QUEUE,
      { batchSize, pollingIntervalSeconds: this.options.pollingIntervalSeconds },
      async (jobs) => {
        await handler(jobs.map((job) => job.data.messageId));
        if (jobs.length === batchSize && id) this.boss.notifyWorker(id);
      },
    );
  }

  /** Queues the handling of LINE webhook events in the caller's transaction. */
  async enqueueLineEvents(knex: Knex | Knex.Transaction, webhookEventIds: readonly string[]): Promise<void> {
    if (webhookEventIds.length === 0) return;
    const jobs = webhookEventIds.map((id) => ({ name: LINE_EVENT_QUEUE, data: { webhookEventId: id } })) as PgBoss.JobInsert[];
    await this.boss.insert(jobs, { db: knexExecutor(knex) });
  }

  /** Starts this process's worker of LINE webhook events (a handler that throws is tried again by the queue). */
  async workLineEvents(handler: (webhookEventId: string) => Promise<unknown>): Promise<void> {
    await this.boss.work<{ webhookEventId: string }>(
      LINE_EVENT_QUEUE,
      { batchSize: 5, pollingIntervalSeconds: this.options.pollingIntervalSeconds },
      async (jobs) => {
        for (const job of jobs) await handler(job.data.webhookEventId);
      },
    );
  }

  /** Stops taking jobs and waits for the ones running. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
  }
}
