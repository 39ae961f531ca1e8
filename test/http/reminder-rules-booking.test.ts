import { KnexMessageRepository } from '@clinic/adapters/persistence';
import { fixedClock, renderMessage } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { signInAll, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

// Tuesday 1 December 2026, 09:00 in Tokyo.
const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let fixture: BookingFixture;
let admin: TestClient;

const guest = { name: '予約 花子', kana: 'ヨヤク ハナコ', phone: '090-1111-2222', email: 'yoyaku.hanako@example.jp' };

const reminders = async (reservationId: string) =>
  (await server.db.knex('messages').where({ reservation_id: reservationId, kind: 'REMINDER' }).orderBy('scheduled_at')).map((row) => ({
    id: String(row.id),
    status: row.status,
    at: new Date(row.scheduled_at).toISOString(),
  }));

/** The text a reminder will be sent with, rendered from what the outbox reads at delivery. */
const reminderText = async (id: string) => {
  // Reading the facts needs no queue.
  const facts = (await new KnexMessageRepository(server.db.knex, undefined as never).facts([id])).get(id);
  if (!facts || facts.kind !== 'REMINDER') throw new Error(`no reminder ${id}`);
  return renderMessage({ ...facts, kind: 'REMINDER' }, 'https://clinic.example', clock.now().toMillis()).text;
};

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock.set('2026-12-01T09:00:00+09:00');
  ({ admin } = await signInAll(server));
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10 });
});

describe('reminder rules set on the clinic drive the reminders of a booking', () => {
  it('schedules one reminder per rule saved with PUT /api/admin/clinics, carrying the menu’s 来院前のご案内', async () => {
    const current = (await admin.get(`/api/admin/clinics/${fixture.clinicId}`)).body;
    const { id: _id, breaks: _b, holidays: _h, ...settings } = current;
    const saved = await admin.put(`/api/admin/clinics/${fixture.clinicId}`, {
      ...settings,
      reminderRules: [
        { kind: 'DAY_BEFORE', at: '19:30' },
        { kind: 'HOURS_BEFORE', hours: 3 },
      ],
    });
    expect(saved.status).toBe(200);

    const menu = (await admin.get(`/api/admin/menus/${fixture.menuA}`)).body;
    const note = '施術当日はメイクをせずにご来院ください。';
    const updated = await admin.put(`/api/admin/menus/${fixture.menuA}`, {
      categoryId: menu.categoryId,
      name: menu.name,
      kind: menu.kind,
      enabled: menu.enabled,
      webBookable: menu.webBookable,
      price: menu.price,
      description: menu.description,
      preVisitNote: note,
      afterMenuId: menu.afterMenuId,
      tasks: menu.tasks.map((task: Record<string, unknown>) => ({
        label: task.label,
        durationMinutes: task.durationMinutes,
        needsStaff: task.needsStaff,
        roomIds: task.roomIds,
        machineIds: task.machineIds,
      })),
    });
    expect(updated.status).toBe(200);

    const booked = await server
      .client()
      .post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-04T14:00'), guest });
    expect(booked.status).toBe(201);
    const scheduled = await reminders(booked.body.id);
    expect(scheduled.map(({ status, at }) => ({ status, at }))).toEqual([
      { status: 'SCHEDULED', at: new Date(at('2026-12-03T19:30')).toISOString() },
      { status: 'SCHEDULED', at: new Date(at('2026-12-04T11:00')).toISOString() },
    ]);
    expect(await reminderText(scheduled[0]!.id)).toContain(note);
  });

  it('schedules no reminder for a clinic whose rules are empty', async () => {
    const current = (await admin.get(`/api/admin/clinics/${fixture.clinicId}`)).body;
    const { id: _id, breaks: _b, holidays: _h, ...settings } = current;
    expect((await admin.put(`/api/admin/clinics/${fixture.clinicId}`, { ...settings, reminderRules: [] })).status).toBe(200);
    const booked = await server
      .client()
      .post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-04T14:00'), guest });
    expect(booked.status).toBe(201);
    expect(await reminders(booked.body.id)).toEqual([]);
    expect(await server.db.knex('messages').where({ reservation_id: booked.body.id, kind: 'CONFIRMATION' })).toHaveLength(1);
  });
});
