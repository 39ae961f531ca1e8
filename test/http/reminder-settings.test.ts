import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';
import { aClinic } from '../support/mothers';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;

/** A whole clinic body as the set-up screen sends it. */
const clinicBody = (overrides: Record<string, unknown> = {}) => {
  const { homepageUrl: _h, hokenCategoryId: _k, ...settings } = aClinic({ name: '恵比寿' });
  return { ...settings, ...overrides };
};

const rulesInDb = async (clinicId: string) => {
  const row = await server.db.knex('clinics').select('reminder_rules').where('id', clinicId).first();
  return typeof row.reminder_rules === 'string' ? JSON.parse(row.reminder_rules) : row.reminder_rules;
};

const menuBody = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  categoryId,
  name: '全身脱毛',
  kind: 'NEW',
  enabled: true,
  webBookable: true,
  price: 19800,
  tasks: [{ durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX } = await signInAll(server));
});

describe('clinic reminder rules', () => {
  it('gives a new clinic the day before at 18:00, stores the rules sent, answers them on GET and keeps them when PUT leaves them out', async () => {
    const created = await admin.post('/api/admin/clinics', clinicBody());
    expect(created.status).toBe(201);
    expect(created.body.reminderRules).toEqual([{ kind: 'DAY_BEFORE', at: '18:00' }]);
    const id = created.body.id;

    const rules = [
      { kind: 'DAY_BEFORE', at: '19:30' },
      { kind: 'HOURS_BEFORE', hours: 3 },
    ];
    const updated = await admin.put(`/api/admin/clinics/${id}`, clinicBody({ reminderRules: rules }));
    expect(updated.status).toBe(200);
    expect(updated.body.reminderRules).toEqual(rules);
    expect(await rulesInDb(id)).toEqual(rules);
    expect((await admin.get(`/api/admin/clinics/${id}`)).body.reminderRules).toEqual(rules);
    expect((await admin.get('/api/admin/clinics')).body.find((clinic: { id: string }) => clinic.id === id).reminderRules).toEqual(rules);

    const renamed = await admin.put(`/api/admin/clinics/${id}`, clinicBody({ name: '恵比寿西口' }));
    expect(renamed.body.reminderRules).toEqual(rules);

    // No reminders at all is a choice a clinic may make.
    const none = await admin.put(`/api/admin/clinics/${id}`, clinicBody({ reminderRules: [] }));
    expect(none.status).toBe(200);
    expect(none.body.reminderRules).toEqual([]);
    expect(await rulesInDb(id)).toEqual([]);
  });

  it('lets STAFF set the rules of their own clinic and a new clinic take rules from the start', async () => {
    const own = await staffX.get(`/api/admin/clinics/${people.clinicX.id}`);
    const { id: _id, breaks: _b, holidays: _h, ...settings } = own.body;
    const answer = await staffX.put(`/api/admin/clinics/${people.clinicX.id}`, { ...settings, reminderRules: [{ kind: 'HOURS_BEFORE', hours: 24 }] });
    expect(answer.status).toBe(200);
    expect(answer.body.reminderRules).toEqual([{ kind: 'HOURS_BEFORE', hours: 24 }]);

    const created = await admin.post('/api/admin/clinics', clinicBody({ name: '中目黒', reminderRules: [{ kind: 'HOURS_BEFORE', hours: 2 }] }));
    expect(created.status).toBe(201);
    expect(created.body.reminderRules).toEqual([{ kind: 'HOURS_BEFORE', hours: 2 }]);
  });

  // Shapes are refused by the route's schema (paths under body.), duplicates by the clinic entity.
  it('refuses bad rules with a Japanese message per field and writes nothing', async () => {
    const id = (await admin.post('/api/admin/clinics', clinicBody({ name: '代官山' }))).body.id;
    const cases: [unknown, string, string][] = [
      [[{ kind: 'DAY_BEFORE', at: '25:00' }], 'reminderRules.0.at', '時刻はHH:mm形式で入力してください。'],
      [[{ kind: 'DAY_BEFORE', at: '24:00' }], 'reminderRules.0.at', '時刻は00:00〜23:59で入力してください。'],
      [[{ kind: 'HOURS_BEFORE', hours: 0 }], 'reminderRules.0.hours', '時間は1〜72の整数で入力してください。'],
      [[{ kind: 'HOURS_BEFORE', hours: 73 }], 'reminderRules.0.hours', '時間は1〜72の整数で入力してください。'],
      [[{ kind: 'HOURS_BEFORE', hours: 1.5 }], 'reminderRules.0.hours', '時間は1〜72の整数で入力してください。'],
      [[{ kind: 'WEEK_BEFORE', days: 7 }], 'reminderRules.0.kind', 'リマインドの種類はDAY_BEFORE（前日）かHOURS_BEFORE（N時間前）です。'],
      [
        [
          { kind: 'HOURS_BEFORE', hours: 2 },
          { kind: 'HOURS_BEFORE', hours: 2 },
        ],
        'reminderRules.1',
        '同じリマインドが重複しています。',
      ],
      [[1, 2, 3, 4].map((hours) => ({ kind: 'HOURS_BEFORE', hours })), 'reminderRules', 'リマインドは3件までです。'],
    ];
    for (const [reminderRules, path, message] of cases) {
      const answer = await admin.put(`/api/admin/clinics/${id}`, clinicBody({ name: '代官山', reminderRules }));
      expect(answer.status, JSON.stringify(reminderRules)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.fields, JSON.stringify(reminderRules)).toContainEqual({ path, message });
    }
    expect(await rulesInDb(id)).toEqual([{ kind: 'DAY_BEFORE', at: '18:00' }]);
  });
});

describe('menu pre-visit note (来院前のご案内)', () => {
  it('stores the note trimmed, answers it on every menu read, and empties it when PUT leaves it out', async () => {
    const categoryId = (await admin.post('/api/admin/menu-categories', { clinicId: people.clinicX.id, name: '医療脱毛' })).body.id;
    const note = '施術部位のシェービングをしてご来院ください。';
    const created = await staffX.post('/api/admin/menus', menuBody(categoryId, { preVisitNote: `  ${note}\n` }));
    expect(created.status).toBe(201);
    expect(created.body.preVisitNote).toBe(note);
    const id = created.body.id;
    expect((await server.db.knex('menus').where('id', id).first()).pre_visit_note).toBe(note);
    expect((await staffX.get(`/api/admin/menus/${id}`)).body.preVisitNote).toBe(note);
    expect((await staffX.get(`/api/admin/menus/all?clinicId=${people.clinicX.id}`)).body[0].preVisitNote).toBe(note);

    const peel = '施術当日はメイクをせずにご来院ください。';
    const updated = await staffX.put(`/api/admin/menus/${id}`, menuBody(categoryId, { preVisitNote: peel }));
    expect(updated.status).toBe(200);
    expect(updated.body.preVisitNote).toBe(peel);

    const cleared = await staffX.put(`/api/admin/menus/${id}`, menuBody(categoryId));
    expect(cleared.body.preVisitNote).toBe('');
    expect((await server.db.knex('menus').where('id', id).first()).pre_visit_note).toBe('');
  });

  it('refuses a note over 500 characters with a Japanese message and writes nothing', async () => {
    const categoryId = (await admin.post('/api/admin/menu-categories', { clinicId: people.clinicX.id, name: 'ピーリング' })).body.id;
    const answer = await staffX.post('/api/admin/menus', menuBody(categoryId, { name: 'ケミカルピーリング', preVisitNote: 'あ'.repeat(501) }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.fields).toContainEqual({ path: 'preVisitNote', message: '来院前のご案内は500文字以内で入力してください。' });
    expect(await server.db.knex('menus').where('name', 'ケミカルピーリング')).toHaveLength(0);
    const fits = await staffX.post('/api/admin/menus', menuBody(categoryId, { name: 'ケミカルピーリング', preVisitNote: 'あ'.repeat(500) }));
    expect(fits.status).toBe(201);
  });
});
