import { routes, type formVersionBody, type FormJson, type FormResponseJson, type FormVersionJson, type PersonFormJson } from '@clinic/contract';
import {
  type Actor,
  type FormsUseCase,
  type FormVersion,
  type FormWithVersions,
  type ManageFormsUseCase,
  type PersonForm,
  type ResponseView,
  type ReservationView,
  type VersionDefinition,
} from '@clinic/core';
import { z } from 'zod';
import { unwrap } from '../errors/http-error';
import { requestLanguage } from '../language';
import { currentMember, currentStaff, type AccountLookups, type ApiContext } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';

export interface FormsHttpDeps {
  readonly manage: ManageFormsUseCase;
  readonly forms: FormsUseCase;
  readonly accounts: AccountLookups;
}

// --- request bodies ---

// --- answers ---

const toVersionSummary = (version: FormVersion) => ({
  id: version.id,
  version: version.version,
  status: version.status,
  publishedAt: version.publishedAt,
  hash: version.hash,
});

const toFormJson = (form: FormWithVersions): FormJson => ({
  id: form.id,
  kind: form.kind,
  title: form.title,
  checkConditionId: form.checkConditionId,
  translations: form.translations,
  activeVersionId: form.activeVersionId,
  versions: form.versions.map(toVersionSummary),
});

const toVersionJson = (version: FormVersion): FormVersionJson => ({
  ...toVersionSummary(version),
  formId: version.formId,
  items: version.items.map((item) => ({ ...item })) as FormVersionJson['items'],
  body: version.body,
  translations: version.translations,
});

const toPersonFormJson = (form: PersonForm): PersonFormJson => ({
  ...form,
  items: form.items as PersonFormJson['items'],
  prefill: form.prefill as PersonFormJson['prefill'],
});

export const toFormResponseJson = ({ response, title, version, status, items, body }: ResponseView): FormResponseJson => ({
  responseId: response.id,
  formId: response.formId,
  title,
  reservationId: response.reservationId,
  userId: response.userId,
  kind: response.kind,
  version,
  status,
  items: items as FormResponseJson['items'],
  body,
  answers: response.answers as FormResponseJson['answers'],
  flags: [...response.flags],
  signature: response.signature
    ? {
        name: response.signature.name,
        hasImage: response.signature.image !== null,
        image: response.signature.image,
        guardian: response.signature.guardian,
        birthDate: response.signature.birthDate ?? null,
      }
    : null,
  language: response.language,
  submittedAt: response.submittedAt,
  countersign: response.countersign
    ? { staffId: response.countersign.staffId, staffName: response.countersign.staffName, mode: response.countersign.mode, at: response.countersign.at }
    : null,
  amends: response.amends,
  hash: response.hash,
  prevHash: response.prevHash,
  canonical: response.canonical,
});

const toDefinition = (body: z.output<typeof formVersionBody>): VersionDefinition => ({
  items: body.items.map((item) => ({
    key: item.key,
    type: item.type,
    label: item.label,
    ...(item.required !== undefined ? { required: item.required } : {}),
    ...(item.options ? { options: item.options } : {}),
    ...(item.showIf ? { showIf: item.showIf } : {}),
    ...(item.flag ? { flag: item.flag } : {}),
  })),
  body: body.body ?? null,
  translations: (body.translations ?? {}) as VersionDefinition['translations'],
});

const staffActor = (ctx: ApiContext): Actor => ({ type: 'staff', id: currentStaff(ctx).id });

// --- examples ---

const EXAMPLE_ITEMS = [
  {
    key: 'pregnant',
    type: 'yesno' as const,
    label: '妊娠中、または妊娠の可能性はありますか',
    required: true,
    flag: { equals: true, label: '妊娠の可能性あり' },
  },
  {
    key: 'anticoagulant',
    type: 'yesno' as const,
    label: '血液をサラサラにするお薬を飲んでいますか',
    required: true,
    flag: { equals: true, label: '抗凝固薬' },
  },
  { key: 'medicineNames', type: 'textarea' as const, label: 'お薬の名前', required: true, showIf: { key: 'anticoagulant', equals: true } },
  {
    key: 'skinType',
    type: 'single' as const,
    label: '肌のタイプ',
    options: [
      { value: 'dry', label: '乾燥肌' },
      { value: 'normal', label: '普通肌' },
      { value: 'oily', label: '脂性肌' },
    ],
  },
];
const EXAMPLE_VERSION: FormVersionJson = {
  id: '12',
  formId: '3',
  version: 2,
  status: 'ACTIVE',
  publishedAt: '2026-11-20T10:00:00+09:00',
  hash: '9f2c4e0b7d1a3c5e8f6a2b4d0c1e3f5a7b9d2c4e6f8a0b1c3d5e7f9a2b4c6d8e',
  items: EXAMPLE_ITEMS,
  body: null,
  translations: { en: { items: { pregnant: { label: 'Are you, or could you be, pregnant?' } } } },
};
const EXAMPLE_FORM: FormJson = {
  id: '3',
  kind: 'QUESTIONNAIRE',
  title: '医療脱毛 問診票',
  checkConditionId: '5',
  translations: { en: { title: 'Laser hair removal questionnaire' }, 'zh-CN': { title: '医疗脱毛问诊表' } },
  activeVersionId: '12',
  versions: [
    {
      id: '11',
      version: 1,
      status: 'RETIRED',
      publishedAt: '2026-10-01T10:00:00+09:00',
      hash: '1b3d5f7a9c0e2a4c6e8a0c2e4a6c8e0a2c4e6a8c0e2a4c6e8a0c2e4a6c8e0a2c',
    },
    { id: '12', version: 2, status: 'ACTIVE', publishedAt: EXAMPLE_VERSION.publishedAt, hash: EXAMPLE_VERSION.hash },
  ],
};
const EXAMPLE_PERSON_FORM: PersonFormJson = {
  formId: '3',
  kind: 'QUESTIONNAIRE',
  title: 'Laser hair removal questionnaire',
  versionId: '12',
  version: 2,
  status: 'PENDING',
  items: [{ key: 'pregnant', type: 'yesno', label: 'Are you, or could you be, pregnant?', required: true }],
  body: null,
  prefill: { pregnant: false },
};
const EXAMPLE_SUBMIT = { versionId: '12', answers: { pregnant: false, anticoagulant: true, medicineNames: 'ワーファリン', skinType: 'dry' } };
const EXAMPLE_SUBMITTED = {
  responseId: '501',
  status: 'COMPLETE' as const,
  flags: ['抗凝固薬'],
  hash: '5e0c3a7d9b1f2e4c6a8d0b2f4e6c8a0d2f4b6e8c0a2d4f6b8e0c2a4d6f8b0e2c',
  prevHash: '',
};
const EXAMPLE_RESPONSE: FormResponseJson = {
  responseId: '502',
  formId: '4',
  title: '医療脱毛 同意書',
  reservationId: '1001',
  userId: '7',
  kind: 'CONSENT',
  version: 1,
  status: 'COMPLETE',
  items: [{ key: 'agree', type: 'yesno', label: '説明を受け、内容に同意します', required: true }],
  body: '医療レーザー脱毛の施術について、効果・副作用（赤み、やけど等）・施術回数の説明を受けました。',
  answers: { agree: true },
  flags: [],
  signature: {
    name: '山田 花子',
    hasImage: true,
    image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    guardian: null,
    birthDate: null,
  },
  language: 'ja',
  submittedAt: '2026-11-30T20:15:00+09:00',
  countersign: { staffId: '31', staffName: '医師 一郎', mode: 'IN_PERSON', at: '2026-12-01T10:05:00+09:00' },
  amends: null,
  hash: '7a1c3e5b9d0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c',
  prevHash: EXAMPLE_SUBMITTED.hash,
  canonical: '{"amends":null,"answers":{"agree":true},"flags":[],"formId":"4",…}',
};

// --- routers ---

/** `/api/admin/forms`: the chain's forms and their versions, for the head office only. */
export const adminFormsRouter = ({ manage, accounts }: FormsHttpDeps): ApiRouter =>
  new ApiRouter('/api/admin', '問診票・同意書', accounts)
    .add(routes.adminForms.list, {
      summary: '問診票・同意書の一覧',
      description: 'チェーン共通の問診票・同意書を、版の一覧つきで返します。本部のADMINのみ。',
      examples: { response: [EXAMPLE_FORM] },
      access: 'headOffice',
      responses: { 200: { description: '問診票・同意書' } },
      handler: async (ctx) => {
        ctx.body = (await manage.list()).map(toFormJson);
      },
    })
    .add(routes.adminForms.create, {
      summary: '問診票・同意書を作成',
      description: '種類（問診票・同意書）とタイトルを登録します。項目や本文は版として追加します。本部のADMINのみ（院のADMINは403）。',
      examples: {
        body: { kind: 'QUESTIONNAIRE', title: '医療脱毛 問診票', checkConditionId: '5', translations: { en: { title: 'Laser hair removal questionnaire' } } },
        response: { ...EXAMPLE_FORM, activeVersionId: null, versions: [] },
      },
      access: 'headOffice',
      responses: { 201: { description: '作成した問診票・同意書' } },
      handler: async (ctx, { body }) => {
        const form = unwrap(
          await manage.create(staffActor(ctx), {
            kind: body.kind,
            title: body.title,
            checkConditionId: body.checkConditionId ?? null,
            translations: (body.translations ?? {}) as FormWithVersions['translations'],
          }),
        );
        ctx.status = 201;
        ctx.body = toFormJson(form);
      },
    })
    .add(routes.adminForms.get, {
      summary: '問診票・同意書の詳細',
      description: '版の一覧（番号・状態・公開日時・ハッシュ）つきで返します。',
      examples: { params: { id: '3' }, response: EXAMPLE_FORM },
      errors: ['FORM_NOT_FOUND'],
      access: 'headOffice',
      responses: { 200: { description: '問診票・同意書' } },
      handler: async (ctx, { params }) => {
        ctx.body = toFormJson(unwrap(await manage.get(params.id)));
      },
    })
    .add(routes.adminForms.version, {
      summary: '版の内容',
      description: '版の項目・本文・翻訳を返します（編集画面とプレビュー用）。',
      examples: { params: { id: '3', versionId: '12' }, response: EXAMPLE_VERSION },
      errors: ['FORM_NOT_FOUND', 'FORM_VERSION_NOT_FOUND'],
      access: 'headOffice',
      responses: { 200: { description: '版' } },
      handler: async (ctx, { params }) => {
        const form = unwrap(await manage.get(params.id));
        const version = unwrap(await manage.version(form.id, params.versionId));
        ctx.body = toVersionJson(version);
      },
    })
    .add(routes.adminForms.createDraft, {
      summary: '新しい版（下書き）を作成',
      description:
        '項目（text・textarea・yesno・single・multi・date、必須、表示条件 showIf、注意表示 flag）と、同意書は本文を登録します。版の番号は1から順に付きます。表示条件で隠れた項目は必須になりません。',
      examples: {
        params: { id: '3' },
        body: { items: EXAMPLE_ITEMS, translations: EXAMPLE_VERSION.translations },
        response: { ...EXAMPLE_VERSION, status: 'DRAFT', publishedAt: null, hash: null },
      },
      errors: ['FORM_NOT_FOUND'],
      access: 'headOffice',
      responses: { 201: { description: '作成した下書き' } },
      handler: async (ctx, { params, body }) => {
        const version = unwrap(await manage.createVersion(staffActor(ctx), params.id, toDefinition(body)));
        ctx.status = 201;
        ctx.body = toVersionJson(version);
      },
    })
    .add(routes.adminForms.saveDraft, {
      summary: '下書きの版を編集',
      description: '下書き（DRAFT）だけを編集できます。公開した版は変わりません（409 FORM_VERSION_PUBLISHED）：新しい版を作ってください。',
      examples: {
        params: { id: '3', versionId: '13' },
        body: { items: EXAMPLE_ITEMS },
        response: { ...EXAMPLE_VERSION, id: '13', version: 3, status: 'DRAFT', publishedAt: null, hash: null, translations: {} },
      },
      errors: ['FORM_NOT_FOUND', 'FORM_VERSION_NOT_FOUND', 'FORM_VERSION_PUBLISHED'],
      access: 'headOffice',
      responses: { 200: { description: '編集した下書き' } },
      handler: async (ctx, { params, body }) => {
        ctx.body = toVersionJson(unwrap(await manage.updateVersion(staffActor(ctx), params.id, params.versionId, toDefinition(body))));
      },
    })
    .add(routes.adminForms.publish, {
      summary: '版を公開',
      description:
        '下書きを公開（ACTIVE）します。内容を正規化したJSONのSHA-256（hash）で固定され、以後変わりません。それまでのACTIVEの版は RETIRED になります。次の予約からこの版が使われ、過去の回答はその回答の版のまま表示されます。',
      examples: { params: { id: '3', versionId: '12' }, response: EXAMPLE_VERSION },
      errors: ['FORM_NOT_FOUND', 'FORM_VERSION_NOT_FOUND', 'FORM_VERSION_PUBLISHED'],
      access: 'headOffice',
      responses: { 200: { description: '公開した版' } },
      handler: async (ctx, { params }) => {
        ctx.body = toVersionJson(unwrap(await manage.publish(staffActor(ctx), params.id, params.versionId)));
      },
    });

const submittedJson = (submitted: Awaited<ReturnType<FormsUseCase['submit']>>) => {
  const { response, status } = unwrap(submitted);
  return { responseId: response.id, status, flags: [...response.flags], hash: response.hash, prevHash: response.prevHash };
};

/** `/api/users/reservations/{id}/forms`: a member's own reservation's forms. */
export const memberFormsRouter = ({ forms, accounts }: FormsHttpDeps): ApiRouter =>
  new ApiRouter('/api/users', '問診票・同意書（会員）', accounts)
    .add(routes.memberForms.list, {
      summary: '予約の問診票・同意書',
      description:
        '予約のメニューが求める問診票・同意書（公開中の版）を、会員の言語（Accept-Language、なければ会員の設定）で返します。`prefill` は同じ問診票への前回の回答です。他の会員の予約は404。',
      examples: { params: { id: '1001' }, response: [EXAMPLE_PERSON_FORM] },
      errors: ['RESERVATION_NOT_FOUND'],
      access: 'member',
      responses: { 200: { description: '問診票・同意書' } },
      handler: async (ctx, { params }) => {
        const reservation = unwrap(await forms.reservationOfMember(currentMember(ctx).id, params.id));
        ctx.set('Cache-Control', 'no-store');
        ctx.body = (await forms.personForms(reservation, requestLanguage(ctx))).map(toPersonFormJson);
      },
    })
    .add(routes.memberForms.submit, {
      summary: '問診票・同意書に回答',
      description:
        '回答を送ります。必須の未回答・選択肢にない値は400 VALIDATION_FAILED（fields）、同意書は署名（お名前）が必須です。`versionId` が公開中の版でなければ409 FORM_VERSION_CHANGED（画面を読み直してください）。もう一度送ると前の回答を訂正する新しい回答になり、前の回答は消えません。',
      examples: { params: { id: '1001', formId: '3' }, body: EXAMPLE_SUBMIT, response: EXAMPLE_SUBMITTED },
      errors: ['RESERVATION_NOT_FOUND', 'FORM_NOT_FOUND', 'FORM_VERSION_CHANGED'],
      access: 'member',
      responses: { 201: { description: '受け付けた回答' } },
      handler: async (ctx, { params, body }) => {
        const member = currentMember(ctx);
        const reservation = unwrap(await forms.reservationOfMember(member.id, params.id));
        const submitted = await forms.submit({ type: 'user', id: member.id }, reservation, params.formId, body, requestLanguage(ctx));
        ctx.status = 201;
        ctx.body = submittedJson(submitted);
      },
    });

/** `/api/guests/reservations/forms`: a guest's forms, reached by the booking's cancel token only. */
export const guestFormsRouter = ({ forms, accounts }: FormsHttpDeps): ApiRouter =>
  new ApiRouter('/api/guests', '問診票・同意書（ゲスト）', accounts)
    .add(routes.guestForms.list, {
      summary: 'ゲストの予約の問診票・同意書',
      description: '予約時に渡したトークン（キャンセルと同じ）の予約だけが対象です。言語は Accept-Language に従います。',
      examples: { query: { token: 'c2FtcGxlLWNhbmNlbC10b2tlbg' }, response: [EXAMPLE_PERSON_FORM] },
      errors: ['INVALID_TOKEN'],
      access: 'public',
      responses: { 200: { description: '問診票・同意書' } },
      handler: async (ctx, { query }) => {
        const reservation = unwrap(await forms.reservationOfGuest(query.token));
        ctx.set('Cache-Control', 'no-store');
        ctx.body = (await forms.personForms(reservation, requestLanguage(ctx))).map(toPersonFormJson);
      },
    })
    .add(routes.guestForms.submit, {
      summary: 'ゲストが問診票・同意書に回答',
      description: '本文に予約のトークンを付けて送ります。ほかは会員の回答と同じです。',
      examples: { params: { formId: '3' }, body: { token: 'c2FtcGxlLWNhbmNlbC10b2tlbg', ...EXAMPLE_SUBMIT }, response: EXAMPLE_SUBMITTED },
      errors: ['INVALID_TOKEN', 'RESERVATION_NOT_FOUND', 'FORM_NOT_FOUND', 'FORM_VERSION_CHANGED'],
      access: 'public',
      responses: { 201: { description: '受け付けた回答' } },
      handler: async (ctx, { params, body }) => {
        const reservation: ReservationView = unwrap(await forms.reservationOfGuest(body.token));
        const { token: _token, ...input } = body;
        const submitted = await forms.submit({ type: 'guest', id: reservation.userId }, reservation, params.formId, input, requestLanguage(ctx));
        ctx.status = 201;
        ctx.body = submittedJson(submitted);
      },
    });

const responseMembers = (ctx: ApiContext): string[] => {
  const body = ctx.body as { userId?: string } | { userId?: string }[] | { records?: { userId?: string }[] } | undefined;
  if (Array.isArray(body)) return body.map((each) => each.userId ?? '');
  if (body && 'records' in body) return (body.records ?? []).map((each) => each.userId ?? '');
  return body && 'userId' in body ? [body.userId ?? ''] : [];
};

/** Staff: a reservation's responses, the doctor's countersign and a member's export; every read is in the access audit. */
export const staffFormsRouter = ({ forms, accounts }: FormsHttpDeps): ApiRouter =>
  new ApiRouter('/api/staffs', '問診票・同意書（スタッフ）', accounts)
    .add(routes.staffForms.reservation, {
      summary: '予約の問診票・同意書の回答',
      description:
        '予約へのすべての回答（訂正前のものも）を古い順に、それぞれの回答の版（日本語）で返します。`canonical` はハッシュを計算した正規化JSON、`hash` と `prevHash` はその会員のハッシュチェーンです。閲覧はアクセス監査に記録します。',
      examples: { params: { id: '1001' }, response: [EXAMPLE_RESPONSE] },
      errors: ['RESERVATION_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'view', resource: 'formResponse', members: responseMembers },
      responses: { 200: { description: '回答' } },
      handler: async (ctx, { params }) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = unwrap(await forms.responsesOfReservation(params.id)).map(toFormResponseJson);
      },
    })
    .add(routes.staffForms.response, {
      summary: '問診票・同意書の回答（1件）',
      description:
        '回答を1件、その回答の版（日本語）で返します。印刷用のページ（/staff/form-responses/{responseId}/print/）が使います。閲覧はアクセス監査に記録します。',
      examples: { params: { responseId: '502' }, response: EXAMPLE_RESPONSE },
      errors: ['FORM_RESPONSE_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'view', resource: 'formResponse', idParam: 'responseId', members: responseMembers },
      responses: { 200: { description: '回答' } },
      handler: async (ctx, { params }) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = toFormResponseJson(unwrap(await forms.responseById(params.responseId)));
      },
    })
    .add(routes.staffForms.countersign, {
      summary: '同意書に医師が確認の署名',
      description:
        '説明した医師（`explainedBy`、その院の医師のスタッフ）と方法（対面・オンライン）を記録し、同意書を完了（COMPLETE）にします。医師でなければ400 NOT_A_DOCTOR、確認済みなら409 ALREADY_COUNTERSIGNED。記録は別の行として追記され、回答は変わりません。',
      examples: { params: { responseId: '502' }, body: { explainedBy: '31', mode: 'IN_PERSON' }, response: EXAMPLE_RESPONSE },
      errors: ['FORM_RESPONSE_NOT_FOUND', 'NOT_A_DOCTOR', 'ALREADY_COUNTERSIGNED'],
      access: 'staff',
      audit: { action: 'update', resource: 'formResponse', idParam: 'responseId', members: responseMembers },
      responses: { 200: { description: '確認した同意書' } },
      handler: async (ctx, { params, body }) => {
        ctx.body = toFormResponseJson(unwrap(await forms.countersign(currentStaff(ctx), params.responseId, body)));
      },
    })
    .add(routes.staffForms.memberExport, {
      summary: '会員の問診票・同意書の書き出し',
      description:
        '会員のすべての回答を古い順に、ハッシュチェーンを検証した結果（`verified`）とともに返します。保存された値が書き換えられていれば false です。',
      examples: { params: { id: '7' }, response: { records: [EXAMPLE_RESPONSE], verified: true } },
      errors: ['USER_NOT_FOUND'],
      access: 'staff',
      audit: { action: 'export', resource: 'member', idParam: 'id' },
      responses: { 200: { description: '回答と検証結果' } },
      handler: async (ctx, { params }) => {
        const exported = unwrap(await forms.exportOf(params.id));
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { records: exported.records.map(toFormResponseJson), verified: exported.verified };
      },
    });
