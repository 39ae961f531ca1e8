import { SalonSystemError } from '@clinic/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeSalonServer, type FakeSalonServer } from '../fakes/fake-salon-server';
import { HttpSalonSystem, type SalonHttpOptions } from '@clinic/adapters/salon';

const hanako = { memberId: 'S-001', cardNumber: '100001', name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '09012345678', email: null, points: 120 };
const taro = { memberId: 'S-002', cardNumber: '100002', name: '鈴木 太郎', kana: null, phone: null, email: 'taro@example.jp', points: 0 };
const course = {
  contractId: 'C-1',
  menuId: '7',
  menuName: '医療脱毛 5回コース',
  sessionsTotal: 5,
  sessionsUsed: 2,
  expiresOn: '2027-03-31',
  contractedAt: '2026-04-01T10:00:00+09:00',
};

let fake: FakeSalonServer;

beforeAll(async () => {
  fake = await startFakeSalonServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.clear();
  fake.mode = 'ok';
  fake.requests = 0;
  fake.failNext = 0;
  fake.pageSize = 100;
  fake.put(hanako, [course]);
  fake.put(taro);
});
afterEach(() => vi.restoreAllMocks());

const system = (options: Partial<SalonHttpOptions> = {}) =>
  new HttpSalonSystem({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    timeoutMs: 150,
    retries: 1,
    backoffMs: 5,
    breakerThreshold: 3,
    halfOpenAfterMs: 60_000,
    ...options,
  });

const failure = async (call: Promise<unknown>): Promise<SalonSystemError> => {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SalonSystemError);
  return error as SalonSystemError;
};

describe('HttpSalonSystem', () => {
  it('reads a member by salon id or by card number, their contracts, and the paged export', async () => {
    const salon = system();
    expect(await salon.findMember({ memberId: 'S-001' })).toEqual(hanako);
    expect(await salon.findMember({ cardNumber: '100002' })).toEqual(taro);
    expect(await salon.contractsOf('S-001')).toEqual([course]);
    fake.pageSize = 1;
    const exported = await salon.exportMembers();
    expect(exported.map((member) => [member.memberId, member.contracts.length])).toEqual([
      ['S-001', 1],
      ['S-002', 0],
    ]);
    expect(salon.circuitState()).toBe('closed');
  });

  it('answers null for a member the salon system does not know', async () => {
    const salon = system();
    expect(await salon.findMember({ memberId: 'S-404' })).toBeNull();
    expect(await salon.findMember({ cardNumber: '999999' })).toBeNull();
    expect(await salon.contractsOf('S-404')).toBeNull();
  });

  it('gives up on a slow answer after the timeout and one retry', async () => {
    fake.mode = 'slow';
    const error = await failure(system().findMember({ memberId: 'S-001' }));
    expect(error.reason).toBe('TIMEOUT');
    expect(fake.requests).toBe(2);
  });

  it('retries a 5xx with backoff and succeeds when the salon system comes back', async () => {
    fake.failNext = 2;
    expect(await system({ retries: 3 }).findMember({ memberId: 'S-001' })).toEqual(hanako);
    expect(fake.requests).toBe(3);
  });

  it('opens the circuit after consecutive failures, fails fast while open, and closes after a good half-open trial', async () => {
    fake.mode = 'down';
    const salon = system({ retries: 0, breakerThreshold: 3, halfOpenAfterMs: 60_000 });
    for (let i = 0; i < 3; i++) expect((await failure(salon.findMember({ memberId: 'S-001' }))).reason).toBe('SERVER_ERROR');
    expect(salon.circuitState()).toBe('open');
    expect(fake.requests).toBe(3);

    // Open: calls fail at once without reaching the salon system.
    expect((await failure(salon.findMember({ memberId: 'S-001' }))).reason).toBe('CIRCUIT_OPEN');
    expect((await failure(salon.contractsOf('S-001'))).reason).toBe('CIRCUIT_OPEN');
    expect(fake.requests).toBe(3);

    // cockatiel reads Date.now(): move it past the half-open delay instead of waiting a minute.
    fake.mode = 'ok';
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_001);
    expect(await salon.findMember({ memberId: 'S-001' })).toEqual(hanako);
    expect(fake.requests).toBe(4);
    expect(salon.circuitState()).toBe('closed');
  });

  it('opens again when the half-open trial fails', async () => {
    fake.mode = 'down';
    const salon = system({ retries: 0, breakerThreshold: 2, halfOpenAfterMs: 1_000 });
    await failure(salon.findMember({ memberId: 'S-001' }));
    await failure(salon.findMember({ memberId: 'S-001' }));
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1_001);
    expect((await failure(salon.findMember({ memberId: 'S-001' }))).reason).toBe('SERVER_ERROR');
    expect(salon.circuitState()).toBe('open');
    expect((await failure(salon.findMember({ memberId: 'S-001' }))).reason).toBe('CIRCUIT_OPEN');
    expect(fake.requests).toBe(3);
  });

  it('refuses an answer that is not JSON, without retrying it', async () => {
    fake.mode = 'garbage';
    const error = await failure(system({ retries: 2 }).findMember({ memberId: 'S-001' }));
    expect(error.reason).toBe('INVALID_RESPONSE');
    expect(error.message).toMatch(/not JSON/);
    expect(fake.requests).toBe(1);
  });

  it('refuses JSON of the wrong shape and names what is wrong', async () => {
    fake.mode = 'wrong-shape';
    const salon = system();
    const member = await failure(salon.findMember({ memberId: 'S-001' }));
    expect(member.reason).toBe('INVALID_RESPONSE');
    expect(member.message).toMatch(/member\.memberId/);
    expect((await failure(salon.contractsOf('S-001'))).reason).toBe('INVALID_RESPONSE');
    expect((await failure(salon.exportMembers())).reason).toBe('INVALID_RESPONSE');
  });

  it('refuses contracts whose used sessions exceed the total', async () => {
    fake.put(hanako, [{ ...course, sessionsUsed: 6 }]);
    expect((await failure(system().contractsOf('S-001'))).reason).toBe('INVALID_RESPONSE');
  });

  it('reports a wrong API key as a refusal, neither retried nor opening the circuit', async () => {
    const salon = system({ apiKey: 'wrong-key-123', breakerThreshold: 1 });
    expect((await failure(salon.findMember({ memberId: 'S-001' }))).reason).toBe('REJECTED');
    expect(fake.requests).toBe(1);
    expect(salon.circuitState()).toBe('closed');
  });

  it('reports an address where nothing listens as unreachable', async () => {
    const closed = await startFakeSalonServer();
    await closed.close();
    const salon = new HttpSalonSystem({
      baseUrl: closed.url,
      apiKey: 'k',
      timeoutMs: 500,
      retries: 1,
      backoffMs: 5,
      breakerThreshold: 5,
      halfOpenAfterMs: 1000,
    });
    expect((await failure(salon.findMember({ memberId: 'S-001' }))).reason).toBe('UNREACHABLE');
  });
});
