import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { GuestBookingJson, ReservationJson } from '@clinic/contract';
import { translate } from '../../i18n';
import { fakeApi } from '../../test/fake-api';
import { createApi, urlOf } from './api';
import { guestReservations, reservations, staffReservations } from './endpoints';
import { createHttpClient } from './http';

function client(routes: Parameters<typeof fakeApi>[0]) {
  const fake = fakeApi(routes);
  const http = createHttpClient({ t: translate, notify: vi.fn(), redirect: vi.fn(), fetch: fake.fetch });
  return { api: createApi(http, { reservations, guestReservations, staffReservations }), ...fake };
}

describe('the API client made from the route table', () => {
  it('calls a route by name with its method and path, the body as JSON, and the headers of the HTTP client', async () => {
    const { api, calls } = client({ 'POST /api/users/reservations': { status: 201, body: { id: '1' } } });
    const answer = await api.reservations.book(
      { body: { clinicId: '1', menuId: '41', startsAt: '2026-12-01T10:00:00+09:00' } },
      { headers: { 'Idempotency-Key': 'k1' } },
    );
    expect(answer).toEqual({ id: '1' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"clinicId":"1","menuId":"41","startsAt":"2026-12-01T10:00:00+09:00"}');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['Idempotency-Key']).toBe('k1');
  });

  it('fills the path parameters (encoded) and the query', async () => {
    const { api, calls } = client({ 'GET /api/users/reservations/a%2Fb': { body: {} }, 'GET /api/staffs/reservations': { body: [] } });
    await api.reservations.get({ params: { id: 'a/b' } });
    await api.staffReservations.calendar({ query: { clinicId: '1', from: '2026-12-01', to: '2026-12-07' } });
    expect(calls.map((call) => call.url)).toEqual(['/api/users/reservations/a%2Fb', '/api/staffs/reservations?clinicId=1&from=2026-12-01&to=2026-12-07']);
  });

  it('types input and answer from the schemas: the wire shape in, the answer out', () => {
    const { api } = client({});
    expectTypeOf(api.reservations.list).returns.resolves.toEqualTypeOf<ReservationJson[]>();
    expectTypeOf(api.guestReservations.book).returns.resolves.toEqualTypeOf<GuestBookingJson>();
    // The server reads startsAt as epoch milliseconds; the browser sends the ISO text.
    expectTypeOf(api.reservations.change).parameter(0).toEqualTypeOf<{ params: { id: string }; body: { startsAt: string } }>();
    expectTypeOf(api.staffReservations.remove).returns.resolves.toEqualTypeOf<undefined>();
  });

  it('has a URL for the routes the browser opens itself (the event stream)', () => {
    expect(urlOf(staffReservations.events, { query: { clinicId: '7' } })).toBe('/api/staffs/events?clinicId=7');
  });
});
