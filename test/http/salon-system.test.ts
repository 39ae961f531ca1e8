import { fixedClock } from '@clinic/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeSalonServer, type FakeSalonServer } from '../fakes/fake-salon-server';
import { seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { signInAll, startTestServer, type SignedIn, type TestServer } from '../support/http-harness';

// The salon-management system (販売管理システム) over real HTTP on loopback: our server on one
// port, the fake salon system on another.

const NO_ANSWER = 'サーバからの応答がありません。管理者にお問い合わせください。';
const HALF_OPEN_MS = 60_000;
const clock = fixedClock('2026-12-01T09:00:00+09:00');

let fake: FakeSalonServer;
let server: TestServer;
let as: SignedIn;
let fixture: BookingFixture;

const hanako = (cardNumber = '100001') => ({
  memberId: 'SLN-0001',
  cardNumber,
  name: '山田 花子',
  kana: 'ヤマダ ハナコ',
  phone: '09012345678',
  email: 'hanako@example.jp',
  points: 1200,
});
const course = (overrides: Record<string, unknown> = {}) => ({
  contractId: 'CT-1',
  menuId: fixture.contractMenu,
  menuName: '医療脱毛 5回コース',
  sessionsTotal: 5,
  sessionsUsed: 2,
  expiresOn: '2027-03-31',
  contractedAt: '2026-04-01T10:00:00+09:00',
  ...overrides,
});
const info = (client = as.staffX, userId = as.people.member.id) => client.get(`/api/staffs/users/salons-member-info?userId=${userId}`);
const salonsApi = (body: unknown, client = as.admin) => client.post('/api/admin/salons/salons-api', body);
const linkOf = async (userId: string) => (await server.db.knex('users').where('id', userId).first('external_member_id')).external_member_id as string | null;
const mirrored = async () => Number((await server.db.knex('contracts').whereNotNull('external_id').count({ n: '*' }).first())!.n);

beforeAll(async () => {
  fake = await startFakeSalonServer();
  server = await startTestServer(
    {
      SALON_API_URL: fake.url,
      SALON_API_KEY: fake.apiKey,
      SALON_TIMEOUT_MS: '150',
      SALON_RETRIES: '1',
      SALON_BACKOFF_MS: '5',
      SALON_BREAKER_THRESHOLD: '3',
      SALON_HALF_OPEN_MS: String(HALF_OPEN_MS),
    },
    { clock },
  );
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(async () => {
  as = await signInAll(server);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 3 });
  fake.clear();
  fake.mode = 'ok';
  fake.failNext = 0;
  fake.pageSize = 100;
  fake.put(hanako(), [course()]);
  // One good call closes the circuit an earlier test may have left open (past its half-open delay)
  // and clears the count of consecutive failures.
  const now = Date.now();
  const later = vi.spyOn(Date, 'now').mockImplementation(() => now + HALF_OPEN_MS + 1);
  expect((await info()).status).toBe(200);
  later.mockRestore();
  fake.requests = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('the salon system answers', () => {
  it('gives staff of the member’s clinic the salon record, found by card number', async () => {
    const answer = await info();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      userId: as.people.member.id,
      userNumber: '100001',
      externalMemberId: null,
      salon: {
        memberId: 'SLN-0001',
        cardNumber: '100001',
        name: '山田 花子',
        kana: 'ヤマダ ハナコ',
        phone: '09012345678',
        email: 'hanako@example.jp',
        points: 1200,
      },
    });
  });

  it('gives the member their salon contracts, and contracts and remaining sessions come from it', async () => {
    const ekimu = await as.member.get('/api/users/salons-ekimu');
    expect(ekimu.status).toBe(200);
    expect(ekimu.body).toEqual({
      source: 'SALON',
      contracts: [
        {
          id: 'CT-1',
          menuId: fixture.contractMenu,
          menuName: '医療脱毛 5回コース',
          sessionsTotal: 5,
          sessionsUsed: 2,
          sessionsRemaining: 3,
          expiresOn: '2027-03-31',
        },
      ],
    });
    // mypage reads (own-ekimu) and the booking check use the salon system too: nothing is in our ledger.
    const own = await as.member.get('/api/users/menus/own-ekimu');
    expect(own.body).toEqual([
      {
        id: 'CT-1',
        menu: { id: fixture.contractMenu, name: '医療脱毛 5回コース', clinicId: fixture.clinicId, categoryId: fixture.categoryId },
        total: 5,
        used: 2,
        remaining: 3,
        expiresOn: '2027-03-31',
      },
    ]);
    const search = () =>
      as.member.post('/api/users/reservations/search-available', {
        clinicId: fixture.clinicId,
        menuId: fixture.contractMenu,
        from: '2026-12-01',
        to: '2026-12-02',
      });
    const open = await search();
    expect(open.status).toBe(200);
    expect(open.body.slots.length).toBeGreaterThan(0);
    fake.putContract('SLN-0001', course({ sessionsUsed: 5 }));
    const usedUp = await search();
    expect(usedUp.status).toBe(400);
    expect(usedUp.body.error.code).toBe('MENU_NOT_SUBSCRIBED');
  });

  it('answers EXTERNAL_USER_NOT_FOUND for a member the salon system does not know', async () => {
    fake.clear();
    const answer = await info();
    expect(answer.status).toBe(404);
    expect(answer.body.error).toEqual({ code: 'EXTERNAL_USER_NOT_FOUND', message: 'サロン管理システムに該当する会員が見つかりません。' });
    const ekimu = await as.member.get('/api/users/salons-ekimu');
    expect(ekimu.status).toBe(404);
    expect(ekimu.body.error.code).toBe('EXTERNAL_USER_NOT_FOUND');
    // A member without a card number cannot be looked up at all.
    expect((await info(as.staffX, as.people.temporary.id)).body.error.code).toBe('EXTERNAL_USER_NOT_FOUND');
    // And one we do not have is ours to report.
    expect((await info(as.staffX, '987654')).body.error.code).toBe('USER_NOT_FOUND');
  });

  it('lets each audience reach only its own call', async () => {
    expect((await info(as.admin)).status).toBe(200);
    // Staff of any clinic may look after any member of the chain (DOMAIN.md).
    expect((await info(as.staffY)).status).toBe(200);
    expect((await info(as.member)).status).toBe(401);
    expect((await info(as.anonymous)).status).toBe(401);
    expect((await as.staffX.get('/api/users/salons-ekimu')).status).toBe(401);
    expect((await as.anonymous.get('/api/users/salons-ekimu')).status).toBe(401);
    expect((await salonsApi({ action: 'status' }, as.staffX)).status).toBe(403);
    expect((await salonsApi({ action: 'status' }, as.member)).status).toBe(401);
    expect((await salonsApi({ action: 'status' }, as.anonymous)).status).toBe(401);
    expect((await salonsApi({ action: 'status' })).body).toEqual({ action: 'status', configured: true, circuit: 'closed' });
    const unknown = await salonsApi({ action: 'drop-everything' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('the salon system fails', () => {
  it('answers 503 with the Japanese message when the salon system is too slow', async () => {
    fake.mode = 'slow';
    fake.slowMs = 1_000;
    const answer = await info();
    expect(answer.status).toBe(503);
    expect(answer.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: NO_ANSWER, detail: { reason: 'TIMEOUT' } });
    // One attempt and one retry, each cut at the timeout.
    expect(fake.requests).toBe(2);
    const ekimu = await as.member.get('/api/users/salons-ekimu');
    expect(ekimu.status).toBe(503);
  });

  it('opens the circuit when it is down, fails fast while open, and recovers after the half-open delay', async () => {
    fake.mode = 'down';
    const reasons: string[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await info();
      expect(answer.status).toBe(503);
      expect(answer.body.error.message).toBe(NO_ANSWER);
      reasons.push(answer.body.error.detail.reason);
    }
    // Threshold 3 attempts (2 per call with the retry): the second call opens the circuit.
    expect(reasons).toEqual(['SERVER_ERROR', 'CIRCUIT_OPEN', 'CIRCUIT_OPEN', 'CIRCUIT_OPEN']);
    expect(fake.requests).toBe(3);
    expect((await salonsApi({ action: 'status' })).body.circuit).toBe('open');

    // Still open even though the salon system is back: nothing reaches it.
    fake.mode = 'ok';
    expect((await info()).body.error.detail.reason).toBe('CIRCUIT_OPEN');
    expect((await as.member.get('/api/users/salons-ekimu')).status).toBe(503);
    expect(fake.requests).toBe(3);

    // cockatiel reads Date.now(): move it past the half-open delay instead of sleeping.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now + HALF_OPEN_MS + 1);
    const recovered = await info();
    expect(recovered.status).toBe(200);
    expect(recovered.body.salon.memberId).toBe('SLN-0001');
    expect((await salonsApi({ action: 'status' })).body.circuit).toBe('closed');
  });

  it('refuses an answer that is not JSON or of the wrong shape, and writes nothing', async () => {
    for (const mode of ['garbage', 'wrong-shape'] as const) {
      fake.mode = mode;
      const answer = await salonsApi({ action: 'sync' });
      expect(answer.status).toBe(503);
      expect(answer.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: NO_ANSWER, detail: { reason: 'INVALID_RESPONSE' } });
      expect((await info()).body.error.detail.reason).toBe('INVALID_RESPONSE');
      fake.mode = 'ok';
      expect((await info()).status).toBe(200);
    }
    // A bad second page stops the sync before the good first page is written.
    fake.pageSize = 1;
    fake.put({ ...hanako('100009'), memberId: 'SLN-0009' }, [course({ contractId: 'CT-9', sessionsUsed: 9 })]);
    const partial = await salonsApi({ action: 'sync' });
    expect(partial.status).toBe(503);
    expect(partial.body.error.detail.reason).toBe('INVALID_RESPONSE');
    expect(await linkOf(as.people.member.id)).toBeNull();
    expect(await mirrored()).toBe(0);
  });
});

describe('the sync of member numbers and contracts', () => {
  it('links members and mirrors contracts once, reports no changes the second time, and reports what it cannot apply', async () => {
    fake.put({ ...hanako('777777'), memberId: 'SLN-0002', name: '佐藤 一郎' });
    fake.put({ ...hanako('100001'), memberId: 'SLN-0001' }, [course(), course({ contractId: 'CT-2', menuId: fixture.menuA, menuName: 'ピコトーニング' })]);

    const first = await salonsApi({ action: 'sync' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      action: 'sync',
      created: 2,
      updated: 0,
      unchanged: 0,
      members: { created: 1, updated: 0, unchanged: 0 },
      contracts: { created: 1, updated: 0, unchanged: 0 },
      errors: [
        { memberId: 'SLN-0001', contractId: 'CT-2', reason: `メニューID ${fixture.menuA} の役務メニューが見つかりません。` },
        { memberId: 'SLN-0002', reason: '診察券番号 777777 の会員が見つかりません。' },
      ],
    });
    expect(await linkOf(as.people.member.id)).toBe('SLN-0001');
    expect(await mirrored()).toBe(1);

    const second = await salonsApi({ action: 'sync' });
    expect(second.body).toMatchObject({ created: 0, updated: 0, unchanged: 2, members: { unchanged: 1 }, contracts: { unchanged: 1 } });
    expect(await mirrored()).toBe(1);

    // A session used at the salon's till: the next sync updates the mirrored contract.
    fake.putContract('SLN-0001', course({ sessionsUsed: 3 }));
    const third = await salonsApi({ action: 'sync' });
    expect(third.body).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const row = await server.db.knex('contracts').where('external_id', 'CT-1').first('sessions_used');
    expect(row.sessions_used).toBe(3);

    // Once linked, member info asks by the salon's own id.
    const linked = await info();
    expect(linked.body.externalMemberId).toBe('SLN-0001');

    // One salon id belongs to one member: staff cannot give it to another by hand.
    const taken = await as.staffX.put(`/api/staffs/users/${as.people.temporary.id}`, { externalMemberId: 'SLN-0001' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('ACCOUNT_EXISTS');
  });
});

describe('while the salon system is down', () => {
  it('lists the contracts of the last sync on mypage and the staff member page, but does not book on them', async () => {
    expect((await salonsApi({ action: 'sync' })).body.contracts).toEqual({ created: 1, updated: 0, unchanged: 0 });
    fake.mode = 'down';
    const own = await as.member.get('/api/users/menus/own-ekimu');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject([{ menu: { id: fixture.contractMenu }, total: 5, used: 2, remaining: 3, expiresOn: '2027-03-31' }]);
    const details = await as.staffX.get(`/api/staffs/users/${as.people.member.id}/with-details`);
    expect(details.status).toBe(200);
    expect(details.body.contracts).toMatchObject([{ menuId: fixture.contractMenu, sessionsRemaining: 3 }]);
    const search = await as.member.post('/api/users/reservations/search-available', {
      clinicId: fixture.clinicId,
      menuId: fixture.contractMenu,
      from: '2026-12-01',
      to: '2026-12-02',
    });
    expect(search.status).toBe(503);
    expect(search.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: NO_ANSWER });
  });
});

describe('without a salon system', () => {
  let plain: TestServer;
  let people: SignedIn;

  beforeAll(async () => {
    plain = await startTestServer({}, { clock });
  });
  afterAll(() => plain?.close());

  it('answers salons-ekimu from the built-in ledger and the salon calls with 503', async () => {
    people = await signInAll(plain);
    const own = await seedBookableClinic(plain.db, { firstDay: '2026-12-01', days: 1 });
    const added = await people.staffX.post(`/api/staffs/users/${people.people.member.id}/contracts`, { menuId: own.contractMenu, sessionsTotal: 3 });
    expect(added.status).toBe(201);
    const ekimu = await people.member.get('/api/users/salons-ekimu');
    expect(ekimu.body).toEqual({
      source: 'LEDGER',
      contracts: [
        {
          id: added.body.id,
          menuId: own.contractMenu,
          menuName: '医療脱毛 5回コース',
          sessionsTotal: 3,
          sessionsUsed: 0,
          sessionsRemaining: 3,
          expiresOn: null,
        },
      ],
    });
    const info = await people.staffX.get(`/api/staffs/users/salons-member-info?userId=${people.people.member.id}`);
    expect(info.status).toBe(503);
    expect(info.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: NO_ANSWER, detail: { reason: 'NOT_CONFIGURED' } });
    expect((await people.admin.post('/api/admin/salons/salons-api', { action: 'status' })).body).toEqual({
      action: 'status',
      configured: false,
      circuit: null,
    });
    expect((await people.admin.post('/api/admin/salons/salons-api', { action: 'sync' })).status).toBe(503);
  });
});
