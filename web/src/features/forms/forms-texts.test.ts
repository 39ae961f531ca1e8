import { describe, expect, it } from 'vitest';
import { FORMS_TEXTS } from './forms-texts';

type Tree = { readonly [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );

const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u4e00-\u9fff]/;
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe.each(['en', 'zh-CN'] as const)('the %s texts of the forms page', (language) => {
  const japanese = leaves(FORMS_TEXTS.ja as unknown as Tree);
  const translated = new Map(leaves(FORMS_TEXTS[language] as unknown as Tree));

  it('are translated: every key, not empty, no kana, the same placeholders', () => {
    expect([...translated.keys()].sort()).toEqual(japanese.map(([key]) => key).sort());
    for (const [key, text] of japanese) {
      const other = translated.get(key)!;
      expect(other.trim(), key).not.toBe('');
      expect(KANA.test(other), `${key}: ${other}`).toBe(false);
      if (language === 'en') expect(HAN.test(other), `${key}: ${other}`).toBe(false);
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });
});
