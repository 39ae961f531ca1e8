import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { ReservationView } from '../domain/reservation.entity';
import type { AvailabilityContext, AvailabilitySourcePort } from '../ports/availability-source.port';
import type { StaffReservationFilter } from '../ports/reservation-repository.port';
import { ReservationQueriesUseCase } from './reservation-queries.use-case';

const at = (hhmm: string) => DateTime.fromISO(`2026-12-01T${hhmm}`, { zone: 'Asia/Tokyo' }).toMillis();

/** Staff s1 works 10:00–13:00 and 13:00–18:00 (two schedules back to back), s2 10:00–18:00 with a break 12:00–13:00, s3 holds a visit 11:00–12:00. */
const context: AvailabilityContext = {
  clinic: {} as AvailabilityContext['clinic'],
  menu: null,
  staffIds: ['s1', 's2', 's3'],
  roomIds: ['r1', 'r2'],
  machineIds: ['m1'],
  schedules: [
    { staffId: 's1', startMs: at('10:00'), endMs: at('13:00'), breaks: [], categoryId: null },
    { staffId: 's1', startMs: at('13:00'), endMs: at('18:00'), breaks: [], categoryId: null },
    { staffId: 's2', startMs: at('10:00'), endMs: at('18:00'), breaks: [[at('12:00'), at('13:00')]], categoryId: null },
    { staffId: 's3', startMs: at('10:00'), endMs: at('18:00'), breaks: [], categoryId: null },
  ],
  busy: [
    { type: 'STAFF', id: 's3', startMs: at('11:00'), endMs: at('12:00') },
    { type: 'ROOM', id: 'r2', startMs: at('11:30'), endMs: at('12:30') },
  ],
};

const source: AvailabilitySourcePort = {
  clinic: async () => null,
  load: async (clinicId) => (clinicId === 'c1' ? context : null),
  loadForSearch: async () => null,
};

/** An in-memory repository that records what the search asked the database for. */
const repository = () => {
  const calls: Array<{ kind: string; fromMs: number; toMs: number; filter?: StaffReservationFilter }> = [];
  return {
    calls,
    listForClinic: async (_clinicId: string, fromMs: number, toMs: number): Promise<ReservationView[]> => {
      calls.push({ kind: 'list', fromMs, toMs });
      return [];
    },
    searchForClinic: async (_clinicId: string, fromMs: number, toMs: number, filter: StaffReservationFilter): Promise<ReservationView[]> => {
      calls.push({ kind: 'search', fromMs, toMs, filter });
      return [];
    },
  };
};

describe('ReservationQueriesUseCase', () => {
  it('frees a person by the booking rule: at work across back-to-back schedules, not in a break, holding nothing', async () => {
    const queries = new ReservationQueriesUseCase(repository(), source);
    const span = await queries.freeResources({ clinicId: 'c1', startMs: at('12:30'), endMs: at('13:30') });
    // s1 spans its two schedules (a booking with s1 then is accepted); s2 is in a break; s3 is free then.
    expect(span).toEqual({ ok: true, value: { staffIds: ['s1', 's3'], roomIds: ['r1', 'r2'], machineIds: ['m1'] } });
    const busy = await queries.freeResources({ clinicId: 'c1', startMs: at('11:00'), endMs: at('11:45') });
    expect(busy).toEqual({ ok: true, value: { staffIds: ['s1', 's2'], roomIds: ['r1'], machineIds: ['m1'] } });
    expect(await queries.freeResources({ clinicId: 'c1', startMs: at('09:00'), endMs: at('10:30') })).toMatchObject({ ok: true, value: { staffIds: [] } });
  });

  it('an unknown clinic is CLINIC_NOT_FOUND', async () => {
    const queries = new ReservationQueriesUseCase(repository(), source);
    expect(await queries.freeResources({ clinicId: 'nope', startMs: at('10:00'), endMs: at('11:00') })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'CLINIC_NOT_FOUND' }),
    });
  });

  it('the calendar reads at most 42 days, the search 90, both by whole days in clinic time', async () => {
    const repo = repository();
    const queries = new ReservationQueriesUseCase(repo, source);
    expect((await queries.calendar('c1', '2026-12-01', '2027-01-11')).ok).toBe(true);
    expect(await queries.calendar('c1', '2026-12-01', '2027-01-12')).toEqual({ ok: false, error: expect.objectContaining({ code: 'SEARCH_PERIOD_TOO_LONG' }) });
    expect((await queries.search({ clinicId: 'c1', from: '2026-12-01', to: '2027-02-28' })).ok).toBe(true);
    expect((await queries.search({ clinicId: 'c1', from: '2026-12-01', to: '2027-03-01' })).ok).toBe(false);
    expect((await queries.search({ clinicId: 'c1', from: '2026-12-02', to: '2026-12-01' })).ok).toBe(false);
    expect(repo.calls[0]).toEqual({ kind: 'list', fromMs: at('00:00'), toMs: DateTime.fromISO('2027-01-12T00:00', { zone: 'Asia/Tokyo' }).toMillis() });
  });

  it('counts whole days across a change of offset, and answers a day asked again the same', async () => {
    const repo = repository();
    const queries = new ReservationQueriesUseCase(repo, source, 'America/New_York');
    // Daylight saving time ends there on 2026-11-01: 2026-10-20 to 2026-11-30 is 42 days with one of 25 hours.
    expect((await queries.calendar('c1', '2026-10-20', '2026-11-30')).ok).toBe(true);
    expect((await queries.calendar('c1', '2026-10-20', '2026-12-01')).ok).toBe(false);
    expect((await queries.calendar('c1', '2026-10-20', '2026-11-30')).ok).toBe(true);
    const newYork = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' }).toMillis();
    expect(repo.calls).toEqual([
      { kind: 'list', fromMs: newYork('2026-10-20T00:00'), toMs: newYork('2026-12-01T00:00') },
      { kind: 'list', fromMs: newYork('2026-10-20T00:00'), toMs: newYork('2026-12-01T00:00') },
    ]);
    expect((await queries.calendar('c1', 'not-a-day', '2026-11-30')).ok).toBe(false);
  });

  it('the search hands its filters to the database, a blank keyword left out', async () => {
    const repo = repository();
    const queries = new ReservationQueriesUseCase(repo, source);
    await queries.search({ clinicId: 'c1', from: '2026-12-01', to: '2026-12-07', userId: '7', status: 'RESERVED', keyword: ' ヤマダ ' });
    await queries.search({ clinicId: 'c1', from: '2026-12-01', to: '2026-12-07', keyword: '  ' });
    expect(repo.calls.map((call) => call.filter)).toEqual([{ userId: '7', status: 'RESERVED', keyword: 'ヤマダ' }, {}]);
  });
});
