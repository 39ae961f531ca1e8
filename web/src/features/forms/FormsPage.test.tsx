import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { chooseLanguage } from '../../i18n';
import { serverFieldErrors } from './FormFill';
import type { PatientForm } from './forms.api';

const TOKEN = 'guest-token-1234567890';

const questionnaire = (overrides: Partial<PatientForm> = {}): PatientForm => ({
  formId: 'f1',
  kind: 'QUESTIONNAIRE',
  title: '医療脱毛 問診票',
  versionId: 'v1',
  version: 1,
  status: 'PENDING',
  items: [
    { key: 'pregnant', type: 'yesno', label: '妊娠の可能性はありますか', required: true },
    { key: 'medicine', type: 'yesno', label: '服用中のお薬はありますか', required: true },
    { key: 'medicineName', type: 'text', label: 'お薬の名前', required: true, showIf: { key: 'medicine', equals: true } },
    { key: 'notes', type: 'textarea', label: 'その他' },
  ],
  body: null,
  prefill: {},
  ...overrides,
});

const consent = (overrides: Partial<PatientForm> = {}): PatientForm => ({
  formId: 'f2',
  kind: 'CONSENT',
  title: '医療レーザー脱毛 施術同意書',
  versionId: 'v9',
  version: 1,
  status: 'PENDING',
  items: [],
  body: '施術後に赤みが出ることがあります。\n以上に同意します。',
  prefill: {},
  ...overrides,
});

const sent = { responseId: 'r1', status: 'COMPLETE', flags: [], hash: 'a'.repeat(64), prevHash: '' };
const bodyOf = (call: { init: RequestInit }) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

function openGuest(routes: Record<string, FakeHandler>) {
  const fake = fakeApi({ 'POST /api/page-views': { status: 204 }, ...routes });
  vi.stubGlobal('fetch', fake.fetch);
  renderApp(`/guest/forms/?token=${TOKEN}`, { fetch: fake.fetch });
  return fake;
}

afterEach(() => {
  vi.unstubAllGlobals();
  void chooseLanguage('ja');
});

describe('the guest forms page', () => {
  it('lists the forms with their state, checks a questionnaire before sending and sends only the shown answers', async () => {
    const user = userEvent.setup();
    let listed = [questionnaire(), consent()];
    const fake = openGuest({
      'GET /api/guests/reservations/forms': () => ({ body: listed }),
      'POST /api/guests/reservations/forms/f1': () => {
        listed = [questionnaire({ status: 'COMPLETE' }), consent()];
        return { status: 201, body: sent };
      },
    });
    const list = await screen.findByRole('list', { name: '問診票・同意書' }, { timeout: 10_000 });
    expect(within(list).getAllByTestId('patient-form')).toHaveLength(2);
    expect(within(list).getAllByText('未記入')).toHaveLength(2);
    expect(fake.calls.find((c) => c.method === 'GET' && c.url.includes('/forms'))!.url).toContain(`token=${TOKEN}`);

    await user.click(screen.getByRole('button', { name: '記入する: 医療脱毛 問診票' }));
    const form = await screen.findByRole('form', { name: '医療脱毛 問診票' });
    await user.click(within(form).getByRole('button', { name: '送信する' }));
    expect(await within(form).findByText('入力内容をご確認ください。')).toBeInTheDocument();
    expect(within(form).getAllByText('この項目にご回答ください。')).toHaveLength(2);
    expect(fake.calls.some((c) => c.method === 'POST' && c.url.includes('/forms/'))).toBe(false);

    await user.click(within(within(form).getByRole('radiogroup', { name: /妊娠/ })).getByRole('radio', { name: 'いいえ' }));
    await user.click(within(within(form).getByRole('radiogroup', { name: /服用中/ })).getByRole('radio', { name: 'はい' }));
    await user.type(within(form).getByRole('textbox', { name: /お薬の名前/ }), 'ロキソニン');
    await user.click(within(within(form).getByRole('radiogroup', { name: /服用中/ })).getByRole('radio', { name: 'いいえ' }));
    await user.click(within(form).getByRole('button', { name: '送信する' }));

    expect(await screen.findByText('「医療脱毛 問診票」を送信しました。')).toBeInTheDocument();
    const post = fake.calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/guests/reservations/forms/f1'))!;
    expect(bodyOf(post)).toEqual({ versionId: 'v1', answers: { pregnant: false, medicine: false }, token: TOKEN });
    await waitFor(() => expect(screen.getByText('完了')).toBeInTheDocument());
  });

  it('shows the server’s reasons under their items', async () => {
    const user = userEvent.setup();
    openGuest({
      'GET /api/guests/reservations/forms': { body: [questionnaire({ prefill: { pregnant: false, medicine: false, gone: 'x' } })] },
      'POST /api/guests/reservations/forms/f1': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: '全ての項目に正しく値を入力してください。',
            fields: [{ path: 'answers.notes', message: '2000文字以内で入力してください。' }],
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '記入する: 医療脱毛 問診票' }, { timeout: 10_000 }));
    const form = await screen.findByRole('form', { name: '医療脱毛 問診票' });
    // Pre-filled from the last response: the form only asks for confirmation.
    expect(within(form).getByText(/前回のご回答を入れてあります/)).toBeInTheDocument();
    expect(within(within(form).getByRole('radiogroup', { name: /妊娠/ })).getByRole('radio', { name: 'いいえ' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: '送信する' }));
    const notes = await within(form).findByRole('textbox', { name: 'その他' });
    await waitFor(() => expect(notes).toHaveAccessibleDescription('2000文字以内で入力してください。'));
    expect(within(form).getByRole('alert')).toHaveTextContent('全ての項目に正しく値を入力してください。');
  });

  it('loads the new version after FORM_VERSION_CHANGED, keeps the answers that still fit and sends with the new version', async () => {
    const user = userEvent.setup();
    let version = 1;
    const v2 = questionnaire({
      versionId: 'v2',
      version: 2,
      items: [
        { key: 'pregnant', type: 'yesno', label: '現在、妊娠中または妊娠の可能性はありますか', required: true },
        { key: 'medicine', type: 'yesno', label: '服用中のお薬はありますか', required: true },
      ],
    });
    const fake = openGuest({
      'GET /api/guests/reservations/forms': () => ({ body: [version === 1 ? questionnaire() : v2] }),
      'POST /api/guests/reservations/forms/f1': (init) => {
        if (bodyOf({ init }).versionId === 'v1') {
          version = 2;
          return { status: 409, body: { error: { code: 'FORM_VERSION_CHANGED', message: '問診票が更新されました。' } } };
        }
        return { status: 201, body: sent };
      },
    });
    await user.click(await screen.findByRole('button', { name: '記入する: 医療脱毛 問診票' }, { timeout: 10_000 }));
    let form = await screen.findByRole('form', { name: '医療脱毛 問診票' });
    await user.click(within(within(form).getByRole('radiogroup', { name: /妊娠/ })).getByRole('radio', { name: 'はい' }));
    await user.click(within(within(form).getByRole('radiogroup', { name: /服用中/ })).getByRole('radio', { name: 'いいえ' }));
    await user.click(within(form).getByRole('button', { name: '送信する' }));

    expect(await screen.findByText(/この書類の内容が更新されました/)).toBeInTheDocument();
    form = screen.getByRole('form', { name: '医療脱毛 問診票' });
    expect(within(form).getByText(/第2版/)).toBeInTheDocument();
    expect(within(form).getByRole('radiogroup', { name: /現在、妊娠中/ })).toBeInTheDocument();
    expect(within(within(form).getByRole('radiogroup', { name: /現在、妊娠中/ })).getByRole('radio', { name: 'はい' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: '送信する' }));
    await screen.findByText('「医療脱毛 問診票」を送信しました。');
    const posts = fake.calls.filter((c) => c.method === 'POST' && c.url.includes('/forms/f1'));
    expect(posts.map((p) => bodyOf(p).versionId)).toEqual(['v1', 'v2']);
    expect(bodyOf(posts[1]!).answers).toEqual({ pregnant: true, medicine: false });
  });

  it('signs a consent with the typed name; a minor’s guardian signs beside', async () => {
    const user = userEvent.setup();
    const fake = openGuest({
      'GET /api/guests/reservations/forms': { body: [consent()] },
      'POST /api/guests/reservations/forms/f2': { status: 201, body: { ...sent, status: 'SIGNED' } },
    });
    await user.click(await screen.findByRole('button', { name: '記入する: 医療レーザー脱毛 施術同意書' }, { timeout: 10_000 }));
    const form = await screen.findByRole('form', { name: '医療レーザー脱毛 施術同意書' });
    expect(within(form).getByRole('region', { name: '同意書の本文' })).toHaveTextContent('施術後に赤みが出ることがあります。');
    expect(within(form).getByRole('img', { name: '手書きのサイン欄（未記入）' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '送信する' }));
    expect(await within(form).findByText('内容をご確認のうえ、同意のチェックを入れてください。')).toBeInTheDocument();

    await user.click(within(form).getByRole('checkbox', { name: /同意します/ }));
    await user.type(within(form).getByRole('textbox', { name: /ご署名/ }), '山田 さくら');
    // The birth date is unknown for a guest: asked, and under 18 the guardian is asked too.
    const year = within(form).getAllByRole('spinbutton')[0]!;
    await user.click(year);
    await user.keyboard('2015');
    await user.keyboard('04');
    await user.keyboard('01');
    const guardian = await within(form).findByRole('group', { name: '保護者の同意' });
    await user.type(within(guardian).getByRole('textbox', { name: /保護者のお名前/ }), '山田 花子');
    await user.type(within(guardian).getByRole('textbox', { name: /続柄/ }), '母');
    await user.click(within(form).getByRole('button', { name: '送信する' }));

    await screen.findByText('「医療レーザー脱毛 施術同意書」を送信しました。');
    const post = fake.calls.find((c) => c.method === 'POST' && c.url.includes('/forms/f2'))!;
    expect(bodyOf(post)).toEqual({
      versionId: 'v9',
      answers: {},
      signature: { name: '山田 さくら', guardian: { name: '山田 花子', relation: '母' }, birthDate: '2015-04-01' },
      token: TOKEN,
    });
  });

  it('speaks English when English is chosen', async () => {
    await chooseLanguage('en');
    openGuest({ 'GET /api/guests/reservations/forms': { body: [questionnaire({ title: 'Hair removal questionnaire' })] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaire and consent' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Not filled in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fill in: Hair removal questionnaire' })).toBeInTheDocument();
  });

  it('says so when the link has no token', async () => {
    const fake = fakeApi({ 'POST /api/page-views': { status: 204 } });
    vi.stubGlobal('fetch', fake.fetch);
    renderApp('/guest/forms/', { fetch: fake.fetch });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('リンクが正しくありません');
  });
});

describe('the member forms page', () => {
  it('reads the forms of the reservation and sends with the member session', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      'POST /api/page-views': { status: 204 },
      'GET /api/users/profile': { body: { id: 'u1', name: '佐藤 太郎', userNumber: '100001', clinicId: 'c2' } },
      'GET /api/users/clinics/c2': { body: { id: 'c2', name: '渋谷', hokenCategoryId: null, webBookingEnabled: true, phone: '03-1111-2222' } },
      'GET /api/users/detailed-profile': { body: { birthday: '1990-01-01' } },
      'GET /api/users/reservations/r7/forms': { body: [consent()] },
      'POST /api/users/reservations/r7/forms/f2': { status: 201, body: { ...sent, status: 'SIGNED' } },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderApp('/user/mypage/reservations/r7/forms/', { fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: '記入する: 医療レーザー脱毛 施術同意書' }, { timeout: 10_000 }));
    const form = await screen.findByRole('form', { name: '医療レーザー脱毛 施術同意書' });
    // The birth date is known: not asked, and an adult signs alone.
    await waitFor(() => expect(within(form).queryByRole('group', { name: /生年月日/ })).toBeNull());
    await user.click(within(form).getByRole('checkbox', { name: /同意します/ }));
    await user.type(within(form).getByRole('textbox', { name: /ご署名/ }), '佐藤 太郎');
    await user.click(within(form).getByRole('button', { name: '送信する' }));
    await screen.findByText('「医療レーザー脱毛 施術同意書」を送信しました。');
    const post = fake.calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/users/reservations/r7/forms/f2'))!;
    expect(bodyOf(post)).toEqual({ versionId: 'v9', answers: {}, signature: { name: '佐藤 太郎' } });
  });
});

describe('the guardian by the visit day', () => {
  it('asks for the guardian when the server says the person is under 18 on the visit day, with the server’s reasons', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const fake = openGuest({
      'GET /api/guests/reservations/forms': { body: [consent()] },
      'POST /api/guests/reservations/forms/f2': () =>
        ++posts === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: '全ての項目に正しく値を入力してください。',
                  fields: [
                    { path: 'signature.guardian.name', message: 'ご来院日に18歳未満の方は、保護者のお名前を入力してください。' },
                    { path: 'signature.guardian.relation', message: 'ご来院日に18歳未満の方は、保護者の続柄を入力してください。' },
                  ],
                },
              },
            }
          : { status: 201, body: { ...sent, status: 'SIGNED' } },
    });
    await user.click(await screen.findByRole('button', { name: '記入する: 医療レーザー脱毛 施術同意書' }, { timeout: 10_000 }));
    const form = await screen.findByRole('form', { name: '医療レーザー脱毛 施術同意書' });
    await user.click(within(form).getByRole('checkbox', { name: /同意します/ }));
    await user.type(within(form).getByRole('textbox', { name: /ご署名/ }), '山田 さくら');
    // 18 today by the page's count, so no guardian is asked before sending.
    const year = within(form).getAllByRole('spinbutton')[0]!;
    await user.click(year);
    await user.keyboard('2000');
    await user.keyboard('01');
    await user.keyboard('01');
    expect(within(form).queryByRole('group', { name: '保護者の同意' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: '送信する' }));
    const guardian = await within(form).findByRole('group', { name: '保護者の同意' });
    const guardianName = within(guardian).getByRole('textbox', { name: /保護者のお名前/ });
    await waitFor(() => expect(guardianName).toHaveAccessibleDescription(/ご来院日に18歳未満の方は、保護者のお名前を入力してください。/));
    await user.type(guardianName, '山田 花子');
    await user.type(within(guardian).getByRole('textbox', { name: /続柄/ }), '母');
    await user.click(within(form).getByRole('button', { name: '送信する' }));
    await screen.findByText('「医療レーザー脱毛 施術同意書」を送信しました。');
    const sentBodies = fake.calls.filter((c) => c.method === 'POST' && c.url.includes('/forms/f2')).map(bodyOf);
    expect(sentBodies[0]!.signature).toEqual({ name: '山田 さくら', birthDate: '2000-01-01' });
    expect(sentBodies[1]!.signature).toEqual({ name: '山田 さくら', guardian: { name: '山田 花子', relation: '母' }, birthDate: '2000-01-01' });
  });
});

describe('server field paths', () => {
  it('map to items and signature fields', () => {
    expect(
      serverFieldErrors([
        { path: 'answers.pregnant', message: 'a' },
        { path: 'signature.name', message: 'b' },
        { path: 'signature.guardian.relation', message: 'c' },
      ]),
    ).toEqual({ answers: { pregnant: 'a' }, consent: { name: 'b', guardianRelation: 'c' } });
  });
});
