import type { FieldError } from '../../shared/errors';
import type { Language, TranslatedLanguage } from '../../shared/language';
import { fail, ok, type Result } from '../../shared/result';

/** 問診票 (questionnaire) or 同意書 (consent). */
export const FORM_KINDS = ['QUESTIONNAIRE', 'CONSENT'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const ITEM_TYPES = ['text', 'textarea', 'yesno', 'single', 'multi', 'date'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** DRAFT (editable), ACTIVE (published, the one asked for), RETIRED (published, replaced by a later one). */
export const VERSION_STATUSES = ['DRAFT', 'ACTIVE', 'RETIRED'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** When a menu asks for a form: every visit, or only until the person has completed it once. */
export const MENU_FORM_WHEN = ['EVERY_VISIT', 'FIRST_VISIT'] as const;
export type MenuFormWhen = (typeof MENU_FORM_WHEN)[number];

export type AnswerValue = string | boolean | readonly string[];
export type Answers = Readonly<Record<string, AnswerValue>>;

export interface FormItem {
  readonly key: string;
  readonly type: ItemType;
  readonly label: string;
  readonly required?: boolean;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  /** Shown only when the earlier item `key` was answered `equals` (or, for multi, includes it). */
  readonly showIf?: { readonly key: string; readonly equals: AnswerValue };
  /** Staff see `label` when the answer equals `equals` (or, for multi, includes it). */
  readonly flag?: { readonly equals: AnswerValue; readonly label: string };
}

export interface ItemTranslation {
  readonly label: string;
  readonly options?: Readonly<Record<string, string>>;
}

export interface VersionTranslation {
  readonly body?: string;
  readonly items?: Readonly<Record<string, ItemTranslation>>;
}

export type VersionTranslations = Partial<Readonly<Record<TranslatedLanguage, VersionTranslation>>>;

/** What an admin writes: the items, the consent text and the translations. */
export interface VersionDefinition {
  readonly items: readonly FormItem[];
  readonly body: string | null;
  readonly translations: VersionTranslations;
}

export interface FormVersion extends VersionDefinition {
  readonly id: string;
  readonly formId: string;
  readonly version: number;
  readonly status: VersionStatus;
  /** ISO 8601 with offset; null while DRAFT. */
  readonly publishedAt: string | null;
  /** SHA-256 (hex) of the canonical JSON of the definition, fixed when published; null while DRAFT. */
  readonly hash: string | null;
}

export type FormTitleTranslations = Partial<Readonly<Record<TranslatedLanguage, { readonly title: string }>>>;

export interface Form {
  readonly id: string;
  readonly kind: FormKind;
  readonly title: string;
  readonly checkConditionId: string | null;
  readonly translations: FormTitleTranslations;
  readonly activeVersionId: string | null;
}

export interface FormDraft {
  readonly kind: FormKind;
  readonly title: string;
  readonly checkConditionId: string | null;
  readonly translations: FormTitleTranslations;
}

export interface MenuForm {
  readonly formId: string;
  readonly when: MenuFormWhen;
}

export const FORM_RULES = {
  titleMax: 100,
  maxItems: 100,
  keyPattern: /^[A-Za-z][A-Za-z0-9_-]{0,39}$/,
  labelMax: 500,
  maxOptions: 50,
  optionValueMax: 100,
  bodyMax: 20_000,
  textAnswerMax: 2000,
  menuFormsMax: 20,
} as const;

const KEY_MESSAGE = 'キーは英字で始まる英数字・_・-（40文字以内）で入力してください。';

export const validateFormDraft = (draft: FormDraft): Result<FormDraft, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const title = draft.title.trim();
  if (title.length === 0 || title.length > FORM_RULES.titleMax)
    fields.push({ path: 'title', message: `タイトルを${FORM_RULES.titleMax}文字以内で入力してください。` });
  if (!FORM_KINDS.includes(draft.kind)) fields.push({ path: 'kind', message: '種類はQUESTIONNAIRE（問診票）かCONSENT（同意書）です。' });
  const translations: Record<string, { title: string }> = {};
  for (const [language, text] of Object.entries(draft.translations)) {
    const translated = text?.title.trim() ?? '';
    if (translated.length > FORM_RULES.titleMax)
      fields.push({ path: `translations.${language}.title`, message: `タイトルは${FORM_RULES.titleMax}文字以内で入力してください。` });
    else if (translated.length > 0) translations[language] = { title: translated };
  }
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok({ ...draft, title, translations });
};

const sameAnswer = (expected: AnswerValue, answer: AnswerValue | undefined): boolean => {
  if (answer === undefined) return false;
  if (Array.isArray(answer)) return Array.isArray(expected) ? sameList(expected, answer) : answer.includes(expected as string);
  return answer === expected;
};

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((value) => b.includes(value));

/** Whether a condition on an earlier answer holds (`equals`; for a multi answer, "includes"). */
export const answerMatches = (expected: AnswerValue, answer: AnswerValue | undefined): boolean => sameAnswer(expected, answer);

const isAnswerValue = (value: unknown): value is AnswerValue =>
  typeof value === 'string' || typeof value === 'boolean' || (Array.isArray(value) && value.every((each) => typeof each === 'string'));

/**
 * The rules of a version's definition: unique keys, labels, options for single and multi (unique
 * values), `showIf` naming an earlier item, flags and conditions of a type the item can answer,
 * a body for a consent, translations only of items and options that exist.
 */
export const validateDefinition = (kind: FormKind, definition: VersionDefinition): Result<VersionDefinition, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const items = definition.items;
  if (items.length === 0 || items.length > FORM_RULES.maxItems)
    fields.push({ path: 'items', message: `項目は1〜${FORM_RULES.maxItems}個で登録してください。` });
  const seen = new Map<string, FormItem>();
  const cleaned: FormItem[] = [];
  items.forEach((item, index) => {
    const at = `items.${index}`;
    if (!FORM_RULES.keyPattern.test(item.key)) fields.push({ path: `${at}.key`, message: KEY_MESSAGE });
    else if (seen.has(item.key)) fields.push({ path: `${at}.key`, message: '同じキーの項目がすでにあります。' });
    if (!ITEM_TYPES.includes(item.type)) fields.push({ path: `${at}.type`, message: '項目の種類が正しくありません。' });
    const label = item.label.trim();
    if (label.length === 0 || label.length > FORM_RULES.labelMax)
      fields.push({ path: `${at}.label`, message: `項目名を${FORM_RULES.labelMax}文字以内で入力してください。` });
    const choice = item.type === 'single' || item.type === 'multi';
    const options = (item.options ?? []).map((option) => ({ value: option.value.trim(), label: option.label.trim() }));
    if (choice) {
      if (options.length === 0 || options.length > FORM_RULES.maxOptions)
        fields.push({ path: `${at}.options`, message: `選択肢を1〜${FORM_RULES.maxOptions}個登録してください。` });
      const values = new Set<string>();
      options.forEach((option, o) => {
        if (option.value.length === 0 || option.value.length > FORM_RULES.optionValueMax || values.has(option.value)) {
          fields.push({ path: `${at}.options.${o}.value`, message: '選択肢の値は空でなく、重ならないように入力してください。' });
        }
        if (option.label.length === 0 || option.label.length > FORM_RULES.labelMax)
          fields.push({ path: `${at}.options.${o}.label`, message: '選択肢の表示名を入力してください。' });
        values.add(option.value);
      });
    } else if (options.length > 0) {
      fields.push({ path: `${at}.options`, message: '選択肢は単一選択・複数選択の項目だけに登録できます。' });
    }
    const fits = (value: AnswerValue): boolean => {
      if (item.type === 'yesno') return typeof value === 'boolean';
      if (choice) {
        const listed = Array.isArray(value) ? value : [value];
        return listed.every((each) => typeof each === 'string' && options.some((option) => option.value === each));
      }
      return typeof value === 'string';
    };
    if (item.showIf) {
      const target = seen.get(item.showIf.key);
      if (!target) fields.push({ path: `${at}.showIf.key`, message: '表示条件には、この項目より前の項目のキーを指定してください。' });
      else if (!isAnswerValue(item.showIf.equals)) fields.push({ path: `${at}.showIf.equals`, message: '表示条件の値が正しくありません。' });
    }
    if (item.flag) {
      if (!isAnswerValue(item.flag.equals) || !fits(item.flag.equals))
        fields.push({ path: `${at}.flag.equals`, message: '注意表示の条件は、この項目の答えになる値で指定してください。' });
      const flagLabel = item.flag.label.trim();
      if (flagLabel.length === 0 || flagLabel.length > 100)
        fields.push({ path: `${at}.flag.label`, message: '注意表示の文言を100文字以内で入力してください。' });
    }
    seen.set(item.key, item);
    cleaned.push({
      key: item.key,
      type: item.type,
      label,
      required: item.required === true,
      ...(choice ? { options } : {}),
      ...(item.showIf ? { showIf: { key: item.showIf.key, equals: item.showIf.equals } } : {}),
      ...(item.flag ? { flag: { equals: item.flag.equals, label: item.flag.label.trim() } } : {}),
    });
  });
  // A showIf must name an item of a type whose answers can equal the value.
  cleaned.forEach((item, index) => {
    if (!item.showIf) return;
    const target = seen.get(item.showIf.key);
    if (target && target.type === 'yesno' && typeof item.showIf.equals !== 'boolean') {
      fields.push({ path: `items.${index}.showIf.equals`, message: 'はい・いいえの項目への条件は true か false で指定してください。' });
    }
  });
  const body = definition.body === null ? null : definition.body.trim();
  if (kind === 'CONSENT' && (body === null || body.length === 0)) fields.push({ path: 'body', message: '同意書の本文を入力してください。' });
  if (body !== null && body.length > FORM_RULES.bodyMax) fields.push({ path: 'body', message: `本文は${FORM_RULES.bodyMax}文字以内で入力してください。` });
  const translations: Record<string, VersionTranslation> = {};
  for (const [language, translation] of Object.entries(definition.translations)) {
    if (!translation) continue;
    const translatedItems: Record<string, ItemTranslation> = {};
    for (const [key, text] of Object.entries(translation.items ?? {})) {
      const item = seen.get(key);
      if (!item) {
        fields.push({ path: `translations.${language}.items.${key}`, message: 'ない項目の翻訳です。' });
        continue;
      }
      const options: Record<string, string> = {};
      for (const [value, label] of Object.entries(text.options ?? {})) {
        if (!(item.options ?? []).some((option) => option.value === value)) {
          fields.push({ path: `translations.${language}.items.${key}.options.${value}`, message: 'ない選択肢の翻訳です。' });
        } else if (label.trim().length > 0) options[value] = label.trim();
      }
      if (text.label.trim().length > FORM_RULES.labelMax)
        fields.push({ path: `translations.${language}.items.${key}.label`, message: `項目名は${FORM_RULES.labelMax}文字以内で入力してください。` });
      translatedItems[key] = { label: text.label.trim(), ...(Object.keys(options).length > 0 ? { options } : {}) };
    }
    const translatedBody = translation.body?.trim();
    if (translatedBody !== undefined && translatedBody.length > FORM_RULES.bodyMax) {
      fields.push({ path: `translations.${language}.body`, message: `本文は${FORM_RULES.bodyMax}文字以内で入力してください。` });
    }
    translations[language] = { ...(translatedBody ? { body: translatedBody } : {}), items: translatedItems };
  }
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok({ items: cleaned, body: body === '' ? null : body, translations });
};

/** A version as a person reads it in their language: the Japanese text where a translation is missing. */
export const localizeVersion = (version: VersionDefinition, language: Language): { items: FormItem[]; body: string | null } => {
  if (language === 'ja') return { items: [...version.items], body: version.body };
  const translation = version.translations[language];
  if (!translation) return { items: [...version.items], body: version.body };
  return {
    body: translation.body && translation.body.length > 0 ? translation.body : version.body,
    items: version.items.map((item) => {
      const text = translation.items?.[item.key];
      if (!text) return item;
      return {
        ...item,
        label: text.label.length > 0 ? text.label : item.label,
        ...(item.options ? { options: item.options.map((option) => ({ value: option.value, label: text.options?.[option.value] ?? option.label })) } : {}),
      };
    }),
  };
};

export const localizeTitle = (form: Pick<Form, 'title' | 'translations'>, language: Language): string =>
  language === 'ja' ? form.title : form.translations[language]?.title || form.title;

/** The definition as hashed when a version is published (canonical JSON, see form-chain.ts). */
export const definitionOf = (kind: FormKind, version: VersionDefinition) => ({
  kind,
  items: version.items,
  body: version.body,
  translations: version.translations,
});
