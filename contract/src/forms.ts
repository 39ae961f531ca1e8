import { z } from 'zod';
import { idSchema } from './fields';
import { FORM_RULES, SIGNATURE_IMAGE_MAX } from './rules';

// Web forms: 問診票 and 同意書 (shared/API.md "Web forms", docs/forms.md). The same lists as the core's.
export const FORM_KINDS = ['QUESTIONNAIRE', 'CONSENT'] as const;
export const FORM_ITEM_TYPES = ['text', 'textarea', 'yesno', 'single', 'multi', 'date'] as const;
export const FORM_VERSION_STATUSES = ['DRAFT', 'ACTIVE', 'RETIRED'] as const;
export const FORM_STATUSES = ['PENDING', 'SUBMITTED', 'SIGNED', 'COMPLETE'] as const;
export const MENU_FORM_WHEN = ['EVERY_VISIT', 'FIRST_VISIT'] as const;
export const COUNTERSIGN_MODES = ['IN_PERSON', 'ONLINE'] as const;

/** An answer: text or a date (`YYYY-MM-DD`), `true`/`false` for yesno, option values for multi. */
// Requests.

export const answerValueJson = z.union([z.string(), z.boolean(), z.array(z.string())]);
export const answersJson = z.record(z.string(), answerValueJson);

export const formItemJson = z.object({
  key: z.string(),
  type: z.enum(FORM_ITEM_TYPES),
  label: z.string(),
  required: z.boolean().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  showIf: z.object({ key: z.string(), equals: answerValueJson }).optional(),
  flag: z.object({ equals: answerValueJson, label: z.string() }).optional(),
});

/** A version in the list of a form (admin). */
export const formVersionSummaryJson = z.object({
  id: z.string(),
  version: z.number(),
  status: z.enum(FORM_VERSION_STATUSES),
  publishedAt: z.string().nullable(),
  hash: z.string().nullable(),
});

const itemTranslationJson = z.object({ label: z.string(), options: z.record(z.string(), z.string()).optional() });
export const versionTranslationsJson = z.object({
  en: z.object({ body: z.string().optional(), items: z.record(z.string(), itemTranslationJson).optional() }).optional(),
  'zh-CN': z.object({ body: z.string().optional(), items: z.record(z.string(), itemTranslationJson).optional() }).optional(),
});

/** A version with its definition (admin: the editor and the preview). */
export const formVersionJson = formVersionSummaryJson.extend({
  formId: z.string(),
  items: z.array(formItemJson),
  body: z.string().nullable(),
  translations: versionTranslationsJson,
});

export const formJson = z.object({
  id: z.string(),
  kind: z.enum(FORM_KINDS),
  title: z.string(),
  checkConditionId: z.string().nullable(),
  translations: z.object({ en: z.object({ title: z.string() }).optional(), 'zh-CN': z.object({ title: z.string() }).optional() }),
  activeVersionId: z.string().nullable(),
  versions: z.array(formVersionSummaryJson),
});

/** A form a menu asks for. */
export const menuFormJson = z.object({ formId: z.string(), when: z.enum(MENU_FORM_WHEN) });

/** A form as the person fills it in, in their language (flags are for staff and left out). */
export const personFormJson = z.object({
  formId: z.string(),
  kind: z.enum(FORM_KINDS),
  title: z.string(),
  versionId: z.string(),
  version: z.number(),
  status: z.enum(FORM_STATUSES),
  items: z.array(formItemJson.omit({ flag: true })),
  body: z.string().nullable(),
  prefill: answersJson,
});

export const formSubmittedJson = z.object({
  responseId: z.string(),
  status: z.enum(FORM_STATUSES),
  flags: z.array(z.string()),
  hash: z.string(),
  prevHash: z.string(),
});

/** A response as staff read it, rendered with its own version (Japanese, the binding text). */
export const formResponseJson = z.object({
  responseId: z.string(),
  formId: z.string(),
  /** The form's title (Japanese). */
  title: z.string(),
  kind: z.enum(FORM_KINDS),
  version: z.number(),
  status: z.enum(FORM_STATUSES),
  items: z.array(formItemJson),
  body: z.string().nullable(),
  answers: answersJson,
  flags: z.array(z.string()),
  signature: z
    .object({
      name: z.string(),
      hasImage: z.boolean(),
      /** The drawn signature (`data:image/png;base64,…`), or null. */
      image: z.string().nullable(),
      guardian: z.object({ name: z.string(), relation: z.string() }).nullable(),
      /** The birth date the person gave on the form when the clinic did not know it. */
      birthDate: z.string().nullable(),
    })
    .nullable(),
  language: z.string(),
  submittedAt: z.string(),
  countersign: z.object({ staffId: z.string(), staffName: z.string(), mode: z.enum(COUNTERSIGN_MODES), at: z.string() }).nullable(),
  amends: z.string().nullable(),
  hash: z.string(),
  prevHash: z.string(),
  canonical: z.string(),
  reservationId: z.string(),
  userId: z.string(),
});

/** One response by its id (the printable page). */
export const formResponseParams = z.object({ responseId: idSchema });

export const formsExportJson = z.object({ records: z.array(formResponseJson), verified: z.boolean() });

/** What the calendar and the reservation panel show of a reservation's forms. */
export const formsSummaryJson = z.object({ required: z.number(), complete: z.number(), flags: z.array(z.string()) });

export type FormKind = (typeof FORM_KINDS)[number];
export type FormItemType = (typeof FORM_ITEM_TYPES)[number];
export type FormStatus = (typeof FORM_STATUSES)[number];
export type AnswerValueJson = z.infer<typeof answerValueJson>;
export type AnswersJson = z.infer<typeof answersJson>;
export type FormItemJson = z.infer<typeof formItemJson>;
export type FormVersionSummaryJson = z.infer<typeof formVersionSummaryJson>;
export type FormVersionJson = z.infer<typeof formVersionJson>;
export type FormJson = z.infer<typeof formJson>;
export type MenuFormJson = z.infer<typeof menuFormJson>;
export type PersonFormJson = z.infer<typeof personFormJson>;
export type FormSubmittedJson = z.infer<typeof formSubmittedJson>;
export type FormResponseJson = z.infer<typeof formResponseJson>;
export type FormsExportJson = z.infer<typeof formsExportJson>;
export type FormsSummaryJson = z.infer<typeof formsSummaryJson>;

const answerValue = z.union([
  z.string().max(FORM_RULES.textAnswerMax),
  z.boolean(),
  z.array(z.string().max(FORM_RULES.optionValueMax)).max(FORM_RULES.maxOptions).readonly(),
]);

const titleTranslations = z
  .object({
    en: z.object({ title: z.string().max(FORM_RULES.titleMax) }).optional(),
    'zh-CN': z.object({ title: z.string().max(FORM_RULES.titleMax) }).optional(),
  })
  .strict();

export const formCreateBody = z.object({
  kind: z.enum(FORM_KINDS).describe('QUESTIONNAIRE（問診票）または CONSENT（同意書）'),
  title: z.string().trim().min(1).max(FORM_RULES.titleMax),
  checkConditionId: idSchema.nullable().optional().describe('回答が完了したら会員のチェック項目（来院時チェック）を済みにする条件のID'),
  translations: titleTranslations.optional(),
});

const itemBody = z.object({
  key: z.string().max(40),
  type: z.enum(FORM_ITEM_TYPES),
  label: z.string().max(FORM_RULES.labelMax),
  required: z.boolean().optional(),
  options: z
    .array(z.object({ value: z.string().max(FORM_RULES.optionValueMax), label: z.string().max(FORM_RULES.labelMax) }))
    .max(FORM_RULES.maxOptions)
    .readonly()
    .optional(),
  showIf: z.object({ key: z.string().max(40), equals: answerValue }).optional(),
  flag: z.object({ equals: answerValue, label: z.string().max(100) }).optional(),
});

const itemTranslation = z.object({
  label: z.string().max(FORM_RULES.labelMax),
  options: z.record(z.string().max(FORM_RULES.optionValueMax), z.string().max(FORM_RULES.labelMax)).optional(),
});

const versionTranslation = z
  .object({ body: z.string().max(FORM_RULES.bodyMax).optional(), items: z.record(z.string().max(40), itemTranslation).optional() })
  .strict();

export const formVersionBody = z.object({
  items: z.array(itemBody).max(FORM_RULES.maxItems),
  body: z.string().max(FORM_RULES.bodyMax).nullable().optional().describe('同意書の本文（CONSENTは必須）'),
  translations: z
    .object({ en: versionTranslation.optional(), 'zh-CN': versionTranslation.optional() })
    .strict()
    .optional()
    .describe('英語・簡体字中国語の本文と項目名。日本語が正本で、翻訳はその横に保存します。'),
});

const signatureBody = z.object({
  name: z.string().max(100),
  image: z.string().max(SIGNATURE_IMAGE_MAX).nullable().optional().describe('手書きの署名（data:image/png;base64,…）'),
  guardian: z
    .object({ name: z.string().max(100), relation: z.string().max(50) })
    .nullable()
    .optional()
    .describe('18歳未満の方の保護者（来院日に18歳未満なら必須）'),
  birthDate: z.string().max(10).nullable().optional().describe('生年月日（YYYY-MM-DD）。医院が知らないときにフォームで尋ねたもの'),
});

const submitFields = {
  versionId: idSchema,
  answers: z.record(z.string().max(40), answerValue.nullable()),
  signature: signatureBody.nullable().optional(),
};

export const formSubmitBody = z.object(submitFields);

export const guestFormSubmitBody = z.object({ token: z.string().min(1).max(200), ...submitFields });

export const formTokenQuery = z.object({ token: z.string().min(1).max(200) });

export const formVersionParams = z.object({ id: idSchema, versionId: idSchema });

export const memberFormParams = z.object({ id: idSchema, formId: idSchema });

export const guestFormParams = z.object({ formId: idSchema });

export const countersignParams = z.object({ responseId: idSchema });

export const countersignBody = z.object({
  explainedBy: idSchema.describe('説明した医師のスタッフID'),
  mode: z.enum(COUNTERSIGN_MODES).describe('対面（IN_PERSON）かオンライン（ONLINE）'),
});
