import { REPORT_DEFINITIONS, REPORT_GROUPS, REPORT_KEYS } from '@clinic/core/reports/catalog';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ja } from '../../../i18n/ja';

/**
 * The report catalogue (keys, titles, descriptions, picker groups) is defined once, in the core
 * (core/src/reports/domain/report-catalog.ts), and the reports page imports it: the web and the
 * API cannot disagree on it as long as the web keeps no copy. These checks fail when a copy
 * comes back.
 */
// jsdom gives `import.meta.url` an http scheme: find web/src from this test file's path.
const SRC = resolve(dirname(expect.getState().testPath ?? ''), '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const quoted = (text: string, value: string): boolean => ["'", '"', '`'].some((q) => text.includes(`${q}${value}${q}`));

describe('the report catalogue in the web app', () => {
  it("is the core's: no web source lists report keys or repeats a description", () => {
    const copies = sources(SRC).flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      const keys = REPORT_KEYS.filter((key) => quoted(text, key));
      const descriptions = REPORT_KEYS.filter((key) => text.includes(REPORT_DEFINITIONS[key].description));
      // One key is fine (the page's default report); two or more is the start of a list.
      return keys.length > 1 || descriptions.length > 0 ? [`${relative(SRC, path).replaceAll('\\', '/')}: ${[...keys, ...descriptions].join(', ')}`] : [];
    });
    expect(copies).toEqual([]);
  });

  it("names exactly the core's picker groups, in their order", () => {
    expect(Object.keys(ja.reports.groups)).toEqual(REPORT_GROUPS.map((group) => group.id));
    expect(ja.reports).not.toHaveProperty('types');
  });
});
