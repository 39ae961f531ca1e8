import {
  InMemoryAuditLog,
  InMemoryCheckConditionRepository,
  InMemoryCheckItemRepository,
  InMemoryFormRepository,
  InMemoryFormResponseStore,
  InMemoryMemberRepository,
  InMemoryStaffRepository,
  sha256Hasher,
} from '@clinic/test/fakes';
import { describe, expect, it } from 'vitest';
import type { ReservationView } from '../../reservations/domain/reservation.entity';
import { fixedClock } from '../../shared/system-clock';
import { canonicalJson, verifyChain } from '../domain/form-chain';
import type { FormItem } from '../domain/form.entity';
import { FormsUseCase } from './forms.use-case';
import { ManageFormsUseCase } from './manage-forms.use-case';

const admin = { type: 'staff' as const, id: '1' };

const QUESTIONS: FormItem[] = [
  { key: 'pregnant', type: 'yesno', label: '妊娠の可能性はありますか', required: true, flag: { equals: true, label: '妊娠の可能性あり' } },
  { key: 'medicines', type: 'yesno', label: '服用中のお薬はありますか', required: true },
  { key: 'medicineNames', type: 'textarea', label: 'お薬の名前', required: true, showIf: { key: 'medicines', equals: true } },
  {
    key: 'skin',
    type: 'single',
    label: '肌のタイプ',
    options: [
      { value: 'dry', label: '乾燥肌' },
      { value: 'oily', label: '脂性肌' },
    ],
  },
  {
    key: 'allergies',
    type: 'multi',
    label: 'アレルギー',
    options: [
      { value: 'latex', label: 'ラテックス' },
      { value: 'anesthetic', label: '麻酔' },
    ],
    flag: { equals: 'anesthetic', label: '麻酔アレルギー' },
  },
];

const reservation = (id: string, userId: string, menuIds: string[], clinicId = '1', startMs?: number): ReservationView =>
  ({ id, userId, menuIds, clinicId, status: 'RESERVED', ...(startMs !== undefined ? { startMs } : {}) }) as unknown as ReservationView;

const world = async () => {
  const clock = fixedClock('2026-12-01T10:00:00');
  const forms = new InMemoryFormRepository();
  const responses = new InMemoryFormResponseStore(forms);
  const staffs = new InMemoryStaffRepository();
  const members = new InMemoryMemberRepository();
  const conditions = new InMemoryCheckConditionRepository();
  const checkItems = new InMemoryCheckItemRepository(conditions);
  const audit = new InMemoryAuditLog();
  const reservations = new Map<string, ReservationView>();
  const reservationPort = {
    findById: async (id: string) => reservations.get(id) ?? null,
    findByCancelTokenHash: async (hash: string) => reservations.get(hash.replace('hash:', '')) ?? null,
  };
  const manage = new ManageFormsUseCase(forms, conditions, sha256Hasher, clock, audit);
  const use = new FormsUseCase(
    forms,
    responses,
    reservationPort,
    { hash: (token) => `hash:${token}` },
    staffs,
    members,
    checkItems,
    sha256Hasher,
    clock,
    audit,
  );
  const condition = await conditions.create({ name: '同意書（脱毛）', kind: 'ALWAYS', categoryId: null });
  const questionnaire = await manage.create(admin, {
    kind: 'QUESTIONNAIRE',
    title: '問診票',
    checkConditionId: null,
    translations: { en: { title: 'Questionnaire' } },
  });
  const consent = await manage.create(admin, { kind: 'CONSENT', title: '医療脱毛の同意書', checkConditionId: condition.id, translations: {} });
  if (!questionnaire.ok || !consent.ok) throw new Error('forms not created');
  const q1 = await manage.createVersion(admin, questionnaire.value.id, {
    items: QUESTIONS,
    body: null,
    translations: { en: { items: { pregnant: { label: 'Could you be pregnant?' }, skin: { label: 'Skin type', options: { dry: 'Dry' } } } } },
  });
  const c1 = await manage.createVersion(admin, consent.value.id, {
    items: [{ key: 'agree', type: 'yesno', label: '説明を受け、同意します', required: true }],
    body: '医療脱毛の施術について説明を受けました。',
    translations: { en: { body: 'I have been told about laser hair removal.' } },
  });
  if (!q1.ok || !c1.ok) throw new Error('versions not created');
  await manage.publish(admin, questionnaire.value.id, q1.value.id);
  await manage.publish(admin, consent.value.id, c1.value.id);
  await forms.setMenuForms('41', [
    { formId: questionnaire.value.id, when: 'EVERY_VISIT' },
    { formId: consent.value.id, when: 'FIRST_VISIT' },
  ]);
  const doctor = await staffs.create({
    employeeNumber: 'd1',
    email: 'd1@example.jp',
    name: '医師 一郎',
    role: 'STAFF',
    clinicId: '1',
    priority: 0,
    passwordHash: null,
    doctor: true,
  });
  const nurse = await staffs.create({
    employeeNumber: 'n1',
    email: 'n1@example.jp',
    name: '看護 花子',
    role: 'STAFF',
    clinicId: '1',
    priority: 1,
    passwordHash: null,
  });
  const otherDoctor = await staffs.create({
    employeeNumber: 'd2',
    email: 'd2@example.jp',
    name: '医師 二郎',
    role: 'STAFF',
    clinicId: '2',
    priority: 0,
    passwordHash: null,
    doctor: true,
  });
  const add = (view: ReservationView) => reservations.set(view.id, view);
  return {
    clock,
    forms,
    responses,
    manage,
    use,
    add,
    checkItems,
    condition,
    questionnaire: questionnaire.value,
    consent: consent.value,
    q1: q1.value,
    c1: c1.value,
    doctor,
    nurse,
    otherDoctor,
    audit,
    members,
  };
};

const guest = { type: 'guest' as const, id: '7' };

const MEMBER = {
  userNumber: '100',
  name: '佐藤 陽',
  kana: 'サトウ ヒナタ',
  phone: '09012345678',
  email: 'hinata@example.jp',
  birthday: null,
  gender: null,
  clinicId: '1',
  status: 'FULL' as const,
  passwordHash: null,
  lineUserId: null,
  introducerUserId: null,
  giftCount: 0,
  externalMemberId: null,
};

describe('FormsUseCase', () => {
  it('asks a reservation for the ACTIVE version of each form of its menus, in the person language', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    const forms = await w.use.personForms(r, 'en');
    expect(forms.map((form) => [form.title, form.status, form.version])).toEqual([
      ['Questionnaire', 'PENDING', 1],
      ['医療脱毛の同意書', 'PENDING', 1],
    ]);
    expect(forms[0]!.items[0]).toEqual({ key: 'pregnant', type: 'yesno', label: 'Could you be pregnant?', required: true });
    expect(forms[0]!.items[3]!.options).toEqual([
      { value: 'dry', label: 'Dry' },
      { value: 'oily', label: '脂性肌' },
    ]);
    expect(forms[1]!.body).toBe('I have been told about laser hair removal.');
    expect(await w.use.personForms(reservation('101', '7', ['99']), 'ja')).toEqual([]);
  });

  it('checks answers: required, shown-only-if, options and types; a hidden item is never required', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    const missing = await w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { medicines: true, skin: 'greasy' } }, 'ja');
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.error.code).toBe('VALIDATION_FAILED');
      expect(missing.error.fields?.map((field) => field.path).sort()).toEqual(['answers.medicineNames', 'answers.pregnant', 'answers.skin']);
    }
    const badType = await w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { pregnant: 'yes', medicines: false, extra: 1 } }, 'ja');
    expect(!badType.ok && badType.error.fields?.map((field) => field.path).sort()).toEqual(['answers.extra', 'answers.pregnant']);
    // medicineNames is hidden when medicines is false: not required, and an answer to it is dropped.
    const hidden = await w.use.submit(
      guest,
      r,
      w.questionnaire.id,
      { versionId: w.q1.id, answers: { pregnant: false, medicines: false, medicineNames: 'x' } },
      'ja',
    );
    expect(hidden.ok && hidden.value.response.answers).toEqual({ pregnant: false, medicines: false });
  });

  it('computes the flags, and amends the last response when sent again', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    const first = await w.use.submit(
      guest,
      r,
      w.questionnaire.id,
      { versionId: w.q1.id, answers: { pregnant: true, medicines: false, allergies: ['latex', 'anesthetic'] } },
      'ja',
    );
    expect(first.ok && first.value).toMatchObject({ status: 'COMPLETE', response: { flags: ['妊娠の可能性あり', '麻酔アレルギー'], amends: null } });
    const second = await w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { pregnant: false, medicines: false } }, 'ja');
    expect(second.ok && second.value.response).toMatchObject({ flags: [], amends: first.ok ? first.value.response.id : '' });
    expect(w.responses.rows).toHaveLength(2);
    const summary = (await w.use.summaries([r])).get('100');
    expect(summary).toEqual({ required: 2, complete: 1, sent: 1, flags: [] });
    // The next visit's page is prefilled with the last answers.
    const next = await w.use.personForms(reservation('101', '7', ['41']), 'ja');
    expect(next[0]!.prefill).toEqual({ pregnant: false, medicines: false });
  });

  it('refuses a version that is no longer ACTIVE: FORM_VERSION_CHANGED', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    const v2 = await w.manage.createVersion(admin, w.questionnaire.id, { items: QUESTIONS.slice(0, 2), body: null, translations: {} });
    if (!v2.ok) throw new Error('no v2');
    expect(await w.manage.updateVersion(admin, w.questionnaire.id, w.q1.id, { items: QUESTIONS, body: null, translations: {} })).toMatchObject({
      ok: false,
      error: { code: 'FORM_VERSION_PUBLISHED' },
    });
    const published = await w.manage.publish(admin, w.questionnaire.id, v2.value.id);
    expect(published.ok && published.value).toMatchObject({ status: 'ACTIVE', version: 2 });
    expect((await w.forms.findVersion(w.q1.id))?.status).toBe('RETIRED');
    expect(await w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: {} }, 'ja')).toMatchObject({
      ok: false,
      error: { code: 'FORM_VERSION_CHANGED' },
    });
    expect(await w.manage.publish(admin, w.questionnaire.id, v2.value.id)).toMatchObject({ ok: false, error: { code: 'FORM_VERSION_PUBLISHED' } });
  });

  it('chains each person’s responses by hash, and the export notices a changed record', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    await w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { pregnant: false, medicines: false } }, 'ja');
    await w.use.submit(guest, r, w.consent.id, { versionId: w.c1.id, answers: { agree: true }, signature: { name: 'Hanako Yamada' } }, 'en');
    const [one, two] = w.responses.rows;
    expect(one!.prevHash).toBe('');
    expect(two!.prevHash).toBe(one!.hash);
    expect(two!.hash).toBe(sha256Hasher.sha256Hex(`${one!.hash}\n${two!.canonical}`));
    expect(JSON.parse(two!.canonical)).toMatchObject({ answers: { agree: true }, language: 'en', signature: { name: 'Hanako Yamada', imageSha256: null } });
    expect(canonicalJson(JSON.parse(two!.canonical))).toBe(two!.canonical);
    expect(verifyChain(sha256Hasher, w.responses.rows)).toBe(true);
    const exported = await w.use.exportOf('7');
    expect(exported.ok && exported.value.verified).toBe(true);
    (w.responses.rows as { hash: string }[])[0]!.hash = '0'.repeat(64);
    const tampered = await w.use.exportOf('7');
    expect(tampered.ok && tampered.value.verified).toBe(false);
  });

  it('two submissions at once are both kept, in order, with the chain unbroken', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    await Promise.all([
      w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { pregnant: false, medicines: false } }, 'ja'),
      w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { pregnant: true, medicines: false } }, 'ja'),
    ]);
    expect(w.responses.rows).toHaveLength(2);
    expect(w.responses.rows[1]!.amends).toBe(w.responses.rows[0]!.id);
    expect(verifyChain(sha256Hasher, w.responses.rows)).toBe(true);
  });

  it('a consent needs the typed name; it is SIGNED, and COMPLETE once a doctor of the clinic countersigns', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    w.add(r);
    expect(await w.use.submit(guest, r, w.consent.id, { versionId: w.c1.id, answers: { agree: true } }, 'ja')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: [{ path: 'signature.name' }] },
    });
    const signed = await w.use.submit(guest, r, w.consent.id, { versionId: w.c1.id, answers: { agree: true }, signature: { name: '山田 花子' } }, 'ja');
    if (!signed.ok) throw new Error('not signed');
    expect(signed.value.status).toBe('SIGNED');
    const staff = { ...w.nurse, role: 'STAFF' as const };
    expect(await w.use.countersign(staff, signed.value.response.id, { explainedBy: w.nurse.id, mode: 'IN_PERSON' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_DOCTOR' },
    });
    expect(await w.use.countersign(staff, signed.value.response.id, { explainedBy: w.otherDoctor.id, mode: 'IN_PERSON' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_DOCTOR' },
    });
    const done = await w.use.countersign(staff, signed.value.response.id, { explainedBy: w.doctor.id, mode: 'ONLINE' });
    expect(done.ok && done.value).toMatchObject({
      status: 'COMPLETE',
      response: { countersign: { staffId: w.doctor.id, staffName: '医師 一郎', mode: 'ONLINE' } },
    });
    expect(await w.use.countersign(staff, signed.value.response.id, { explainedBy: w.doctor.id, mode: 'ONLINE' })).toMatchObject({
      ok: false,
      error: { code: 'ALREADY_COUNTERSIGNED' },
    });
    // The form names a check condition: the member's item is ticked.
    const items = await w.checkItems.listForMember('7');
    expect(items).toMatchObject([{ conditionId: w.condition.id, checked: true, checkedBy: w.nurse.id }]);
    // FIRST_VISIT: the consent is complete, so the next visit does not ask for it.
    expect((await w.use.personForms(reservation('101', '7', ['41']), 'ja')).map((form) => form.formId)).toEqual([w.questionnaire.id]);
    // …while this visit still shows it, complete.
    expect((await w.use.summaries([r])).get('100')).toEqual({ required: 2, complete: 1, sent: 1, flags: [] });
  });

  it('a consent of someone under 18 on the visit day needs a guardian: by the birth date the clinic knows, else the one given on the form', async () => {
    const w = await world();
    // The visit: 2026-12-10 10:00 in Tokyo.
    const visit = Date.parse('2026-12-10T10:00:00+09:00');
    const r = reservation('100', '7', ['41'], '1', visit);
    const consent = (signature: Record<string, unknown>) =>
      w.use.submit(guest, r, w.consent.id, { versionId: w.c1.id, answers: { agree: true }, signature: { name: '山田 花子', ...signature } }, 'ja');
    // Unknown and not given: nothing to decide by.
    expect((await consent({})).ok).toBe(true);
    // 18 on 2026-12-11, the day after the visit: a minor on the visit day.
    const minor = await consent({ birthDate: '2008-12-11' });
    expect(minor).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(!minor.ok && minor.error.fields).toEqual([
      { path: 'signature.guardian.name', message: 'ご来院日に18歳未満の方は、保護者のお名前を入力してください。' },
      { path: 'signature.guardian.relation', message: 'ご来院日に18歳未満の方は、保護者の続柄を入力してください。' },
    ]);
    // 18 on the visit day itself: no guardian asked.
    expect((await consent({ birthDate: '2008-12-10' })).ok).toBe(true);
    const withGuardian = await consent({ birthDate: '2008-12-11', guardian: { name: '山田 洋子', relation: '母' } });
    expect(withGuardian.ok && withGuardian.value.response.signature).toMatchObject({
      guardian: { name: '山田 洋子', relation: '母' },
      birthDate: '2008-12-11',
    });
    expect(withGuardian.ok && JSON.parse(withGuardian.value.response.canonical).signature.birthDate).toBe('2008-12-11');
    expect(await consent({ birthDate: '2008-02-30' })).toMatchObject({ ok: false, error: { fields: [{ path: 'signature.birthDate' }] } });
    expect(await consent({ birthDate: '2027-01-01' })).toMatchObject({ ok: false, error: { fields: [{ path: 'signature.birthDate' }] } });
    // A member whose profile says 17 on the visit day: the profile wins over what the form says.
    const member = await w.members.create({ ...MEMBER, birthday: '2009-05-01' });
    const theirs = reservation('101', member.id, ['41'], '1', visit);
    const profile = await w.use.submit(
      { type: 'user', id: member.id },
      theirs,
      w.consent.id,
      { versionId: w.c1.id, answers: { agree: true }, signature: { name: '佐藤 陽', birthDate: '1990-01-01' } },
      'ja',
    );
    expect(profile).toMatchObject({ ok: false, error: { fields: [{ path: 'signature.guardian.name' }, { path: 'signature.guardian.relation' }] } });
  });

  it('renders a response with its form title and version, alone by its id', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    w.add(r);
    const sent = await w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { pregnant: true, medicines: false } }, 'ja');
    if (!sent.ok) throw new Error('not sent');
    const one = await w.use.responseById(sent.value.response.id);
    expect(one.ok && one.value).toMatchObject({ title: '問診票', version: 1, status: 'COMPLETE', response: { flags: ['妊娠の可能性あり'] } });
    expect(await w.use.responseById('999')).toMatchObject({ ok: false, error: { code: 'FORM_RESPONSE_NOT_FOUND' } });
    const listed = await w.use.responsesOfReservation('100');
    expect(listed.ok && listed.value.map((each) => each.title)).toEqual(['問診票']);
  });

  it('tells which reservations still wait for the person', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    w.add(r);
    w.add(reservation('102', '8', ['99']));
    expect(await w.use.hasPendingForms('100')).toBe(true);
    expect(await w.use.hasPendingForms('102')).toBe(false);
    await w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { pregnant: false, medicines: false } }, 'ja');
    await w.use.submit(guest, r, w.consent.id, { versionId: w.c1.id, answers: { agree: true }, signature: { name: '山田 花子' } }, 'ja');
    // The consent waits for the doctor, not for the person.
    expect(await w.use.pendingOf(['100', '102', '404'])).toEqual(new Set());
  });

  it('never writes answers into the audit trail', async () => {
    const w = await world();
    const r = reservation('100', '7', ['41']);
    await w.use.submit(guest, r, w.questionnaire.id, { versionId: w.q1.id, answers: { pregnant: true, medicines: true, medicineNames: 'ワーファリン' } }, 'ja');
    expect(JSON.stringify(w.audit.entries)).not.toContain('ワーファリン');
  });
});
