import { describe, expect, it } from 'vitest';
import { languageOfAcceptHeader, localizeTexts, missingTranslations, validateTranslations } from './language';

describe('languageOfAcceptHeader', () => {
  it('takes the served language with the highest q, the first on a tie', () => {
    expect(languageOfAcceptHeader('en-US,en;q=0.9,ja;q=0.8')).toBe('en');
    expect(languageOfAcceptHeader('ja;q=0.4, zh-Hans;q=0.8')).toBe('zh-CN');
    expect(languageOfAcceptHeader('fr-FR, zh-CN;q=0.5, en;q=0.5')).toBe('zh-CN');
    expect(languageOfAcceptHeader('zh')).toBe('zh-CN');
  });

  it('gives null for nothing served: absent, *, Traditional Chinese, q=0', () => {
    expect(languageOfAcceptHeader(undefined)).toBeNull();
    expect(languageOfAcceptHeader('*')).toBeNull();
    expect(languageOfAcceptHeader('zh-TW, fr')).toBeNull();
    expect(languageOfAcceptHeader('en;q=0')).toBeNull();
    expect(languageOfAcceptHeader('en;q=abc')).toBeNull();
  });
});

describe('translations', () => {
  const menu = { name: '顔脱毛', description: '顔全体', preVisitNote: '' };

  it('falls back to Japanese text by text', () => {
    expect(localizeTexts(menu, { en: { name: 'Face hair removal' } }, 'en')).toEqual({ name: 'Face hair removal', description: '顔全体', preVisitNote: '' });
    expect(localizeTexts(menu, { en: { name: 'Face hair removal' } }, 'zh-CN')).toEqual(menu);
    expect(localizeTexts(menu, { en: { name: 'Face' } }, 'ja')).toEqual(menu);
  });

  it('names the languages staff still have to translate', () => {
    expect(missingTranslations(menu, {})).toEqual(['en', 'zh-CN']);
    expect(missingTranslations(menu, { en: { name: 'Face', description: 'Whole face' }, 'zh-CN': { name: '面部' } })).toEqual(['zh-CN']);
  });

  it('trims, drops an emptied language and refuses a text without a name', () => {
    expect(validateTranslations({ en: { name: ' Face ', description: ' ' }, 'zh-CN': { name: '' } }, { nameMax: 10, descriptionMax: 10 })).toEqual({
      ok: true,
      value: { en: { name: 'Face' } },
    });
    const refused = validateTranslations({ 'zh-CN': { name: '', description: '说明' } }, { nameMax: 10, descriptionMax: 10 });
    expect(!refused.ok && refused.error.fields).toEqual([{ path: 'translations.zh-CN.name', message: '中国語の名前を入力してください。' }]);
    const long = validateTranslations({ en: { name: 'x'.repeat(11) } }, { nameMax: 10 });
    expect(!long.ok && long.error.fields?.[0]?.path).toBe('translations.en.name');
  });
});
