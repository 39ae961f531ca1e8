import { KnexAuditLog, type Database } from '@clinic/adapters/persistence';
import type { AuditEntry } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets, truncateAll } from '../support/databases';

const change = (n: number): AuditEntry => ({
  actorType: 'staff',
  actorId: '1',
  action: 'reservation.create',
  entity: 'reservation',
  entityId: String(n),
  after: { n },
});
const access = (n: number, outcome = 'ok'): AuditEntry => ({
  actorType: 'staff',
  actorId: '2',
  action: 'access',
  entity: 'reservation',
  entityId: String(n),
  access: { outcome: outcome as 'ok', status: 200, actorLogin: 'S1001', memberIds: [String(n)], method: 'GET', path: `/api/staffs/reservations/${n}` },
});

/**
 * The audit log writes appends that arrive together in one insert (group commit). Each append
 * still resolves only once its own row is stored, and a row the database refuses fails alone.
 */
describe.each(databaseTargets())('the audit log on $name', (target) => {
  let db: Database;
  let log: KnexAuditLog;

  beforeAll(async () => {
    db = await target.open();
  });
  beforeEach(async () => {
    await truncateAll(db);
    log = new KnexAuditLog(db.knex);
  });
  afterAll(() => closeTestDatabase(db));

  it('stores every one of many simultaneous appends of both kinds, in fewer inserts than entries', async () => {
    let inserts = 0;
    const count = (query: { sql: string }) => {
      if (query.sql.startsWith('insert into "audit_log"')) inserts++;
    };
    db.knex.on('query', count);
    try {
      await Promise.all(Array.from({ length: 60 }, (_, n) => log.append(n % 2 === 0 ? change(n) : access(n))));
    } finally {
      db.knex.off('query', count);
    }
    const rows = await db.knex('audit_log').orderBy('id').select('entity_id', 'kind', 'member_ids', 'outcome');
    expect(rows.map((row) => Number(row.entity_id)).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect(rows.filter((row) => row.kind === 'access')).toHaveLength(30);
    expect(rows.filter((row) => row.kind === 'change').every((row) => row.outcome === null)).toBe(true);
    // The first two appends go at once; the rest wait for them and go together.
    expect(inserts).toBeLessThan(60);
    expect(inserts).toBeGreaterThanOrEqual(2);
  });

  it.runIf(target.name === 'PostgreSQL')('sends a second append while the first is in flight, instead of after it', async () => {
    const events: Array<{ sent: boolean; uid: string }> = [];
    const sent = (query: { sql: string; __knexQueryUid: string }) => {
      if (query.sql.startsWith('insert into "audit_log"')) events.push({ sent: true, uid: query.__knexQueryUid });
    };
    const answered = (_response: unknown, query: { sql: string; __knexQueryUid: string }) => {
      if (query.sql.startsWith('insert into "audit_log"')) events.push({ sent: false, uid: query.__knexQueryUid });
    };
    // Two idle connections in the pool, so that neither insert waits for a new one.
    await Promise.all([db.knex.raw('select pg_sleep(0.05)'), db.knex.raw('select pg_sleep(0.05)')]);
    db.knex.on('query', sent).on('query-response', answered);
    try {
      await Promise.all([log.append(change(1)), log.append(access(2))]);
    } finally {
      db.knex.off('query', sent).off('query-response', answered);
    }
    expect(events.map((event) => event.sent)).toEqual([true, true, false, false]);
    expect(Number((await db.knex('audit_log').count({ n: '*' }).first())!.n)).toBe(2);
  });

  it('keeps an entry carrying U+0000 anywhere (text, JSON keys and values, ids), recording it as U+FFFD', async () => {
    const nul = 'a\u0000b';
    await log.append({
      ...access(7),
      ip: nul,
      requestId: nul,
      access: {
        ...access(7).access!,
        path: `/api/staffs/users/7/${nul}`,
        userAgent: nul,
        actorLogin: nul,
        memberIds: ['7', nul],
        detail: { query: { [nul]: nul, page: [nul] } },
      },
    });
    await log.append({ ...change(8), after: { memo: nul, at: new Date('2026-12-01T00:00:00Z'), plain: 'a\\u0000b' } });
    const [accessRow, changeRow] = await db
      .knex('audit_log')
      .orderBy('id')
      .select('path', 'user_agent', 'actor_login', 'ip', 'request_id', 'detail', 'member_ids', 'after');
    const replaced = 'a\uFFFDb';
    expect(accessRow.path).toBe(`/api/staffs/users/7/${replaced}`);
    expect([accessRow.user_agent, accessRow.actor_login, accessRow.ip, accessRow.request_id]).toEqual([replaced, replaced, replaced, replaced]);
    const detail = typeof accessRow.detail === 'string' ? JSON.parse(accessRow.detail) : accessRow.detail;
    expect(detail).toEqual({ query: { [replaced]: replaced, page: [replaced] } });
    const after = typeof changeRow.after === 'string' ? JSON.parse(changeRow.after) : changeRow.after;
    // Dates keep their JSON form; a backslash written before "u0000" is text, not U+0000, and stays.
    expect(after).toEqual({ memo: replaced, at: '2026-12-01T00:00:00.000Z', plain: 'a\\u0000b' });
  });

  it('fails only the entry the database refuses, and keeps the others of its batch', async () => {
    const results = await Promise.allSettled([log.append(access(1)), log.append(access(2)), log.append(access(3, 'nonsense')), log.append(change(4))]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const ids = (await db.knex('audit_log').select('entity_id')).map((row) => Number(row.entity_id)).sort();
    expect(ids).toEqual([1, 2, 4]);
  });
});
