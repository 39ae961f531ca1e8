import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enEntry } from './en-entry';
import { ja } from './ja';
import { jaEntry } from './ja-entry';
import { preferredLanguage } from './languages';
import { MEMBER_SECTIONS } from './translated';
import { zhCn } from './zh-CN';
import { zhCnEntry } from './zh-CN-entry';

type Tree = { readonly [key: string]: string | Tree };

/** Every dotted key of a tree of texts with its text. */
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );

/** The member and guest texts in Japanese: the entry's, and the member part of ./ja.ts. */
const japanese: Tree = {
  ...jaEntry,
  ...Object.fromEntries(MEMBER_SECTIONS.map((section) => [section, ja[section]])),
  pages: { ...jaEntry.pages, common: ja.pages.common, user: ja.pages.user },
  memberPages: Object.fromEntries(Object.entries(ja.memberPages).filter(([key]) => key !== 'staffUsers')),
} as unknown as Tree;

const merged = (entry: object, member: object): Tree =>
  ({ ...entry, ...member, pages: { ...(entry as { pages: object }).pages, ...(member as { pages: object }).pages } }) as unknown as Tree;

const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u4e00-\u9fff]/;
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe.each([
  ['en', merged(enEntry, en)],
  ['zh-CN', merged(zhCnEntry, zhCn)],
])('the %s texts', (language, texts) => {
  const translated = new Map(leaves(texts));

  it('have every key of the Japanese member and guest texts, and no other', () => {
    const keys = leaves(japanese).map(([key]) => key);
    expect(keys.filter((key) => !translated.has(key))).toEqual([]);
    expect([...translated.keys()].filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('are translated: not empty, not Japanese, with the same placeholders', () => {
    for (const [key, text] of leaves(japanese)) {
      const other = translated.get(key) ?? '';
      expect(other.trim(), key).not.toBe('');
      // No kana in either language; no Chinese characters in English.
      expect(KANA.test(other), `${key}: ${other}`).toBe(false);
      if (language === 'en') expect(HAN.test(other), `${key}: ${other}`).toBe(false);
      if (KANA.test(text)) expect(other, key).not.toBe(text);
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });
});

describe('preferredLanguage', () => {
  it('takes ?lang=, then the saved choice, then the browser, then Japanese', () => {
    expect(preferredLanguage({ search: '?lang=en', stored: 'zh-CN', browser: ['ja'] })).toBe('en');
    expect(preferredLanguage({ search: '?lang=xx', stored: 'zh-CN', browser: ['en'] })).toBe('zh-CN');
    expect(preferredLanguage({ search: '', stored: null, browser: ['fr-FR', 'zh-Hans-CN', 'en'] })).toBe('zh-CN');
    expect(preferredLanguage({ search: '', stored: null, browser: ['zh-TW', 'de'] })).toBe('ja');
  });
});
