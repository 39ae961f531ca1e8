import { ACCOUNTS } from '@clinic/server';
import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { sentDuring, statementsDuring } from '../support/statements';

/**
 * Issue 12: a booking's messages must not cost the booking its speed (docs/benchmarks.md). The
 * statements of one staff booking, counted: the member read once (its addresses reused for the
 * messages), the clinic read once (with the availability, its hours reused by the staff rules), no
 * member lock (staff bookings have no one-per-menu rule), and the reservation written with its
 * confirmation, reminders and the confirmation's delivery job (pg-boss's own insert; a reminder's
 * is written shortly before it is due) in one statement, with no transaction around it. Counted on
 * the knex connection.
 */
const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let fixture: BookingFixture;
let staff: TestClient;
let memberId: string;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-11-25', days: 20, staff: 2, rooms: 2, machines: 1 });
  const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  memberId = await memberOf(server.db, fixture.clinicId, hash, '300001');
  await server.db.knex('users').where('id', memberId).update({ email: 'round-trips@example.jp' });
  staff = server.client();
  await staff.login('staffS0001', PASSWORD);
});
afterAll(() => server.close());

const statementsOf = (work: () => Promise<unknown>): Promise<string[]> => statementsDuring(server.db.knex, work);

/** The name each statement matching `pattern` was prepared under, while `work` ran. */
const namesOf = async (pattern: RegExp, work: () => Promise<unknown>): Promise<(string | undefined)[]> =>
  (await sentDuring(server.db.knex, work)).filter((statement) => pattern.test(statement.sql)).map((statement) => statement.name);

/** The bindings of every separate insert into `audit_log` while `work` runs (the access records, and any change record appended on its own). */
const auditInsertsDuring = async (work: () => Promise<unknown>): Promise<unknown[][]> => {
  const inserts: unknown[][] = [];
  const record = (query: { sql: string; bindings?: unknown[] }) => {
    if (/insert into "audit_log"/.test(query.sql)) inserts.push(query.bindings ?? []);
  };
  server.db.knex.on('query', record);
  try {
    await work();
  } finally {
    server.db.knex.off('query', record);
  }
  return inserts;
};

it('books for staff in one read of the member, one of the clinic and one statement for the reservation, its messages and its change record', async () => {
  let status = 0;
  let seen: string[] = [];
  const auditInserts = await auditInsertsDuring(async () => {
    seen = await statementsOf(async () => {
      status = (
        await staff.post('/api/staffs/reservations', { clinicId: fixture.clinicId, userId: memberId, menuId: fixture.menuA, startsAt: at('2026-12-03T10:00') })
      ).status;
    });
  });
  expect(status).toBe(201);
  // The change record is the statement's: no insert of its own, one commit fewer (the access record's is the middleware's).
  expect(auditInserts.flat()).not.toContain('reservation.create');
  expect(auditInserts.flat()).toContain('access');
  const own = seen.filter((sql) => !/^\s*(update messages|select m\.id|insert into "mail_outbox"|select o\.id)/.test(sql) && !sql.includes('"audit_log"'));
  expect(own.filter((sql) => /from "users"/.test(sql))).toHaveLength(1);
  expect(own.filter((sql) => /\bfor update\b/i.test(sql))).toEqual([]);
  const clinicReads = own.filter((sql) => /from clinics c\b|from "clinics"/.test(sql));
  expect(clinicReads).toHaveLength(1);
  expect(clinicReads[0]).toMatch(/with performers as/);
  expect(own.filter((sql) => /insert into "?messages"?/.test(sql) && !/insert into reservations/.test(sql))).toEqual([]);
  const write = own.filter((sql) => /insert into reservations/.test(sql));
  expect(write).toHaveLength(1);
  expect(write[0]).toMatch(/insert into messages/);
  expect(write[0]).toMatch(/INSERT INTO \S+\.job\b/);
  expect(write[0]).toMatch(/insert into audit_log/);
  expect(own.filter((sql) => /^\s*(begin|commit)\b/i.test(sql))).toEqual([]);
  // The messages are there, with the reservation, and the confirmation is delivered by its job.
  const reservation = await server.db.knex('reservations').where('user_id', memberId).first('id');
  const records = await server.db
    .knex('audit_log')
    .where({ entity: 'reservation', entity_id: String(reservation.id) })
    .select('action', 'actor_type', 'after');
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({ action: 'reservation.create', actor_type: 'staff' });
  expect((await server.db.knex('messages').where('reservation_id', reservation.id).select('kind')).map((row) => row.kind)).toContain('CONFIRMATION');
  await expect
    .poll(async () => (await server.db.knex('messages').where({ reservation_id: reservation.id, kind: 'CONFIRMATION' }).first('status')).status, {
      timeout: 30_000,
    })
    .toBe('SENT');
});

it('reads the member, the menus and the clinic with its day of a staff booking with tasks at the same time, and each once', async () => {
  // Each statement sent, and each answer, in the order they happened (knex's uid ties them).
  const events: Array<{ sent: boolean; uid: string; sql: string }> = [];
  const sent = (query: { sql: string; __knexQueryUid: string }) => events.push({ sent: true, uid: query.__knexQueryUid, sql: query.sql });
  const answered = (_response: unknown, query: { sql: string; __knexQueryUid: string }) =>
    events.push({ sent: false, uid: query.__knexQueryUid, sql: query.sql });
  // Idle connections enough in the pool for the three reads: one opened on demand would let the
  // first answer arrive before the last read is sent (seen on a busy machine).
  if (server.db.kind === 'postgres') await Promise.all(Array.from({ length: 6 }, () => server.db.knex.raw('select pg_sleep(0.05)')));
  server.db.knex.on('query', sent).on('query-response', answered);
  let status: number;
  try {
    status = (
      await staff.post('/api/staffs/reservations', {
        clinicId: fixture.clinicId,
        userId: memberId,
        menuIds: [fixture.menuA],
        tasks: [{ startsAt: at('2026-12-09T10:00'), endsAt: at('2026-12-09T11:00'), staffId: fixture.staffIds[0] }],
      })
    ).status;
  } finally {
    server.db.knex.off('query', sent).off('query-response', answered);
  }
  expect(status).toBe(201);
  const memberRead = events.filter((event) => event.sent && /from "users"/.test(event.sql));
  const menusRead = events.filter((event) => event.sent && /from "menus"/.test(event.sql));
  const clinicRead = events.filter((event) => event.sent && /with performers as/.test(event.sql));
  expect(memberRead).toHaveLength(1);
  expect(menusRead).toHaveLength(1);
  expect(clinicRead).toHaveLength(1);
  if (server.db.kind === 'postgres') {
    // Three pooled connections: each read is sent before any of them is answered.
    const reads = [memberRead[0]!, menusRead[0]!, clinicRead[0]!];
    const firstAnswer = events.findIndex((event) => !event.sent && reads.some((read) => read.uid === event.uid));
    for (const read of reads) expect(events.indexOf(read)).toBeLessThan(firstAnswer);
  }
});

it('cancels for staff in one read of the reservation with its member and one statement for the change, its notice, its ended reminders and the waitlist look', async () => {
  const booked = await staff.post('/api/staffs/reservations', {
    clinicId: fixture.clinicId,
    userId: memberId,
    menuId: fixture.menuA,
    startsAt: at('2026-12-04T10:00'),
  });
  expect(booked.status).toBe(201);
  let status = 0;
  const seen = await statementsOf(async () => {
    status = (await staff.put(`/api/staffs/reservations/${booked.body.id}/cancel`)).status;
  });
  expect(status).toBe(200);
  const own = seen.filter((sql) => !/^\s*(update messages|select m\.id|insert into "mail_outbox"|select o\.id)/.test(sql) && !sql.includes('"audit_log"'));
  // The reservation and its member's addresses in one read; nothing else reads the member.
  const reads = own.filter((sql) => /from "reservations"/.test(sql));
  expect(reads).toHaveLength(1);
  expect(reads[0]).toMatch(/"u"\."email"/);
  expect(own.filter((sql) => /from "users"/.test(sql))).toEqual([]);
  // One statement: the status, the reminders it ends, the notice and its delivery job, the waitlist's lock and look.
  const write = own.filter((sql) => /update reservations set status/.test(sql));
  expect(write).toHaveLength(1);
  expect(write[0]).toMatch(/update messages ms set status = 'CANCELLED'/);
  expect(write[0]).toMatch(/insert into messages/);
  expect(write[0]).toMatch(/INSERT INTO \S+\.job\b/);
  expect(write[0]).toMatch(/waitlist_lock_and_look/);
  // Nobody waits: no matcher run (no lock of its own, no read of waiting entries).
  expect(own.filter((sql) => /pg_advisory_xact_lock|waitlist_entries/.test(sql))).toEqual([]);
  expect(own.filter((sql) => !/^\s*(begin|commit)\b/i.test(sql))).toHaveLength(2);
  // The notice is there and is delivered; the reminders are cancelled.
  const kinds = await server.db.knex('messages').where('reservation_id', booked.body.id).select('kind', 'status');
  expect(kinds.filter((row) => row.kind === 'REMINDER').every((row) => row.status === 'CANCELLED')).toBe(true);
  await expect
    .poll(async () => (await server.db.knex('messages').where({ reservation_id: booked.body.id, kind: 'CANCELLATION' }).first('status'))?.status, {
      timeout: 30_000,
    })
    .toBe('SENT');
});

it('sends the availability read, the booking and the cancel as prepared statements, each under one name', async () => {
  const book = (startsAt: string) => staff.post('/api/staffs/reservations', { clinicId: fixture.clinicId, userId: memberId, menuId: fixture.menuA, startsAt });
  const hot = /with performers as|insert into reservations|update reservations set status/;
  const names = await namesOf(hot, async () => {
    for (const startsAt of [at('2026-12-07T10:00'), at('2026-12-08T10:00')]) {
      const booked = await book(startsAt);
      expect(booked.status).toBe(201);
      expect((await staff.put(`/api/staffs/reservations/${booked.body.id}/cancel`)).status).toBe(200);
    }
  });
  // Per booking: the availability read and the write; per cancel: the write (twice over).
  expect(names).toHaveLength(6);
  expect(names.every((name) => /^clinic_[0-9a-f]{24}$/.test(name ?? ''))).toBe(true);
  // The same statement keeps its name; different statements have different ones.
  expect(new Set(names).size).toBe(3);
});

it("books for a member in one transaction: the member's lock, the look for a live booking of the menu, and one statement for the reservation and its messages", async () => {
  const member = server.client();
  expect((await member.login('user300001', PASSWORD)).status).toBeLessThan(400);
  let status = 0;
  const seen = await statementsOf(async () => {
    status = (await member.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuB, startsAt: at('2026-12-10T10:00') })).status;
  });
  expect(status).toBe(201);
  const own = seen.filter((sql) => !/^\s*(update messages|select m\.id|insert into "mail_outbox"|select o\.id)/.test(sql) && !sql.includes('"audit_log"'));
  // The use case owns the transaction (issue 22): inside it exactly what the rules need and the write.
  const begin = own.findIndex((sql) => /^\s*begin\b/i.test(sql));
  const commit = own.findIndex((sql, index) => index > begin && /^\s*commit\b/i.test(sql));
  expect(begin).toBeGreaterThanOrEqual(0);
  const inside = own.slice(begin + 1, commit);
  expect(inside).toHaveLength(3);
  expect(inside[0]).toMatch(/from "users".*for update/);
  expect(inside[1]).toMatch(/"reservation_menus"/);
  expect(inside[2]).toMatch(/insert into reservations/);
  expect(inside[2]).toMatch(/insert into messages/);
  expect(own.filter((sql) => /^\s*(begin|commit)\b/i.test(sql))).toHaveLength(2);
});
