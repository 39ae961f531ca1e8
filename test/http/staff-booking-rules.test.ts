import { ACCOUNTS, RESERVATIONS } from '@clinic/server';
import { DomainRuleViolation, fixedClock } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

/**
 * Issue 16, items 7 and 8: a staff booking naming a member or a menu that does not exist was a 500
 * (foreign keys); a menu of another clinic, no menu or the same menu twice were accepted; so were
 * times in the past and outside opening hours, without a word. Now: 4xx with Japanese messages,
 * and the past or closed hours only with `allowOutsideHours: true`, recorded in the audit trail.
 */

// Tuesday 1 December 2026, 09:00 in Tokyo; the fixture clinic is open 10:00–19:00 every day.
const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let fixture: BookingFixture;
let other: BookingFixture;
let staff: TestClient;
let memberId: string;

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const count = async (table: string) => Number((await server.db.knex(table).count({ n: '*' }).first())!.n);
const task = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  startsAt: at(start),
  endsAt: at(end),
  staffId: fixture.staffIds[0],
  ...extra,
});
const explicit = (body: Record<string, unknown>) =>
  staff.post('/api/staffs/reservations', {
    clinicId: fixture.clinicId,
    userId: memberId,
    menuIds: [fixture.menuA],
    tasks: [task('2026-12-03T10:00', '2026-12-03T11:00')],
    ...body,
  });
const automatic = (body: Record<string, unknown>) =>
  staff.post('/api/staffs/reservations', { clinicId: fixture.clinicId, userId: memberId, menuId: fixture.menuA, startsAt: at('2026-12-03T10:00'), ...body });

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock.set('2026-12-01T09:00:00+09:00');
  await server.reset();
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-11-25', days: 20, staff: 2, rooms: 2, machines: 1 });
  other = await seedBookableClinic(server.db, { firstDay: '2026-11-25', days: 1, name: '他院' });
  const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  memberId = await memberOf(server.db, fixture.clinicId, hash, '300001');
  staff = server.client();
  await staff.login('staffS0001', PASSWORD);
});

describe('a staff booking names what exists (no more 500s)', () => {
  it('answers 404 USER_NOT_FOUND for a member that does not exist, both ways of booking', async () => {
    for (const answer of [await explicit({ userId: '999999' }), await automatic({ userId: '999999' })]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('USER_NOT_FOUND');
      expect(answer.body.error.message).toMatch(JAPANESE);
    }
    expect(await count('reservations')).toBe(0);
  });

  it('answers USER_NOT_FOUND first when something else is wrong too (the member is read beside the clinic and the menus)', async () => {
    for (const answer of [
      await explicit({ userId: '999999', tasks: [task('2026-12-03T10:05', '2026-12-03T11:00')] }),
      await explicit({ userId: '999999', menuIds: [other.menuA] }),
      await explicit({ userId: '999999', tasks: [task('2026-12-03T20:00', '2026-12-03T21:00')] }),
      await explicit({ userId: '999999', tasks: [task('2026-12-03T10:00', '2026-12-03T11:00', { staffId: other.staffIds[0] })] }),
      await automatic({ userId: '999999', menuId: other.menuA }),
      await automatic({ userId: '999999', startsAt: at('2026-12-03T20:00') }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('USER_NOT_FOUND');
    }
    expect(await count('reservations')).toBe(0);
  });

  it('answers 400 MENU_NOT_FOUND for a menu that does not exist or belongs to another clinic', async () => {
    for (const answer of [
      await explicit({ menuIds: ['999999'] }),
      await explicit({ menuIds: [fixture.menuA, other.menuA] }),
      await automatic({ menuId: '999999' }),
      await automatic({ menuId: other.menuA }),
    ]) {
      // A "not found" named in the body with its field is a 400 (http-error.ts), like every other.
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.code).toBe('MENU_NOT_FOUND');
      expect(answer.body.error.message).toMatch(JAPANESE);
    }
    expect((await explicit({ menuIds: [fixture.menuA, other.menuA] })).body.error.fields).toEqual([
      { path: 'menuIds.1', message: 'このクリニックのメニューではありません。' },
    ]);
    expect(await count('reservations')).toBe(0);
  });

  it('answers 400 for no menu and for the same menu twice', async () => {
    const none = await explicit({ menuIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual([{ path: 'menuIds', message: 'メニューを1つ以上選んでください。' }]);
    const twice = await explicit({ menuIds: [fixture.menuA, fixture.menuB, fixture.menuA] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields).toEqual([{ path: 'menuIds.2', message: '同じメニューが2回選ばれています。' }]);
    expect(await count('reservations')).toBe(0);
  });

  it('answers 404 when a task names a staff member, room or machine that does not exist', async () => {
    for (const extra of [{ staffId: '999999' }, { staffId: null, roomId: '999999' }, { staffId: null, machineId: '999999' }]) {
      const answer = await explicit({ tasks: [task('2026-12-03T10:00', '2026-12-03T11:00', extra)] });
      expect(answer.status, JSON.stringify(extra)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(extra)).toBeLessThan(500);
      expect(answer.body.error.message).toMatch(JAPANESE);
    }
  });
});

describe('a change by staff follows the same rules', () => {
  it('refuses menus that do not exist, of another clinic, none or twice, and closed hours without the confirmation', async () => {
    const created = await explicit({});
    expect(created.status).toBe(201);
    const change = (body: Record<string, unknown>) => staff.put(`/api/staffs/reservations/${created.body.id}`, body);
    for (const [body, code] of [
      [{ menuIds: ['999999'] }, 'MENU_NOT_FOUND'],
      [{ menuIds: [other.menuA] }, 'MENU_NOT_FOUND'],
      [{ menuIds: [] }, 'VALIDATION_FAILED'],
      [{ menuIds: [fixture.menuA, fixture.menuA] }, 'VALIDATION_FAILED'],
      [{ tasks: [task('2026-12-03T19:00', '2026-12-03T20:00', { staffId: null, roomId: fixture.roomIds[0] })] }, 'OUTSIDE_OPENING_HOURS'],
    ] as const) {
      const answer = await change(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe(code);
      expect(answer.body.error.message).toMatch(JAPANESE);
    }
    const confirmed = await change({
      tasks: [task('2026-12-03T19:00', '2026-12-03T20:00', { staffId: null, roomId: fixture.roomIds[0] })],
      allowOutsideHours: true,
    });
    expect(confirmed.status).toBe(200);
    expect(await server.db.knex('audit_log').where({ action: 'reservation.outside-hours-confirmed', entity_id: created.body.id }).first()).toBeDefined();
    expect((await change({ menuIds: [fixture.menuA, fixture.menuB] })).status).toBe(200);
  });
});

describe('the reservation repository maps foreign keys (the race after the checks)', () => {
  it.each([
    ['member', { userId: '999999' }, 'USER_NOT_FOUND'],
    ['menu', { menuIds: ['999999'] }, 'MENU_NOT_FOUND'],
  ])('turns a missing %s into DomainRuleViolation, never a raw 23503', async (_, override, code) => {
    const repository = server.app.container.get(RESERVATIONS.repository);
    const startMs = Date.parse(at('2026-12-03T10:00'));
    const draft = {
      clinicId: fixture.clinicId,
      userId: memberId,
      menuIds: [fixture.menuA],
      source: 'STAFF' as const,
      tasks: [{ startMs, endMs: startMs + 3_600_000, staffId: fixture.staffIds[0]!, roomId: null, machineId: null, menuId: null, label: '' }],
      memo: '',
      campaign: null,
      cancelTokenHash: null,
      startMs,
      endMs: startMs + 3_600_000,
      ...override,
    };
    const error = await repository.create(draft, { type: 'staff', id: null }, 'RESOURCE_COLLISION').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainRuleViolation);
    expect((error as DomainRuleViolation).error.code).toBe(code);
    expect(await count('reservations')).toBe(0);
  });
});

describe('times in the past or outside opening hours need a confirmation', () => {
  it('books inside opening hours in the future without one', async () => {
    expect((await explicit({})).status).toBe(201);
    expect((await automatic({ startsAt: at('2026-12-04T10:00') })).status).toBe(201);
  });

  it.each([
    ['before opening', '2026-12-03T09:00', '2026-12-03T10:00', 'OUTSIDE_HOURS'],
    ['after closing', '2026-12-03T18:30', '2026-12-03T19:30', 'OUTSIDE_HOURS'],
    ['in the past', '2026-11-30T10:00', '2026-11-30T11:00', 'PAST'],
    ['in the past and closed', '2026-11-30T08:00', '2026-11-30T09:00', 'PAST,OUTSIDE_HOURS'],
  ])('refuses a task %s with 400 OUTSIDE_OPENING_HOURS, then books it with allowOutsideHours and records that', async (_, start, end, reasons) => {
    const refused = await explicit({ tasks: [task(start, end)] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('OUTSIDE_OPENING_HOURS');
    expect(refused.body.error.message).toBe('営業時間外または過去の日時です。このまま予約する場合は、確認のうえもう一度登録してください。');
    expect(refused.body.error.detail).toEqual({ reasons });
    expect(refused.body.error.fields.length).toBe(reasons.split(',').length);
    expect(await count('reservations')).toBe(0);
    // The staff schedule of the fixture covers 10:00–19:00 only: book a room outside it.
    const confirmed = await explicit({ tasks: [task(start, end, { staffId: null, roomId: fixture.roomIds[0] })], allowOutsideHours: true });
    expect(confirmed.status).toBe(201);
    const audit = await server.db.knex('audit_log').where({ action: 'reservation.outside-hours-confirmed', entity_id: confirmed.body.id }).first();
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit.after)).toContain(reasons.split(',')[0]);
  });

  it('refuses a task on a holiday without the confirmation', async () => {
    await server.db.knex('clinic_holidays').insert({ clinic_id: fixture.clinicId, date: '2026-12-05', name: '臨時休診' });
    const refused = await explicit({ tasks: [task('2026-12-05T10:00', '2026-12-05T11:00', { staffId: null, roomId: fixture.roomIds[0] })] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.detail).toEqual({ reasons: 'OUTSIDE_HOURS' });
  });

  it('refuses an automatic booking in the past without the confirmation, and takes it with one', async () => {
    clock.set('2026-12-03T12:00:00+09:00');
    const refused = await automatic({ startsAt: at('2026-12-03T10:00') });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'OUTSIDE_OPENING_HOURS', detail: { reasons: 'PAST' } });
    const confirmed = await automatic({ startsAt: at('2026-12-03T10:00'), allowOutsideHours: true });
    expect(confirmed.status).toBe(201);
    expect(await server.db.knex('audit_log').where({ action: 'reservation.outside-hours-confirmed' }).count({ n: '*' }).first()).toEqual({
      n: expect.anything(),
    });
  });

  it('documents the flag in the OpenAPI schema', async () => {
    const document = (await server.client().get('/api/openapi.json')).body;
    expect(JSON.stringify(document.paths['/api/staffs/reservations'].post.requestBody)).toContain('allowOutsideHours');
  });
});
