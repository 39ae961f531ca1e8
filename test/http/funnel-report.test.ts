import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAll, startTestServer, type People, type TestClient, type TestServer } from '../support/http-harness';

/**
 * The guest booking funnel (docs/reports.md): step events go through the public page-view
 * endpoint, and GET /api/admin/reports?type=guest-booking-funnel counts them per clinic and for
 * the chain. Events are stamped with the server's clock, so the report is read for this month.
 */
let server: TestServer;
let people: People;
let admin: TestClient;
let staffX: TestClient;
let anonymous: TestClient;

const RESERVE = '/guest/reserve/';
/** The month (Asia/Tokyo) of the events just sent. */
const thisMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
const sid = (n: number) => `funnel-session-${String(n).padStart(4, '0')}`;

const visit = (session: number, path = RESERVE) => server.client().post('/api/page-views', { path, audience: 'guest', sessionId: sid(session) });
const step = (session: number, name: string, clinicId: string) =>
  server.client().post('/api/page-views', { path: RESERVE, audience: 'guest', sessionId: sid(session), funnel: 'guest-booking', step: name, clinicId });

const funnel = (client: TestClient, clinicId?: string, month = thisMonth()) =>
  client.get(`/api/admin/reports?type=guest-booking-funnel&month=${month}${clinicId ? `&clinicId=${clinicId}` : ''}`);

const rows = (figures: [number, number | null, number | null][]) =>
  ['予約ページ訪問', '日時を選択', 'お客様情報を入力', '予約完了'].map((label, i) => ({
    step: label,
    sessions: figures[i]![0],
    fromPrevious: figures[i]![1],
    fromVisit: figures[i]![2],
  }));

beforeAll(async () => {
  server = await startTestServer();
  ({ people, admin, staffX, anonymous } = await signInAll(server));
});
afterAll(() => server.close());

describe('guest booking funnel', () => {
  it('stores step events with the clinic and a one-way session key, and nothing personal', async () => {
    expect((await step(900, 'slot-chosen', people.clinicX.id)).status).toBe(204);
    const [row] = await server.db.knex('page_views').select('path', 'audience', 'event', 'clinic_id', 'session_key', 'referrer', 'campaign');
    expect(row).toMatchObject({ path: RESERVE, audience: 'guest', event: 'slot-chosen', referrer: null, campaign: null });
    expect(String(row.clinic_id)).toBe(people.clinicX.id);
    expect(row.session_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(row.session_key).not.toContain('funnel-session');
    await server.db.knex('page_views').delete();
  });

  it.each([
    [{ funnel: 'guest-booking', step: 'booked', sessionId: sid(1) }, 'clinicId', 'クリニックを指定してください。'],
    [{ funnel: 'guest-booking', step: 'paid', clinicId: '1', sessionId: sid(1) }, 'step', 'ファネルの段階が正しくありません。'],
    [{ funnel: 'guest-booking', step: 'booked', clinicId: '1' }, 'sessionId', '計測セッションIDを指定してください。'],
    [{ funnel: 'guest-booking', step: 'booked', clinicId: 'abc', sessionId: sid(1) }, 'clinicId', 'IDの形式が正しくありません。'],
    [{ funnel: 'other', step: 'booked', clinicId: '1', sessionId: sid(1) }, 'funnel', 'ファネルの種類が正しくありません。'],
    [{ sessionId: 'short' }, 'sessionId', '計測セッションIDの形式が正しくありません。'],
  ])('rejects a bad event with 400 and a Japanese message (%j)', async (extra, path, message) => {
    const answer = await anonymous.post('/api/page-views', { path: RESERVE, audience: 'guest', ...extra });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.fields).toContainEqual({ path, message });
    expect(Number((await server.db.knex('page_views').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('rejects a step sent from a staff screen', async () => {
    const answer = await anonymous.post('/api/page-views', {
      path: '/admin/',
      audience: 'admin',
      sessionId: sid(1),
      funnel: 'guest-booking',
      step: 'booked',
      clinicId: people.clinicX.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toContainEqual({ path: 'audience', message: 'ファネルの段階はゲストの画面からだけ送れます。' });
  });

  it('counts sessions per step, per clinic and for the chain, with both rates (docs/reports.md)', async () => {
    const X = people.clinicX.id;
    const Y = people.clinicY.id;
    // s1 books at X (and sees the done page, which is no extra visit).
    await visit(1);
    await step(1, 'clinic-chosen', X);
    await step(1, 'slot-chosen', X);
    await step(1, 'details-entered', X);
    await step(1, 'booked', X);
    await visit(1, '/guest/reserve/done/');
    // s2 chooses a time at X and leaves; s3 only chooses X.
    await visit(2);
    await step(2, 'clinic-chosen', X);
    await step(2, 'slot-chosen', X);
    await visit(3);
    await step(3, 'clinic-chosen', X);
    // s4 starts at Y, goes back and enters its details for X: it belongs to X, its last choice.
    await visit(4);
    await step(4, 'clinic-chosen', Y);
    await step(4, 'slot-chosen', Y);
    await step(4, 'details-entered', X);
    // s5 only chooses Y; s6 opens the page twice and chooses nothing (未選択).
    await visit(5);
    await step(5, 'clinic-chosen', Y);
    await visit(6);
    await visit(6);
    // Not guest booking visits: a staff page, a guest page view with no session at all.
    await server.client().post('/api/page-views', { path: '/admin/clinic/reports/', audience: 'admin', sessionId: sid(7) });
    await server.client().post('/api/page-views', { path: RESERVE, audience: 'guest' });

    // X: s1 reached 予約完了, s2 日時, s3 the visit, s4 お客様情報 → 4, 3, 2, 1.
    // Rates from the previous step: 3/4 = 75, 2/3 = 66.7, 1/2 = 50; from the visit 75, 50, 25.
    const x = await funnel(admin, X);
    expect(x.status).toBe(200);
    expect(x.body).toMatchObject({
      type: 'guest-booking-funnel',
      title: '新規予約ファネル',
      clinicId: X,
      month: thisMonth(),
      columns: [
        { key: 'step', label: '段階', kind: 'text' },
        { key: 'sessions', label: 'セッション数', kind: 'number' },
        { key: 'fromPrevious', label: '前の段階からの率', kind: 'percent' },
        { key: 'fromVisit', label: '訪問からの率', kind: 'percent' },
      ],
    });
    expect(x.body.rows).toEqual(
      rows([
        [4, null, 100],
        [3, 75, 75],
        [2, 66.7, 50],
        [1, 50, 25],
      ]),
    );
    // Y: only s5, which chose Y and went no further (s4 moved to X).
    expect((await funnel(admin, Y)).body.rows).toEqual(
      rows([
        [1, null, 100],
        [0, 0, 0],
        [0, null, 0],
        [0, null, 0],
      ]),
    );
    // The chain: s1–s6 (s6 未選択) → 6, 3, 2, 1; 3/6 = 50, 2/3 = 66.7, 1/2 = 50; 50, 33.3, 16.7.
    expect((await funnel(admin)).body.rows).toEqual(
      rows([
        [6, null, 100],
        [3, 50, 50],
        [2, 66.7, 33.3],
        [1, 50, 16.7],
      ]),
    );
    // Access as the other reports: a clinic's staff read their clinic only, never the chain.
    expect((await funnel(staffX, X)).body.rows[3]).toEqual({ step: '予約完了', sessions: 1, fromPrevious: 50, fromVisit: 25 });
    expect((await funnel(staffX, Y)).status).toBe(403);
    expect((await funnel(staffX)).status).toBe(403);
    expect((await funnel(anonymous, X)).status).toBe(401);
    // Another month has none of these sessions.
    expect((await funnel(admin, X, '2021-04')).body.rows).toEqual(
      rows([
        [0, null, null],
        [0, null, null],
        [0, null, null],
        [0, null, null],
      ]),
    );
  });
});
