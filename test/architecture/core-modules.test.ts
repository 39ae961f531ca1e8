import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The core's modules (`core/src/<module>/`) depend on one another without a cycle (issue 22): a
 * rule two modules need (the no-show policy of reservations and the waitlist) lives in a module of
 * its own, not in one of them. dependency-cruiser (`npm run boundaries`) refuses cycles between
 * files; this refuses them between modules, where a cycle can pass through different files.
 * `shared` is the core's common ground and is left out; test files are not part of the graph.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../core/src');

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

const moduleOf = (file: string): string | null => {
  const [first, ...rest] = relative(root, file).split('/');
  return rest.length > 0 && first !== 'shared' ? first! : null;
};

/** Module → the other modules its files import (relative imports; the core imports no package of its own). */
export const coreModuleGraph = (): Map<string, Set<string>> => {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = moduleOf(resolve(dirname(file), specifier!));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
};

/** Every cycle of the graph, each as the modules along it (first repeated at the end). */
export const cyclesOf = (graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] => {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const walk = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const cycle = path.slice(at);
      const key = [...cycle].sort().join(',');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push([...cycle, node]);
      }
      return;
    }
    for (const next of graph.get(node) ?? []) walk(next, [...path, node]);
  };
  for (const node of graph.keys()) walk(node, []);
  return cycles;
};

describe('core modules', () => {
  it('import one another without a cycle', () => {
    expect(cyclesOf(coreModuleGraph()).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('the check finds a cycle through different files', () => {
    const graph = new Map([
      ['reservations', new Set(['waitlist', 'no-shows'])],
      ['waitlist', new Set(['reservations', 'no-shows'])],
      ['no-shows', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([['reservations', 'waitlist', 'reservations']]);
    expect(coreModuleGraph().get('reservations')?.has('no-shows')).toBe(true);
  });
});
