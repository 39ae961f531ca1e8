import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { visitFormsText } from './VisitFormsBadge';
import { currentResponses, previousResponse, type FormResponse } from './staff-forms.api';
import { translate } from '../../../i18n';

const reservation = {
  id: 'r1',
  clinicId: 'c1',
  userId: 'u1',
  status: 'RESERVED',
  source: 'WEB_GUEST',
  menuIds: ['m1'],
  menus: [{ id: 'm1', name: '医療レーザー脱毛（両ワキ）' }],
  startsAt: '2026-12-07T10:00:00+09:00',
  endsAt: '2026-12-07T11:00:00+09:00',
  tasks: [],
  createdAt: '2026-12-01T09:00:00+09:00',
  cancelledAt: null,
  confirmedAt: null,
  memo: '',
  campaign: null,
  user: { id: 'u1', name: 'Emma Brown', kana: '', userNumber: null },
  forms: { required: 2, complete: 1, flags: ['妊娠の可能性あり'] },
};

const items = [
  {
    key: 'pregnant',
    type: 'yesno' as const,
    label: '現在、妊娠中または妊娠の可能性はありますか',
    required: true,
    flag: { equals: true, label: '妊娠の可能性あり' },
  },
  {
    key: 'sun',
    type: 'single' as const,
    label: '最近2週間の日焼け',
    options: [
      { value: 'none', label: 'していない' },
      { value: 'much', label: 'かなり' },
    ],
  },
];

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const response = (overrides: Partial<FormResponse>): FormResponse => ({
  responseId: 'q2',
  formId: 'fq',
  title: '医療脱毛 問診票',
  reservationId: 'r1',
  userId: 'u1',
  kind: 'QUESTIONNAIRE',
  version: 1,
  status: 'COMPLETE',
  items,
  body: null,
  answers: { pregnant: true, sun: 'none' },
  flags: ['妊娠の可能性あり'],
  signature: null,
  language: 'en',
  submittedAt: '2026-12-02T10:00:00+09:00',
  countersign: null,
  amends: null,
  hash: 'b'.repeat(64),
  prevHash: 'a'.repeat(64),
  canonical: '{}',
  ...overrides,
});

const consent = response({
  responseId: 'c1',
  formId: 'fc',
  title: '医療脱毛 同意書',
  kind: 'CONSENT',
  status: 'SIGNED',
  items: [],
  answers: {},
  flags: [],
  body: '施術後に赤みが出ることがあります。',
  signature: { name: 'Emma Brown', hasImage: true, image: SIGNATURE, guardian: { name: 'Olivia Brown', relation: '母' }, birthDate: '2010-05-01' },
  submittedAt: '2026-12-02T10:05:00+09:00',
});

const lastVisit = response({
  responseId: 'q1',
  answers: { pregnant: false, sun: 'much' },
  flags: [],
  submittedAt: '2026-06-01T10:00:00+09:00',
  hash: 'a'.repeat(64),
  prevHash: '',
});

describe('the staff forms page', () => {
  it('renders each response with its version, the previous visit where it differs, and countersigns a consent', async () => {
    const user = userEvent.setup();
    let signed = false;
    const fake = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile() },
      'GET /api/staffs/clinics': { body: clinics },
      'GET /api/staffs/reservations/r1': { body: reservation },
      'GET /api/staffs/reservations/r1/forms': () => ({
        body: [
          response({}),
          signed
            ? { ...consent, status: 'COMPLETE', countersign: { staffId: 'd1', staffName: '鈴木 一郎', mode: 'IN_PERSON', at: '2026-12-07T10:01:00+09:00' } }
            : consent,
        ],
      }),
      'GET /api/staffs/users/u1/forms/export': { body: { records: [lastVisit, response({}), consent], verified: true } },
      'GET /api/staffs': {
        body: [
          { id: 'd1', name: '鈴木 一郎', doctor: true },
          { id: 's2', name: '佐藤 美咲', doctor: false },
        ],
      },
      'POST /api/staffs/form-responses/c1/countersign': () => {
        signed = true;
        return { body: consent };
      },
    });
    renderApp('/staff/reservations/r1/forms/?clinicId=c1', { fetch: fake.fetch });
    const cards = await screen.findAllByTestId('form-response', {}, { timeout: 10_000 });
    expect(cards).toHaveLength(2);
    const questionnaire = cards[0]!;
    expect(within(questionnaire).getByText('現在、妊娠中または妊娠の可能性はありますか')).toBeInTheDocument();
    expect(within(questionnaire).getByText('前回: いいえ')).toBeInTheDocument();
    expect(within(questionnaire).getByText('前回: かなり')).toBeInTheDocument();
    expect(within(questionnaire).getByText(/回答言語: 英語/)).toBeInTheDocument();
    expect(within(questionnaire).getAllByText('妊娠の可能性あり').length).toBeGreaterThan(0);
    // The form's title heads each card; each has its printable page.
    expect(within(questionnaire).getByRole('heading', { name: '医療脱毛 問診票' })).toBeInTheDocument();
    expect(within(questionnaire).getByRole('link', { name: '印刷用ページ: 医療脱毛 問診票' })).toHaveAttribute('href', '/staff/form-responses/q2/print/');
    // The drawn signature is shown, with the guardian and the birth date the person gave.
    expect(within(cards[1]!).getByRole('img', { name: 'Emma Brown 様の手書きのサイン' })).toHaveAttribute('src', SIGNATURE);
    expect(within(cards[1]!).getByText('保護者: Olivia Brown（母）')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('生年月日（本人の申告）: 2010-05-01')).toBeInTheDocument();

    const signing = within(cards[1]!).getByTestId('countersign');
    // The only doctor of the clinic is chosen already; the staff member who is not a doctor is not offered.
    await user.click(within(signing).getByRole('button', { name: '確認して署名する' }));
    await waitFor(() => expect(screen.getByText(/鈴木 一郎 医師が確認（対面/)).toBeInTheDocument());
    const post = fake.calls.find((c) => c.method === 'POST' && c.url.includes('/countersign'))!;
    expect(JSON.parse(String(post.init.body))).toEqual({ explainedBy: 'd1', mode: 'IN_PERSON' });
  });
});

describe('the printable pages', () => {
  it('renders one response alone with its version, the person and the visit', async () => {
    const fake = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile() },
      'GET /api/staffs/clinics': { body: clinics },
      'GET /api/staffs/form-responses/c1': { body: consent },
      'GET /api/staffs/reservations/r1': { body: reservation },
    });
    renderApp('/staff/form-responses/c1/print/', { fetch: fake.fetch });
    const sheet = await screen.findByTestId('print-sheet', {}, { timeout: 10_000 });
    expect(within(sheet).getByRole('heading', { level: 1, name: '医療脱毛 同意書（第1版）' })).toBeInTheDocument();
    expect(within(sheet).getByText(/Emma Brown 様/)).toHaveTextContent('医療レーザー脱毛（両ワキ）');
    expect(within(sheet).getByText('施術後に赤みが出ることがあります。')).toBeInTheDocument();
    expect(within(sheet).getByRole('img', { name: 'Emma Brown 様の手書きのサイン' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '印刷' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '予約の回答へ戻る' })).toHaveAttribute('href', '/staff/reservations/r1/forms/');
  });

  it('exports one member’s forms: the chain’s check, the JSON file and every response as a sheet', async () => {
    const member = { id: 'u1', name: 'Emma Brown', kana: '', userNumber: '100009' };
    const fake = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile() },
      'GET /api/staffs/clinics': { body: clinics },
      'GET /api/staffs/users/u1/forms/export': { body: { records: [lastVisit, response({}), consent], verified: true } },
      'GET /api/staffs/users/u1/with-details': { body: { member, reservations: [reservation], contracts: [], checkItems: [], tags: [], noShows: [] } },
    });
    renderApp('/staff/users/u1/forms/', { fetch: fake.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Emma Brown 様の問診票・同意書' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3件すべて改ざんはありません');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'JSONで保存' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'すべて印刷' })).toBeInTheDocument();
  });

  it('says so when the chain does not verify', async () => {
    const fake = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile() },
      'GET /api/staffs/clinics': { body: clinics },
      'GET /api/staffs/users/u1/forms/export': { body: { records: [lastVisit], verified: false } },
      'GET /api/staffs/users/u1/with-details': {
        body: { member: { id: 'u1', name: 'Emma Brown', userNumber: null }, reservations: [], contracts: [], checkItems: [], tags: [], noShows: [] },
      },
    });
    renderApp('/staff/users/u1/forms/', { fetch: fake.fetch });
    expect(await screen.findByText(/ハッシュの連鎖が一致しません/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('staff forms rules', () => {
  it('keeps the newest response of each form and finds the previous visit’s', () => {
    const amended = response({ responseId: 'q3', amends: 'q2', submittedAt: '2026-12-03T10:00:00+09:00' });
    expect(currentResponses([response({}), amended, consent]).map((r) => r.responseId)).toEqual(['q3', 'c1']);
    expect(previousResponse(amended, [lastVisit, response({}), amended], new Set(['q2', 'q3']))?.responseId).toBe('q1');
    expect(previousResponse(lastVisit, [lastVisit], new Set(['q1']))).toBeNull();
  });

  it('names the visit’s paperwork in the calendar block’s label', () => {
    expect(visitFormsText({ required: 2, complete: 1, flags: ['妊娠の可能性あり', '抗凝固薬'] }, translate)).toBe('問診未回答 1/2 ⚠妊娠の可能性あり・抗凝固薬');
    expect(visitFormsText({ required: 1, complete: 1, flags: [] }, translate)).toBe('問診回答済');
    expect(visitFormsText({ required: 2, complete: 1, sent: 2, flags: ['抗凝固薬'] }, translate)).toBe('問診回答済・医師確認待ち ⚠抗凝固薬');
    expect(visitFormsText({ required: 0, complete: 0, flags: [] }, translate)).toBe('');
  });
});
