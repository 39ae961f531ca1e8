import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One way to load data in the web: `useLoad` (shared/useLoad.ts, docs/web.md "Loading data").
 * A page does not write an effect that reads and then checks a liveness flag of its own
 * (`let active = true` … `return () => { active = false }`): the hook drops a superseded answer,
 * and an effect that is not a load (an event stream, a timer) stops with an AbortController or
 * clears what it started. Outside useLoad.ts and the tests, this test fails on a boolean declared
 * with `let` and flipped in an effect's cleanup, and on the usual names of such flags.
 */

/** `let x = true|false; … return () => { …; x = false|true` (the cleanup flips it). */
const FLIPPED_IN_CLEANUP = /\blet\s+(\w+)\s*=\s*(?:true|false)\s*;[\s\S]*?return\s*\(\)\s*=>\s*\{[^}]*?\b\1\s*=\s*(?:true|false)/g;
/** The names such flags go by, however they are written. */
const FLAG_NAMES = /\blet\s+(?:active|alive|live|isActive|isAlive|isMounted|mounted|cancelled|canceled|ignore|stale|stopped|disposed|unmounted)\s*=/g;

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

export function livenessFlags(text: string): number {
  const found = new Set<number>();
  for (const match of text.matchAll(FLIPPED_IN_CLEANUP)) found.add(match.index);
  for (const match of text.matchAll(FLAG_NAMES)) found.add(match.index);
  return found.size;
}

describe('loads of the web', () => {
  it('the check sees a hand-written load with a liveness flag, and not the hook', () => {
    const handWritten = `useEffect(() => {
    let done = false;
    api.list().then((list) => !done && setList(list));
    return () => {
      done = true;
    };
  }, [api]);`;
    expect(livenessFlags(handWritten)).toBe(1);
    expect(livenessFlags('let cancelled = false;')).toBe(1);
    expect(livenessFlags('const state = useLoad(() => api.list(), [api]);')).toBe(0);
  });

  it('go through useLoad, not effects with liveness flags of their own', () => {
    const found: Record<string, number> = {};
    for (const file of sources(SRC)) {
      const name = relative(SRC, file).split('\\').join('/');
      if (name === 'shared/useLoad.ts' || name.startsWith('test/')) continue;
      const count = livenessFlags(readFileSync(file, 'utf8'));
      if (count > 0) found[name] = count;
    }
    expect(found, 'effects with a liveness flag: load with useLoad / useEditableLoad, stop other effects with an AbortController').toEqual({});
  });
});
