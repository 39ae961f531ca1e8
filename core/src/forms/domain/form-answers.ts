import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { answerMatches, FORM_RULES, type Answers, type AnswerValue, type FormItem, type FormKind } from './form.entity';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (text: string): boolean => {
  if (!DATE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
};

/** Whether an item is shown, given the answers so far: its `showIf` item shown and answered as it says. */
export const visibleKeys = (items: readonly FormItem[], answers: Readonly<Record<string, unknown>>): Set<string> => {
  const shown = new Set<string>();
  for (const item of items) {
    if (!item.showIf) {
      shown.add(item.key);
      continue;
    }
    const { key, equals } = item.showIf;
    if (shown.has(key) && answerMatches(equals, answers[key] as AnswerValue | undefined)) shown.add(item.key);
  }
  return shown;
};

const empty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * The answers checked against the version's items: only known keys; each of its item's type
 * (yesno a boolean, multi an array of option values, single an option value, date YYYY-MM-DD,
 * text at most 2000 characters); every required item that is shown answered. Answers to hidden
 * items are dropped, empty ones too. The Japanese messages name the item by its key.
 */
export const validateAnswers = (items: readonly FormItem[], raw: Readonly<Record<string, unknown>>): Result<Answers, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const byKey = new Map(items.map((item) => [item.key, item]));
  for (const key of Object.keys(raw)) {
    if (!byKey.has(key)) fields.push({ path: `answers.${key}`, message: 'この項目はありません。' });
  }
  const shown = visibleKeys(items, raw);
  const answers: Record<string, AnswerValue> = {};
  for (const item of items) {
    const path = `answers.${item.key}`;
    const value = raw[item.key];
    if (!shown.has(item.key)) continue;
    if (empty(value)) {
      if (item.required) fields.push({ path, message: '必須項目です。回答してください。' });
      continue;
    }
    switch (item.type) {
      case 'yesno':
        if (typeof value !== 'boolean') fields.push({ path, message: '「はい」か「いいえ」で回答してください。' });
        else answers[item.key] = value;
        break;
      case 'single':
        if (typeof value !== 'string' || !(item.options ?? []).some((option) => option.value === value))
          fields.push({ path, message: '選択肢から選んでください。' });
        else answers[item.key] = value;
        break;
      case 'multi':
        if (!Array.isArray(value) || !value.every((each) => typeof each === 'string' && (item.options ?? []).some((option) => option.value === each))) {
          fields.push({ path, message: '選択肢から選んでください。' });
        } else answers[item.key] = [...new Set(value as string[])];
        break;
      case 'date':
        if (typeof value !== 'string' || !isRealDate(value)) fields.push({ path, message: '日付をYYYY-MM-DDの形で入力してください。' });
        else answers[item.key] = value;
        break;
      default:
        if (typeof value !== 'string') fields.push({ path, message: '文字で入力してください。' });
        else if (value.length > FORM_RULES.textAnswerMax) fields.push({ path, message: `${FORM_RULES.textAnswerMax}文字以内で入力してください。` });
        else answers[item.key] = value.trim();
    }
  }
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok(answers);
};

/** The Japanese labels of the flags the answers raise, in the order of the items. */
export const flagsOf = (items: readonly FormItem[], answers: Answers): string[] =>
  items.filter((item) => item.flag && answerMatches(item.flag.equals, answers[item.key])).map((item) => item.flag!.label);

export interface SignatureInput {
  readonly name: string;
  /** A `data:image/png;base64,…` URL. */
  readonly image?: string | null;
  readonly guardian?: { readonly name: string; readonly relation: string } | null;
  /** The person's birth date (YYYY-MM-DD) as given on the form, when the clinic does not know it. */
  readonly birthDate?: string | null;
}

/** Whether someone born on `birthDate` is under 18 on `day` (both YYYY-MM-DD): before their 18th birthday. */
export const isUnder18 = (birthDate: string, day: string): boolean => {
  if (!isRealDate(birthDate) || !DATE.test(day)) return false;
  return day < `${String(Number(birthDate.slice(0, 4)) + 18).padStart(4, '0')}${birthDate.slice(4)}`;
};

export interface SignatureRules {
  /** The birth date the clinic knows (the member's profile); it wins over one given on the form. */
  readonly knownBirthDate?: string | null;
  /** The visit's day (YYYY-MM-DD, clinic time): the age that counts is the age on that day. */
  readonly visitDate?: string | null;
}

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
/** 150,000 characters of data URL (about 110 KB of PNG; the API takes JSON bodies up to 200 KB): a finger-drawn signature is far smaller. */
export const SIGNATURE_IMAGE_MAX = 150_000;

/**
 * A consent needs the typed name; the image must be a PNG data URL; a guardian needs both name and
 * relation, and a consent of someone under 18 on the visit day (by the birth date the clinic knows,
 * else the one given on the form) needs a guardian.
 */
export const validateSignature = (
  kind: FormKind,
  signature: SignatureInput | null | undefined,
  rules: SignatureRules = {},
): Result<SignatureInput | null, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const name = signature?.name?.trim() ?? '';
  if (kind === 'CONSENT' && name.length === 0) fields.push({ path: 'signature.name', message: '同意書にはお名前（署名）を入力してください。' });
  if (name.length > 100) fields.push({ path: 'signature.name', message: 'お名前は100文字以内で入力してください。' });
  const image = signature?.image ?? null;
  if (image !== null && (image.length > SIGNATURE_IMAGE_MAX || !PNG_DATA_URL.test(image))) {
    fields.push({ path: 'signature.image', message: '署名の画像はPNG形式（data:image/png;base64,…）で送ってください。' });
  }
  const givenBirthDate = signature?.birthDate?.trim() || null;
  const badBirthDate = givenBirthDate !== null && (!isRealDate(givenBirthDate) || (!!rules.visitDate && givenBirthDate > rules.visitDate));
  if (badBirthDate) fields.push({ path: 'signature.birthDate', message: '生年月日を正しく入力してください（例：2008-04-01）。' });
  const birthDate = rules.knownBirthDate || (badBirthDate ? null : givenBirthDate);
  const guardian = signature?.guardian ?? null;
  const minor = kind === 'CONSENT' && birthDate !== null && rules.visitDate != null && isUnder18(birthDate, rules.visitDate);
  if (minor && guardian === null) {
    fields.push({ path: 'signature.guardian.name', message: 'ご来院日に18歳未満の方は、保護者のお名前を入力してください。' });
    fields.push({ path: 'signature.guardian.relation', message: 'ご来院日に18歳未満の方は、保護者の続柄を入力してください。' });
  }
  if (guardian !== null) {
    if (guardian.name.trim().length === 0 || guardian.name.trim().length > 100)
      fields.push({ path: 'signature.guardian.name', message: '保護者のお名前を入力してください。' });
    if (guardian.relation.trim().length === 0 || guardian.relation.trim().length > 50)
      fields.push({ path: 'signature.guardian.relation', message: '続柄を入力してください。' });
  }
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  if (!signature || (kind !== 'CONSENT' && name.length === 0 && image === null)) return ok(null);
  return ok({
    name,
    image,
    guardian: guardian ? { name: guardian.name.trim(), relation: guardian.relation.trim() } : null,
    ...(givenBirthDate !== null && !rules.knownBirthDate ? { birthDate: givenBirthDate } : {}),
  });
};
