import { errorMessage, HTTP_MESSAGES } from '@clinic/adapters/http';
import { ERROR_CODES, type ErrorCode } from '@clinic/core';
import { describe, expect, it } from 'vitest';
import { en } from '../../web/src/i18n/en';
import { enEntry } from '../../web/src/i18n/en-entry';
import { ja } from '../../web/src/i18n/ja';
import { jaEntry } from '../../web/src/i18n/ja-entry';
import { zhCn } from '../../web/src/i18n/zh-CN';
import { zhCnEntry } from '../../web/src/i18n/zh-CN-entry';

/**
 * One error table: the server's (code → status → message in ja, en and zh-CN). The browser shows
 * the server's message for every code and keeps words of its own only for the few it shows
 * without an answer to read; those must be the server's words, in each language.
 */
describe('the browser has no error texts of its own', () => {
  const known = new Set<string>(ERROR_CODES);
  const cases = [
    ['ja', { ...jaEntry.errors.codes, ...ja.errors.codes }],
    ['en', enEntry.errors.codes],
    ['zh-CN', zhCnEntry.errors.codes],
  ] as const;

  for (const [language, texts] of cases) {
    it(`its few ${language} texts for a code are the server's`, () => {
      expect(Object.keys(texts).length).toBeGreaterThan(0);
      for (const [code, text] of Object.entries(texts)) {
        expect(known.has(code), code).toBe(true);
        expect(text, code).toBe(errorMessage(code as ErrorCode, language));
      }
    });
  }

  it("keeps no copy of a code's text anywhere else (the LINE page shows the server's words too)", () => {
    const copies: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        const at = path ? `${path}.${key}` : key;
        if (at.startsWith('errors.codes')) continue;
        if (known.has(key)) copies.push(at);
        walk(value, at);
      }
    };
    for (const texts of [jaEntry, ja, enEntry, en, zhCnEntry, zhCn]) walk(texts, '');
    expect(copies).toEqual([]);
  });

  it('its "no response" is the server\'s answer to a crash', () => {
    expect(jaEntry.errors.http.noResponse).toBe(HTTP_MESSAGES.INTERNAL);
  });
});
