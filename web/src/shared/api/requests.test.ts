import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every request of the web names a route of the contract's table: it goes through the API client
 * (api.ts, `useApi({ group }).group.route(…)`), never through a URL written by hand. Outside
 * shared/api and the tests, this test fails on an `/api/…` literal, a free `http.get(…)` (and
 * post, put, delete, postForm, request), `fetch(`, a `sendBeacon(`, an XMLHttpRequest or an
 * EventSource opened on a literal URL (docs/web.md, "The API client").
 * Page views, which must outlive the page, go by `sendKeepalive` (shared/api/keepalive.ts) to their
 * route of the table.
 */

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
    expect(found, 'requests written by hand: call the route through useApi / createApi (docs/web.md, "The API client")').toEqual({});
  });
});
