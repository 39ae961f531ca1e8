import { ACCOUNTS } from '@clinic/server';
import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let fixture: BookingFixture;
let staff: TestClient;
let member: TestClient;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 3 });
  await memberOf(server.db, fixture.clinicId, await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD), '300001');
  staff = server.client();
  member = server.client();
  await staff.login('staffS0001', PASSWORD);
  await member.login('user300001', PASSWORD);
});
afterAll(() => server.close());

/** Reads server-sent events until one named `reservations` arrives (or the stream ends). */
const nextEvent = async (reader: ReadableStreamDefaultReader<Uint8Array>): Promise<{ event: string; data: unknown }> => {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the event stream ended');
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event === 'reservations' && data) return { event, data: JSON.parse(data) };
    }
  }
};

describe('live updates and history', () => {
  it('sends an event to a listening calendar when a booking commits, and keeps the history', async () => {
    const response = await fetch(`${server.url}/api/staffs/events?clinicId=${fixture.clinicId}`, {
      headers: { Cookie: `clinic.sid=${staff.cookies.get('clinic.sid')}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const first = nextEvent(reader);

    const booked = await member.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-02T10:00') });
    expect(booked.status).toBe(201);
    expect((await first).data).toEqual({ clinicId: fixture.clinicId, from: '2026-12-02T10:00:00+09:00', to: '2026-12-02T11:00:00+09:00' });

    const second = nextEvent(reader);
    const moved = await staff.put(`/api/staffs/reservations/${booked.body.id}/move`, { startsAt: at('2026-12-02T15:00') });
    expect(moved.status).toBe(200);
    // The event covers both where it was and where it went.
    expect((await second).data).toEqual({ clinicId: fixture.clinicId, from: '2026-12-02T10:00:00+09:00', to: '2026-12-02T16:00:00+09:00' });
    await staff.put(`/api/staffs/reservations/${booked.body.id}/cancel`);
    await reader.cancel();

    const history = await staff.get(`/api/staffs/reservations/${booked.body.id}/history`);
    expect(
      history.body.map((entry: { action: string; actor: { type: string; name: string | null } }) => [entry.action, entry.actor.type, entry.actor.name]),
    ).toEqual([
      ['reservation.create', 'user', '会員 300001'],
      ['reservation.move', 'staff', '佐藤 美咲'],
      ['reservation.cancelled', 'staff', '佐藤 美咲'],
    ]);
  });

  it('is for staff only', async () => {
    expect((await member.get(`/api/staffs/events?clinicId=${fixture.clinicId}`)).status).toBe(401);
  });
});
