import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

/**
 * One form of field path for every error (issue 26, docs/decisions.md "Field paths in errors"): the
 * field as the client sent it within its part, without `body.` or `query.`, whether the schema
 * refused it or a use case did. A client keys its form by one name.
 */
describe('field paths in errors', () => {
  const clock = fixedClock('2026-12-01T09:00:00+09:00');
  let server: TestServer;
  let fixture: BookingFixture;
  let staff: TestClient;
  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    await seedPeople(server.app);
    fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10, name: '表参道', phone: '03-1234-5678' });
    staff = server.client();
    await staff.login('staffS0001', PASSWORD);
  });
  afterAll(() => server.close());

  const pathsOf = (answer: { status: number; body: { error: { code: string; fields?: { path: string }[] } } }) => {
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    return answer.body.error.fields!.map((field) => field.path);
  };

  it('names a body field the same whether the schema or the use case refused it', async () => {
    const booking = (guest: Record<string, unknown>) =>
      server.client().post('/api/guests/reservations', {
        clinicId: fixture.clinicId,
        menuId: fixture.menuA,
        startsAt: at('2026-12-03T11:00'),
        guest: { name: '佐藤 ゆい', phone: '080-1111-2222', email: 'yui@example.jp', ...guest },
      });
    // The schema: kana of the wrong type. The use case: no kana in Japanese (docs/languages.md).
    expect(pathsOf(await booking({ kana: 42 }))).toEqual(['guest.kana']);
    expect(pathsOf(await booking({}))).toEqual(['guest.kana']);
  });

  it('names a query field the same whether the schema or the use case refused it', async () => {
    const list = (from: string, to: string) => staff.get(`/api/staffs/schedules?clinicId=${fixture.clinicId}&from=${from}&to=${to}`);
    // The schema: not a date. The rule: more than 92 days.
    expect(pathsOf(await list('2030-01-01', '2030-13-45'))).toEqual(['to']);
    expect(pathsOf(await list('2030-01-01', '2030-04-03'))).toEqual(['to']);
  });

  it('names the whole body `body` when it is not JSON, and input the database cannot store by its field', async () => {
    const notJson = await server.client().request('POST', '/api/guests/reservations', { headers: { 'Content-Type': 'text/plain' } });
    expect(pathsOf(notJson)).toEqual(['body']);
    const nul = await server.client().post('/api/guests/reservations', {
      clinicId: fixture.clinicId,
      menuId: fixture.menuA,
      startsAt: at('2026-12-03T11:00'),
      guest: { name: '佐藤\u0000ゆい', kana: 'サトウ ユイ', phone: '080-1111-2222', email: 'yui@example.jp' },
    });
    expect(pathsOf(nul)).toEqual(['guest.name']);
  });
});
