import { fixedClock, replacementOf, DomainRuleViolation } from '@clinic/core';
import { RESERVATIONS } from '@clinic/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

/**
 * Optimistic concurrency on reservation changes (issue 15): every status change and task change is
 * decided on the reservation as read and applied only to that `version`; a change that lost the
 * race is 409 RESERVATION_CHANGED and changes nothing. Real concurrency on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
const clock = fixedClock('2026-12-01T09:00:00+09:00');
const SIMULTANEOUS = 10;
let server: TestServer;
let fixture: BookingFixture;
let staff: TestClient;
let reservationId: string;

const count = async (table: string, where: Record<string, unknown>) => Number((await server.db.knex(table).where(where).count({ n: '*' }).first())!.n);
const versionOf = async (id: string) => Number((await server.db.knex('reservations').where({ id }).first('version')).version);

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 5, staff: 2, rooms: 2, machines: 2 });
  staff = server.client();
  await staff.login('staffS0001', PASSWORD);
  const booked = await server.client().post('/api/guests/reservations', {
    clinicId: fixture.clinicId,
    menuId: fixture.menuA,
    startsAt: at('2026-12-03T10:00'),
    guest: { name: '版 花子', kana: 'ハン ハナコ', phone: '090-8888-0001', email: 'version@example.jp' },
  });
  expect(booked.status).toBe(201);
  reservationId = booked.body.id;
});

describe('a stale version is 409 RESERVATION_CHANGED', () => {
  it(`${SIMULTANEOUS} simultaneous cancels of one reservation: one 200, the rest refused; one audit entry, version + 1`, async () => {
    const before = await versionOf(reservationId);
    const answers = await Promise.all(Array.from({ length: SIMULTANEOUS }, () => staff.put(`/api/staffs/reservations/${reservationId}/cancel`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // Refused either by the version (read before the winner committed) or by the status rule (read after).
    for (const answer of answers.filter((a) => a.status !== 200)) expect(['RESERVATION_CHANGED', 'UPDATE_FAILED']).toContain(answer.body.error.code);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(await versionOf(reservationId)).toBe(before + 1);
    expect(await count('audit_log', { action: 'reservation.cancelled', entity_id: reservationId })).toBe(1);
  });

  it('simultaneous "visited" and "no-show": exactly one of them wins', async () => {
    const answers = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, (_, i) => staff.put(`/api/staffs/reservations/${reservationId}/${i % 2 ? 'visited' : 'not-visited'}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const winner = answers.find((a) => a.status === 200)!.body.status;
    expect((await server.db.knex('reservations').where({ id: reservationId }).first('status')).status).toBe(winner);
  });

  it(`${SIMULTANEOUS} simultaneous moves of one reservation to different times: no two moves start from the same version`, async () => {
    const before = await versionOf(reservationId);
    const starts = ['11:00', '12:00', '14:00', '15:00', '16:00', '17:00', '18:00', '10:00', '11:30', '14:30'].map((time) => at(`2026-12-04T${time}`));
    const answers = await Promise.all(starts.map((startsAt) => staff.put(`/api/staffs/reservations/${reservationId}/move`, { startsAt })));
    const moved = answers.filter((a) => a.status === 200);
    expect(moved.length).toBeGreaterThan(0);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(`${refused.status} ${refused.body.error.code}`).toBe('409 RESERVATION_CHANGED');
    // Whatever the interleaving (PGlite runs one statement at a time, PostgreSQL really races),
    // the history is one line: each accepted move was decided on its own version, one after another.
    const trail = (await server.db.knex('audit_log').where({ action: 'reservation.move', entity_id: reservationId }).select('before', 'after')) as {
      before: { version: number } | string;
      after: { version: number; startMs: number } | string;
    }[];
    const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
    const steps = trail.map((entry) => ({ from: parse(entry.before).version, to: parse(entry.after) }));
    expect(steps).toHaveLength(moved.length);
    expect(steps.map((step) => step.from).sort((a, b) => a - b)).toEqual(Array.from({ length: moved.length }, (_, i) => before + i));
    expect(await versionOf(reservationId)).toBe(before + moved.length);
    const last = steps.reduce((a, b) => (a.to.version > b.to.version ? a : b)).to;
    const row = await server.db.knex('reservations').where({ id: reservationId }).first(server.db.knex.raw('extract(epoch from starts_at) * 1000 as ms'));
    expect(Number(row.ms)).toBe(last.startMs);
    expect(await count('reservation_tasks', { reservation_id: reservationId })).toBe(1);
  });

  it('the repository refuses a change made on a version that has moved on, and changes nothing', async () => {
    const repository = server.app.container.get(RESERVATIONS.repository);
    const version = await versionOf(reservationId);
    expect((await staff.put(`/api/staffs/reservations/${reservationId}/visited`)).status).toBe(200);
    const stale = repository.setStatus(reservationId, 'CANCELLED', { type: 'staff', id: null }, version);
    await expect(stale).rejects.toBeInstanceOf(DomainRuleViolation);
    await expect(stale).rejects.toMatchObject({ error: { code: 'RESERVATION_CHANGED' } });
    expect((await server.db.knex('reservations').where({ id: reservationId }).first('status')).status).toBe('VISITED');
    const current = (await repository.findById(reservationId))!;
    await expect(
      repository.replaceTasks(reservationId, replacementOf(current, { tasks: current.tasks, memo: 'x' }), 'RESOURCE_COLLISION', version),
    ).rejects.toMatchObject({
      error: { code: 'RESERVATION_CHANGED' },
    });
    expect((await repository.setStatus(reservationId, 'RESERVED', { type: 'staff', id: null }, version + 1))?.status).toBe('RESERVED');
    expect(await repository.setStatus('999999', 'RESERVED', { type: 'staff', id: null }, 1)).toBeNull();
  });
});
