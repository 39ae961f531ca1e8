import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every request of the web names a route of the contract's table: it goes through the API client
 * (api.ts, `useApi({ group }).group.route(…)`), never through a URL written by hand. Outside
 * shared/api and the tests, this test fails on an `/api/…` literal, a free `http.get(…)` (and
 * post, put, delete, postForm, request), `fetch(`, a `sendBeacon(`, an XMLHttpRequest or an
 * EventSource opened on a literal URL (docs/web.md, "The API client").
 *
 * NOT_YET_CONVERTED lists the files that still do (issue 22, item 3), with how many times: the
 * list may only shrink. A file converted is taken off; a new file or a higher count fails.
 */
const NOT_YET_CONVERTED: Readonly<Record<string, number>> = {
  'features/admin/forms/AdminFormsPage.tsx': 2,
  'features/admin/forms/admin-forms.api.ts': 14,
  'features/admin/menus/MenuFormsField.tsx': 2,
  'features/forms/FormsPages.tsx': 2,
  'features/forms/forms-link.tsx': 4,
  'features/forms/forms.api.ts': 7,
  'features/public/PasswordRegisterPage.tsx': 2,
  'features/staff/forms/staff-forms.api.ts': 6,
  'shared/analytics/http-analytics.adapter.ts': 1,
  'shared/line/line-login.ts': 10,
};

const RAW_REQUEST =
  /['"`]\/api\/|\bhttp\.(?:get|post|put|delete|postForm|request)\s*[<(]|\bfetch\(|\bfetchImpl\(|\bsendBeacon\(|new XMLHttpRequest|new EventSource\(\s*['"`]/g;

const SRC = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('requests of the web', () => {
  it('go through the API client of the route table', () => {
    const found: Record<string, number> = {};
    for (const file of sources(SRC)) {
      const name = relative(SRC, file).split('\\').join('/');
      if (name.startsWith('shared/api/') || name.startsWith('test/')) continue;
      const count = (readFileSync(file, 'utf8').match(RAW_REQUEST) ?? []).length;
      if (count > 0) found[name] = count;
    }
    const worse = Object.entries(found).filter(([name, count]) => count > (NOT_YET_CONVERTED[name] ?? 0));
    expect(worse, 'requests written by hand: call the route through useApi / createApi (docs/web.md, "The API client")').toEqual([]);
    const better = Object.entries(NOT_YET_CONVERTED).filter(([name, count]) => (found[name] ?? 0) < count);
    expect(better, 'fewer requests by hand than NOT_YET_CONVERTED says: lower or remove its entry').toEqual([]);
  });
});
