import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Chart.js must stay out of every bundle but the reports page's lazy chart chunk: only
 * ReportChart.tsx may import it, and only through a dynamic `import()` (React.lazy) from the
 * reports page. The built output is checked by the Playwright journey (test/e2e/reports.spec.ts).
 */
// jsdom gives `import.meta.url` an http scheme: find web/src from this test file's path.
const SRC = resolve(dirname(expect.getState().testPath ?? ''), '../../..');
const CHART_IMPORT = /from\s+['"](chart\.js|react-chartjs-2)(\/[^'"]*)?['"]|import\(\s*['"](chart\.js|react-chartjs-2)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the chart library chunk', () => {
  it('is imported by ReportChart.tsx alone', () => {
    const importers = sources(SRC)
      .filter((path) => CHART_IMPORT.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path).replaceAll('\\', '/'));
    expect(importers).toEqual(['features/admin/reports/ReportChart.tsx']);
  });

  it('is reached only through a dynamic import', () => {
    // `import type` is erased from the build; any other static import would pull the chunk in.
    const staticImporters = sources(SRC).filter((path) => /^import (?!type ).*from ['"][^'"]*\/ReportChart['"]/m.test(readFileSync(path, 'utf8')));
    expect(staticImporters).toEqual([]);
    const page = readFileSync(join(SRC, 'features/admin/reports/ReportsPage.tsx'), 'utf8');
    expect(page).toMatch(/lazy\(\(\) => import\('\.\/ReportChart'\)\)/);
  });
});
