import { languageOfAcceptHeader, type Language } from '@clinic/core';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import type { Member } from '@clinic/core';

/**
 * The routes that speak the person's language (docs/languages.md): the guests' and members' APIs,
 * and the login of a member (`username` starting with `user`). Staff and admin routes, and
 * everything else, answer in Japanese.
 */
const isPersonRoute = (ctx: ParameterizedContext): boolean => {
  const path = ctx.path;
  if (/^\/api\/(guests|users)(\/|$)/.test(path)) return true;
  if (path === '/api/login') {
    const username = (ctx.request as unknown as { body?: { username?: unknown } }).body?.username;
    return typeof username === 'string' && username.startsWith('user');
  }
  return false;
};

/**
 * The language of a request: Japanese outside the guests' and members' routes; on them the best
 * served language of `Accept-Language` (a browser's list, or the web app's choice), else the
 * logged-in member's saved language, else Japanese. `*` and unserved languages count as absent.
 */
export const requestLanguage = (ctx: ParameterizedContext): Language => {
  if (!isPersonRoute(ctx)) return 'ja';
  const member = (ctx.state as { member?: Member }).member;
  return languageOfAcceptHeader(ctx.get('Accept-Language')) ?? member?.language ?? 'ja';
};

const ZOD_LOCALES = { en: z.locales.en().localeError, 'zh-CN': z.locales.zhCN().localeError } as const;

/** Per-parse zod options so that zod's own messages come out in the request's language. */
export const zodParseOptions = (language: Language) => (language === 'ja' ? undefined : { error: ZOD_LOCALES[language] });

/**
 * The field messages written in Japanese by the schemas and use cases that guests and members
 * meet, in English and Chinese. A Japanese field message without an entry here is replaced by a
 * generic one in the person's language rather than shown in Japanese.
 */
const FIELD_MESSAGES: Record<string, { en: string; 'zh-CN': string }> = {
  'フリガナはカタカナで入力してください。': { en: 'Please enter the reading in katakana.', 'zh-CN': '请用片假名输入读音。' },
  '電話番号を正しく入力してください（例: 090-1234-5678）。': {
    en: 'Please enter a valid phone number (e.g. 090-1234-5678 or +14155550123).',
    'zh-CN': '请正确输入电话号码（例：090-1234-5678 或 +8613812345678）。',
  },
  'メールアドレスを正しく入力してください。': { en: 'Please enter a valid email address.', 'zh-CN': '请正确输入邮箱地址。' },
  '電話番号は数字とハイフンで20文字以内で入力してください。': {
    en: 'Please enter the phone number with digits and hyphens (at most 20 characters), or as +country code and number.',
    'zh-CN': '请用数字和连字符输入电话号码（20个字符以内），或以+国家代码开头输入。',
  },
  'お知らせの受け取り方法はLINE、メール、受け取らないのいずれかです。': {
    en: 'Choose LINE, email or no notifications.',
    'zh-CN': '请选择LINE、邮件或不接收。',
  },
  'LINEで受け取るには、先にLINE連携をしてください。': {
    en: 'To receive notifications by LINE, please link LINE first.',
    'zh-CN': '要通过LINE接收，请先关联LINE。',
  },
  '言語は日本語（ja）・英語（en）・中国語（zh-CN）のいずれかです。': {
    en: 'The language must be ja, en or zh-CN.',
    'zh-CN': '语言必须为 ja、en 或 zh-CN 之一。',
  },
  'お名前を入力してください。': { en: 'Please enter your name.', 'zh-CN': '请输入您的姓名。' },
  'JSONで送信してください。': { en: 'Please send JSON.', 'zh-CN': '请以JSON格式发送。' },
  // 問診票・同意書 (core/src/forms/domain/form-answers.ts)
  '必須項目です。回答してください。': { en: 'This question is required. Please answer it.', 'zh-CN': '此项为必填项，请回答。' },
  '「はい」か「いいえ」で回答してください。': { en: 'Please answer yes or no.', 'zh-CN': '请回答“是”或“否”。' },
  '選択肢から選んでください。': { en: 'Please choose from the options.', 'zh-CN': '请从选项中选择。' },
  '日付をYYYY-MM-DDの形で入力してください。': { en: 'Please enter the date as YYYY-MM-DD.', 'zh-CN': '请按YYYY-MM-DD格式输入日期。' },
  '同意書にはお名前（署名）を入力してください。': { en: 'Please type your name to sign the consent.', 'zh-CN': '请输入您的姓名以签署同意书。' },
  '生年月日を正しく入力してください（例：2008-04-01）。': {
    en: 'Please enter a valid date of birth (e.g. 2008-04-01).',
    'zh-CN': '请正确输入出生日期（例：2008-04-01）。',
  },
  'ご来院日に18歳未満の方は、保護者のお名前を入力してください。': {
    en: 'You will be under 18 on the day of your visit: please enter your parent or guardian’s name.',
    'zh-CN': '就诊当天未满18岁，请填写监护人的姓名。',
  },
  'ご来院日に18歳未満の方は、保護者の続柄を入力してください。': {
    en: 'You will be under 18 on the day of your visit: please enter your parent or guardian’s relationship to you.',
    'zh-CN': '就诊当天未满18岁，请填写监护人与您的关系。',
  },
  '保護者のお名前を入力してください。': { en: 'Please enter your parent or guardian’s name.', 'zh-CN': '请填写监护人的姓名。' },
  '続柄を入力してください。': { en: 'Please enter the relationship.', 'zh-CN': '请填写与您的关系。' },
};

const GENERIC_FIELD_MESSAGE = { en: 'Please check this field.', 'zh-CN': '请检查此项。' } as const;

/** Japanese kana: a message with any is Japanese (Chinese has none). */
const KANA = /[\u3040-\u30ff]/;

export const localizeFieldMessage = (message: string, language: Language): string => {
  if (language === 'ja') return message;
  const known = FIELD_MESSAGES[message];
  if (known) return known[language];
  return KANA.test(message) ? GENERIC_FIELD_MESSAGE[language] : message;
};
