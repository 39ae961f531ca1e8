import { ACCOUNTS } from '@clinic/server';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, signInAll, startTestServer, type People, type TestClient, type TestServer } from '../support/http-harness';
import { aStaff } from '../support/mothers';
import { insertMenu, insertReservation } from '../support/staff-fixtures';

let server: TestServer;
let people: People;
let admin: TestClient;
let staffX: TestClient;
let staffY: TestClient;
let member: TestClient;
let anonymous: TestClient;

const QUESTIONS = [
  { key: 'pregnant', type: 'yesno', label: '妊娠中、または妊娠の可能性はありますか', required: true, flag: { equals: true, label: '妊娠の可能性あり' } },
  { key: 'anticoagulant', type: 'yesno', label: '血液をサラサラにするお薬を飲んでいますか', required: true, flag: { equals: true, label: '抗凝固薬' } },
  { key: 'medicineNames', type: 'textarea', label: 'お薬の名前', required: true, showIf: { key: 'anticoagulant', equals: true } },
  {
    key: 'skinType',
    type: 'single',
    label: '肌のタイプ',
    options: [
      { value: 'dry', label: '乾燥肌' },
      { value: 'oily', label: '脂性肌' },
    ],
  },
];

const signInAs = async (overrides: Parameters<typeof aStaff>[0]): Promise<{ client: TestClient; id: string }> => {
  const passwordHash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  const staff = await server.app.container.get(ACCOUNTS.staffs).create(aStaff({ ...overrides, passwordHash }));
  const client = server.client();
  expect((await client.login(`staff${staff.employeeNumber}`, PASSWORD)).status).toBe(200);
  return { client, id: staff.id };
};

/** A menu of clinic X, and a published questionnaire and consent (its check condition named) that the menu asks for. */
const setUpForms = async () => {
  const condition = await admin.post('/api/admin/check-conditions', { name: '医療脱毛 同意書', kind: 'ALWAYS' });
  expect(condition.status).toBe(201);
  const questionnaire = await admin.post('/api/admin/forms', {
    kind: 'QUESTIONNAIRE',
    title: '医療脱毛 問診票',
    translations: { en: { title: 'Laser hair removal questionnaire' }, 'zh-CN': { title: '医疗脱毛问诊表' } },
  });
  expect(questionnaire.status).toBe(201);
  expect(questionnaire.body).toMatchObject({ kind: 'QUESTIONNAIRE', checkConditionId: null, activeVersionId: null, versions: [] });
  const q1 = await admin.post(`/api/admin/forms/${questionnaire.body.id}/versions`, {
    items: QUESTIONS,
    translations: { en: { items: { pregnant: { label: 'Are you, or could you be, pregnant?' }, skinType: { label: 'Skin type', options: { dry: 'Dry' } } } } },
  });
  expect(q1.status).toBe(201);
  expect(q1.body).toMatchObject({ version: 1, status: 'DRAFT', publishedAt: null, hash: null });
  const consent = await admin.post('/api/admin/forms', { kind: 'CONSENT', title: '医療脱毛 同意書', checkConditionId: condition.body.id });
  const c1 = await admin.post(`/api/admin/forms/${consent.body.id}/versions`, {
    items: [{ key: 'agree', type: 'yesno', label: '説明を受け、同意します', required: true }],
    body: '医療レーザー脱毛の効果と副作用について説明を受けました。',
    translations: { en: { body: 'I have been told about the effects and risks of laser hair removal.' } },
  });
  for (const [form, version] of [
    [questionnaire, q1],
    [consent, c1],
  ] as const) {
    const published = await admin.post(`/api/admin/forms/${form.body.id}/versions/${version.body.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id: version.body.id, version: 1, status: 'ACTIVE', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  }
  const menuId = await insertMenu(server.db, people.clinicX.id, '医療脱毛（全身）');
  const menu = await server.db.knex('menus').where('id', menuId).first();
  const put = await admin.put(`/api/admin/menus/${menuId}`, {
    categoryId: String(menu.category_id),
    name: '医療脱毛（全身）',
    kind: 'NEW',
    enabled: true,
    webBookable: true,
    price: 30000,
    tasks: [{ durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
    forms: [
      { formId: questionnaire.body.id, when: 'EVERY_VISIT' },
      { formId: consent.body.id, when: 'FIRST_VISIT' },
    ],
  });
  expect(put.status).toBe(200);
  expect(put.body.forms).toEqual([
    { formId: questionnaire.body.id, when: 'EVERY_VISIT' },
    { formId: consent.body.id, when: 'FIRST_VISIT' },
  ]);
  return { questionnaireId: questionnaire.body.id, q1Id: q1.body.id, consentId: consent.body.id, c1Id: c1.body.id, menuId, conditionId: condition.body.id };
};

let nextHour = 10;
const reservationOf = async (userId: string, menuId: string, token?: string) => {
  const hour = nextHour++;
  const id = await insertReservation(server.db, {
    clinicId: people.clinicX.id,
    userId,
    staffId: people.staffX.id,
    startsAt: `2030-01-10T${String(hour).padStart(2, '0')}:00:00+09:00`,
    endsAt: `2030-01-10T${String(hour).padStart(2, '0')}:30:00+09:00`,
  });
  await server.db.knex('reservation_menus').insert({ reservation_id: id, position: 0, menu_id: menuId });
  if (token)
    await server.db
      .knex('reservations')
      .where('id', id)
      .update({ cancel_token_hash: createHash('sha256').update(token).digest('hex'), source: 'WEB_GUEST' });
  return id;
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  nextHour = 10;
  ({ people, admin, staffX, staffY, member, anonymous } = await signInAll(server));
});

describe('forms: the head office edits them', () => {
  it('creates, lists, edits a draft, publishes, retires the former version and never edits a published one', async () => {
    const { questionnaireId, q1Id } = await setUpForms();
    const v2 = await admin.post(`/api/admin/forms/${questionnaireId}/versions`, { items: QUESTIONS.slice(0, 2) });
    expect(v2.body).toMatchObject({ version: 2, status: 'DRAFT' });
    const edited = await admin.put(`/api/admin/forms/${questionnaireId}/versions/${v2.body.id}`, { items: QUESTIONS.slice(0, 3) });
    expect(edited.status).toBe(200);
    expect(edited.body.items).toHaveLength(3);
    const refused = await admin.put(`/api/admin/forms/${questionnaireId}/versions/${q1Id}`, { items: QUESTIONS });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('FORM_VERSION_PUBLISHED');
    expect((await admin.post(`/api/admin/forms/${questionnaireId}/versions/${q1Id}/publish`)).body.error.code).toBe('FORM_VERSION_PUBLISHED');
    expect((await admin.post(`/api/admin/forms/${questionnaireId}/versions/${v2.body.id}/publish`)).status).toBe(200);
    const detail = await admin.get(`/api/admin/forms/${questionnaireId}`);
    expect(detail.body).toMatchObject({ id: questionnaireId, activeVersionId: v2.body.id });
    expect(detail.body.versions.map((version: { status: string }) => version.status)).toEqual(['RETIRED', 'ACTIVE']);
    const version1 = await admin.get(`/api/admin/forms/${questionnaireId}/versions/${q1Id}`);
    expect(version1.body.items).toHaveLength(4);
    const list = await admin.get('/api/admin/forms');
    expect(list.body.map((form: { title: string }) => form.title)).toEqual(['医療脱毛 問診票', '医療脱毛 同意書']);
    expect((await admin.get('/api/admin/forms/999')).status).toBe(404);
    expect((await admin.get(`/api/admin/forms/${questionnaireId}/versions/999`)).body.error.code).toBe('FORM_VERSION_NOT_FOUND');
  });

  it('refuses a bad definition with its fields, a consent without a body, and anyone but the head office', async () => {
    const consent = await admin.post('/api/admin/forms', { kind: 'CONSENT', title: '同意書' });
    const bad = await admin.post(`/api/admin/forms/${consent.body.id}/versions`, {
      items: [
        { key: 'q', type: 'single', label: '選択' },
        { key: 'r', type: 'text', label: '条件つき', showIf: { key: 'zz', equals: true } },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.fields.map((field: { path: string }) => field.path)).toEqual(['items.0.options', 'items.1.showIf.key', 'body']);
    expect((await admin.post('/api/admin/forms', { kind: 'QUESTIONNAIRE', title: '問診', checkConditionId: '999' })).status).toBe(400);

    const clinicAdmin = (await signInAs({ role: 'ADMIN', clinicId: people.clinicX.id })).client;
    for (const client of [clinicAdmin, staffX]) {
      expect((await client.post('/api/admin/forms', { kind: 'QUESTIONNAIRE', title: '院の問診票' })).status).toBe(403);
      expect((await client.put(`/api/admin/forms/${consent.body.id}/versions/1`, { items: QUESTIONS })).status).toBe(403);
      expect((await client.get('/api/admin/forms')).status).toBe(403);
    }
    expect((await anonymous.get('/api/admin/forms')).status).toBe(401);
    expect(await server.db.knex('forms').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect((await admin.get('/api/admin/forms')).body).toHaveLength(1);
  });

  it('a menu names known forms only, and a staff member may be a doctor', async () => {
    const menuId = await insertMenu(server.db, people.clinicX.id);
    const menu = await server.db.knex('menus').where('id', menuId).first();
    const body = {
      categoryId: String(menu.category_id),
      name: 'ピコレーザー',
      kind: 'NEW',
      enabled: true,
      webBookable: true,
      price: 10000,
      tasks: [{ durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
      forms: [{ formId: '999', when: 'EVERY_VISIT' }],
    };
    const refused = await admin.put(`/api/admin/menus/${menuId}`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([{ path: 'forms.0.formId', message: '問診票・同意書が見つかりません。' }]);
    expect((await server.db.knex('menus').where('id', menuId).first()).name).not.toBe('ピコレーザー');
    const created = await admin.post('/api/admin/menus', { ...body, name: '新メニュー', forms: [] });
    expect(created.status).toBe(201);
    expect(created.body.forms).toEqual([]);
    // Written with the menu (one transaction) and in the change audit.
    const form = await admin.post('/api/admin/forms', { kind: 'QUESTIONNAIRE', title: '問診票' });
    const withForm = await admin.post('/api/admin/menus', { ...body, name: '問診つきメニュー', forms: [{ formId: form.body.id, when: 'FIRST_VISIT' }] });
    expect(withForm.status).toBe(201);
    expect(withForm.body.forms).toEqual([{ formId: form.body.id, when: 'FIRST_VISIT' }]);
    expect((await admin.get(`/api/admin/menus/${withForm.body.id}`)).body.forms).toEqual([{ formId: form.body.id, when: 'FIRST_VISIT' }]);
    const taken = await admin.put(`/api/admin/menus/${withForm.body.id}`, { ...body, name: '新メニュー', forms: [] });
    expect(taken.status).toBe(409);
    expect((await admin.get(`/api/admin/menus/${withForm.body.id}`)).body.forms).toEqual([{ formId: form.body.id, when: 'FIRST_VISIT' }]);
    const audit = await server.db.knex('audit_log').where({ action: 'menu.forms', entity_id: withForm.body.id });
    expect(audit).toHaveLength(1);

    const doctor = await admin.post('/api/admin/staffs', {
      employeeNumber: 'D0001',
      email: 'doctor@example.jp',
      name: '医師 一郎',
      role: 'STAFF',
      clinicId: people.clinicX.id,
      doctor: true,
      password: 'a long enough password',
    });
    expect(doctor.status).toBe(201);
    expect(doctor.body.doctor).toBe(true);
    const kept = await admin.put(`/api/admin/staffs/${doctor.body.id}`, {
      employeeNumber: 'D0001',
      email: 'doctor@example.jp',
      name: '医師 一郎',
      role: 'STAFF',
      clinicId: people.clinicX.id,
    });
    expect(kept.body.doctor).toBe(true);
    const unset = await admin.put(`/api/admin/staffs/${doctor.body.id}`, {
      employeeNumber: 'D0001',
      email: 'doctor@example.jp',
      name: '医師 一郎',
      role: 'STAFF',
      clinicId: people.clinicX.id,
      doctor: false,
    });
    expect(unset.body.doctor).toBe(false);
  });
});

describe('forms: the person fills them in', () => {
  it('a member reads their reservation’s forms in their language, sends, is refused with fields, and amends', async () => {
    const { questionnaireId, q1Id, consentId, c1Id, menuId } = await setUpForms();
    const mine = await reservationOf(people.member.id, menuId);
    const path = `/api/users/reservations/${mine}/forms`;
    const english = await member.request('GET', path, { headers: { 'Accept-Language': 'en' } });
    expect(english.status).toBe(200);
    expect(english.body.map((form: { formId: string; title: string; status: string }) => [form.formId, form.title, form.status])).toEqual([
      [questionnaireId, 'Laser hair removal questionnaire', 'PENDING'],
      [consentId, '医療脱毛 同意書', 'PENDING'],
    ]);
    expect(english.body[0].items[0]).toEqual({ key: 'pregnant', type: 'yesno', label: 'Are you, or could you be, pregnant?', required: true });
    expect(english.body[1].body).toBe('I have been told about the effects and risks of laser hair removal.');
    expect(english.body[0].prefill).toEqual({});

    const missing = await member.post(`${path}/${questionnaireId}`, { versionId: q1Id, answers: { anticoagulant: true, skinType: 'greasy' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_FAILED');
    expect(missing.body.error.fields.map((field: { path: string }) => field.path).sort()).toEqual([
      'answers.medicineNames',
      'answers.pregnant',
      'answers.skinType',
    ]);
    const noName = await member.post(`${path}/${consentId}`, { versionId: c1Id, answers: { agree: true } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields).toEqual([{ path: 'signature.name', message: '同意書にはお名前（署名）を入力してください。' }]);

    const sent = await member.post(`${path}/${questionnaireId}`, {
      versionId: q1Id,
      answers: { pregnant: false, anticoagulant: true, medicineNames: 'ワーファリン', skinType: 'dry' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      responseId: expect.any(String),
      status: 'COMPLETE',
      flags: ['抗凝固薬'],
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      prevHash: '',
    });
    const again = await member.post(`${path}/${questionnaireId}`, { versionId: q1Id, answers: { pregnant: false, anticoagulant: false } });
    expect(again.body).toMatchObject({ status: 'COMPLETE', flags: [], prevHash: sent.body.hash });
    const rows = await server.db.knex('form_responses').orderBy('id');
    expect(rows).toHaveLength(2);
    expect(String(rows[1].amends_id)).toBe(sent.body.responseId);
    expect(JSON.stringify(rows)).not.toContain('ワーファリン');
    const reread = await member.get(path);
    expect(reread.body[0]).toMatchObject({ status: 'COMPLETE', prefill: { pregnant: false, anticoagulant: false } });

    // Another member's reservation is not found; a form the reservation does not ask for neither.
    const others = await reservationOf(people.temporary.id, menuId);
    expect((await member.get(`/api/users/reservations/${others}/forms`)).status).toBe(404);
    expect((await member.post(`/api/users/reservations/${others}/forms/${questionnaireId}`, { versionId: q1Id, answers: {} })).status).toBe(404);
    expect((await member.post(`${path}/999`, { versionId: q1Id, answers: {} })).body.error.code).toBe('FORM_NOT_FOUND');
    expect((await anonymous.get(path)).status).toBe(401);
  });

  it('a version replaced meanwhile is FORM_VERSION_CHANGED; the old response keeps its wording, the next visit gets version 2', async () => {
    const { questionnaireId, q1Id, menuId } = await setUpForms();
    const first = await reservationOf(people.member.id, menuId);
    const sent = await member.post(`/api/users/reservations/${first}/forms/${questionnaireId}`, {
      versionId: q1Id,
      answers: { pregnant: true, anticoagulant: false },
    });
    expect(sent.status).toBe(201);
    const v2 = await admin.post(`/api/admin/forms/${questionnaireId}/versions`, {
      items: [{ ...QUESTIONS[0], label: '妊娠中ですか（変更後）' }, QUESTIONS[1]],
    });
    await admin.post(`/api/admin/forms/${questionnaireId}/versions/${v2.body.id}/publish`);
    const stale = await member.post(`/api/users/reservations/${first}/forms/${questionnaireId}`, {
      versionId: q1Id,
      answers: { pregnant: true, anticoagulant: false },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('FORM_VERSION_CHANGED');
    const old = await staffX.get(`/api/staffs/reservations/${first}/forms`);
    expect(old.body[0]).toMatchObject({ version: 1, items: [{ label: '妊娠中、または妊娠の可能性はありますか' }, {}, {}, {}], flags: ['妊娠の可能性あり'] });
    // The printable page's read of that one response renders it with version 1 as well.
    const printable = await staffX.get(`/api/staffs/form-responses/${sent.body.responseId}`);
    expect(printable.status).toBe(200);
    expect(printable.body).toMatchObject({ version: 1, items: [{ label: '妊娠中、または妊娠の可能性はありますか' }, {}, {}, {}], flags: ['妊娠の可能性あり'] });
    expect(JSON.stringify(printable.body)).not.toContain('妊娠中ですか（変更後）');
    const next = await reservationOf(people.member.id, menuId);
    const page = await member.get(`/api/users/reservations/${next}/forms`);
    expect(page.body[0]).toMatchObject({
      versionId: v2.body.id,
      version: 2,
      items: [{ label: '妊娠中ですか（変更後）' }, {}],
      prefill: { pregnant: true, anticoagulant: false },
    });
  });

  it('a guest reaches only the reservation of their token', async () => {
    const { questionnaireId, q1Id, menuId } = await setUpForms();
    const own = await reservationOf(people.temporary.id, menuId, 'guest-token-one');
    const other = await reservationOf(people.member.id, menuId, 'guest-token-two');
    const forms = await anonymous.request('GET', '/api/guests/reservations/forms?token=guest-token-one', { headers: { 'Accept-Language': 'zh-CN' } });
    expect(forms.status).toBe(200);
    expect(forms.body[0].title).toBe('医疗脱毛问诊表');
    const sent = await anonymous.post(`/api/guests/reservations/forms/${questionnaireId}`, {
      token: 'guest-token-one',
      versionId: q1Id,
      answers: { pregnant: false, anticoagulant: false },
    });
    expect(sent.status).toBe(201);
    const stored = await server.db.knex('form_responses').where('id', sent.body.responseId).first();
    expect([String(stored.reservation_id), String(stored.user_id)]).toEqual([own, people.temporary.id]);
    expect(String((await server.db.knex('form_responses').where('reservation_id', other)).length)).toBe('0');
    const wrong = await anonymous.request('GET', '/api/guests/reservations/forms?token=not-a-token', { headers: { 'Accept-Language': 'en' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) });
    expect((await anonymous.post(`/api/guests/reservations/forms/${questionnaireId}`, { token: 'nope', versionId: q1Id, answers: {} })).status).toBe(400);
  });
});

describe('forms: a guardian signs for someone under 18 on the visit day', () => {
  it('by the birth date the clinic knows, else the one given on the form; the Japanese reasons name the guardian fields', async () => {
    const { consentId, c1Id, menuId } = await setUpForms();
    // The visits are on 2030-01-10: the member turns 18 on 2030-01-11.
    await server.db.knex('users').where('id', people.member.id).update({ birthday: '2012-01-11' });
    const mine = await reservationOf(people.member.id, menuId);
    const path = `/api/users/reservations/${mine}/forms/${consentId}`;
    const refused = await member.request('POST', path, {
      headers: { 'Accept-Language': 'en' },
      json: { versionId: c1Id, answers: { agree: true }, signature: { name: 'Hinata Sato', birthDate: '1990-01-01' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    // In English on the person's page; the same reasons in Japanese below.
    expect(refused.body.error.fields).toEqual([
      { path: 'signature.guardian.name', message: 'You will be under 18 on the day of your visit: please enter your parent or guardian’s name.' },
      {
        path: 'signature.guardian.relation',
        message: 'You will be under 18 on the day of your visit: please enter your parent or guardian’s relationship to you.',
      },
    ]);
    const signed = await member.post(path, {
      versionId: c1Id,
      answers: { agree: true },
      signature: { name: '佐藤 陽', guardian: { name: '佐藤 洋子', relation: '母' } },
    });
    expect(signed.status).toBe(201);

    // A guest: the clinic does not know the birth date, the form asks it.
    await server.db.knex('users').where('id', people.temporary.id).update({ birthday: null });
    const own = await reservationOf(people.temporary.id, menuId, 'guest-token-minor');
    const guestBody = (signature: Record<string, unknown>) => ({
      token: 'guest-token-minor',
      versionId: c1Id,
      answers: { agree: true },
      signature: { name: 'Mei', ...signature },
    });
    const minor = await anonymous.post(`/api/guests/reservations/forms/${consentId}`, guestBody({ birthDate: '2012-01-11' }));
    expect(minor.status).toBe(400);
    expect(minor.body.error.fields).toEqual([
      { path: 'signature.guardian.name', message: 'ご来院日に18歳未満の方は、保護者のお名前を入力してください。' },
      { path: 'signature.guardian.relation', message: 'ご来院日に18歳未満の方は、保護者の続柄を入力してください。' },
    ]);
    const badDate = await anonymous.post(`/api/guests/reservations/forms/${consentId}`, guestBody({ birthDate: '2012-13-01' }));
    expect(badDate.body.error.fields).toEqual([{ path: 'signature.birthDate', message: '生年月日を正しく入力してください（例：2008-04-01）。' }]);
    const adult = await anonymous.post(`/api/guests/reservations/forms/${consentId}`, guestBody({ birthDate: '2012-01-10' }));
    expect(adult.status).toBe(201);
    const answers = await staffX.get(`/api/staffs/reservations/${own}/forms`);
    expect(answers.body[0].signature).toEqual({ name: 'Mei', hasImage: false, image: null, guardian: null, birthDate: '2012-01-10' });
  });
});

describe('forms: staff read, countersign and export', () => {
  it('one response alone, with its form title, version and drawn signature, for the printable page; the read is audited', async () => {
    const { consentId, c1Id, menuId } = await setUpForms();
    const reservationId = await reservationOf(people.member.id, menuId);
    const image = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const signed = await member.post(`/api/users/reservations/${reservationId}/forms/${consentId}`, {
      versionId: c1Id,
      answers: { agree: true },
      signature: { name: '山田 花子', image },
    });
    const one = await staffY.get(`/api/staffs/form-responses/${signed.body.responseId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      responseId: signed.body.responseId,
      title: '医療脱毛 同意書',
      version: 1,
      status: 'SIGNED',
      body: '医療レーザー脱毛の効果と副作用について説明を受けました。',
      signature: { name: '山田 花子', hasImage: true, image, guardian: null, birthDate: null },
    });
    const audit = await server.db.knex('audit_log').where({ kind: 'access', path: `/api/staffs/form-responses/${signed.body.responseId}` });
    expect(audit.map((row) => [row.action, row.member_ids])).toEqual([['view', [people.member.id]]]);
    const missing = await staffX.get('/api/staffs/form-responses/999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('FORM_RESPONSE_NOT_FOUND');
    expect((await member.get(`/api/staffs/form-responses/${signed.body.responseId}`)).status).toBe(401);
    expect((await staffX.get(`/api/staffs/reservations/${reservationId}/forms`)).body.map((each: { title: string }) => each.title)).toEqual([
      '医療脱毛 同意書',
    ]);
  });

  it('shows the summary on the calendar and the panel, the answers with the access audit, and the doctor countersigns', async () => {
    const { questionnaireId, q1Id, consentId, c1Id, menuId, conditionId } = await setUpForms();
    const reservationId = await reservationOf(people.member.id, menuId);
    const panel = await staffX.get(`/api/staffs/reservations/${reservationId}`);
    expect(panel.body.forms).toEqual({ required: 2, complete: 0, flags: [] });
    expect(panel.body.formsSent).toBe(0);
    const path = `/api/users/reservations/${reservationId}/forms`;
    await member.post(`${path}/${questionnaireId}`, { versionId: q1Id, answers: { pregnant: true, anticoagulant: false } });
    const signed = await member.post(`${path}/${consentId}`, {
      versionId: c1Id,
      answers: { agree: true },
      signature: {
        name: '山田 花子',
        image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      },
    });
    expect(signed.body).toMatchObject({ status: 'SIGNED' });

    const calendar = await staffX.get(`/api/staffs/reservations?clinicId=${people.clinicX.id}&from=2030-01-10&to=2030-01-10`);
    const block = calendar.body.find((each: { id: string }) => each.id === reservationId);
    expect(block.forms).toEqual({ required: 2, complete: 1, flags: ['妊娠の可能性あり'] });
    // The person has sent both: the consent waits for the doctor, not for them.
    expect(block.formsSent).toBe(2);

    const answers = await staffX.get(`/api/staffs/reservations/${reservationId}/forms`);
    expect(answers.status).toBe(200);
    expect(answers.body.map((each: { kind: string; status: string }) => [each.kind, each.status])).toEqual([
      ['QUESTIONNAIRE', 'COMPLETE'],
      ['CONSENT', 'SIGNED'],
    ]);
    expect(answers.body[1]).toMatchObject({
      body: '医療レーザー脱毛の効果と副作用について説明を受けました。',
      signature: { name: '山田 花子', hasImage: true, guardian: null },
      countersign: null,
      prevHash: answers.body[0].hash,
      userId: people.member.id,
    });
    const audit = await server.db.knex('audit_log').where({ kind: 'access', path: `/api/staffs/reservations/${reservationId}/forms` });
    expect(audit).toHaveLength(1);
    expect(audit[0].member_ids).toEqual([people.member.id]);

    const doctor = await signInAs({ employeeNumber: 'D0002', email: 'd2@example.jp', clinicId: people.clinicX.id, doctor: true });
    const doctorY = await signInAs({ employeeNumber: 'D0003', email: 'd3@example.jp', clinicId: people.clinicY.id, doctor: true });
    const url = `/api/staffs/form-responses/${signed.body.responseId}/countersign`;
    expect((await staffX.post(url, { explainedBy: people.staffX.id, mode: 'IN_PERSON' })).body.error.code).toBe('NOT_A_DOCTOR');
    expect((await staffX.post(url, { explainedBy: doctorY.id, mode: 'IN_PERSON' })).status).toBe(400);
    const done = await doctor.client.post(url, { explainedBy: doctor.id, mode: 'IN_PERSON' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'COMPLETE', countersign: { staffId: doctor.id, staffName: 'テスト スタッフ', mode: 'IN_PERSON' } });
    const twice = await staffY.post(url, { explainedBy: doctor.id, mode: 'ONLINE' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ALREADY_COUNTERSIGNED');
    expect((await staffX.post('/api/staffs/form-responses/999/countersign', { explainedBy: doctor.id, mode: 'ONLINE' })).status).toBe(404);
    expect((await staffX.get(`/api/staffs/reservations/${reservationId}`)).body.forms).toEqual({ required: 2, complete: 2, flags: ['妊娠の可能性あり'] });
    // The consent names the check condition: the member's check item is ticked.
    const items = await staffX.get(`/api/staffs/check-items?userId=${people.member.id}`);
    expect(items.body.find((item: { conditionId: string }) => item.conditionId === conditionId)).toMatchObject({ checked: true, checkedBy: doctor.id });
  });

  it('exports a member’s chain verified, and reports false once a stored hash is changed behind its back', async () => {
    const { questionnaireId, q1Id, menuId } = await setUpForms();
    const reservationId = await reservationOf(people.member.id, menuId);
    for (const pregnant of [false, true]) {
      await member.post(`/api/users/reservations/${reservationId}/forms/${questionnaireId}`, { versionId: q1Id, answers: { pregnant, anticoagulant: false } });
    }
    const exported = await staffX.get(`/api/staffs/users/${people.member.id}/forms/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.verified).toBe(true);
    expect(exported.body.records).toHaveLength(2);
    const [first, second] = exported.body.records;
    expect(second.hash).toBe(createHash('sha256').update(`${first.hash}\n${second.canonical}`, 'utf8').digest('hex'));
    expect(first.hash).toBe(createHash('sha256').update(`\n${first.canonical}`, 'utf8').digest('hex'));
    expect((await server.db.knex('audit_log').where({ kind: 'access', action: 'export' })).map((row) => row.member_ids)).toEqual([[people.member.id]]);

    // A superuser turns the trigger off and rewrites a hash: the export notices.
    await server.db.knex.raw('alter table form_responses disable trigger form_responses_no_change');
    await server.db
      .knex('form_responses')
      .where('id', first.responseId)
      .update({ hash: 'f'.repeat(64) });
    await server.db.knex.raw('alter table form_responses enable trigger form_responses_no_change');
    expect((await staffX.get(`/api/staffs/users/${people.member.id}/forms/export`)).body.verified).toBe(false);
    expect((await staffX.get('/api/staffs/users/999999/forms/export')).status).toBe(404);
  });
});
