import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The guest booking page's budget (docs/benchmarks.md, "Guest booking page budget"): the initial
 * JS of `/guest/reserve/` from the build's manifest, and the time from navigation to the clinic
 * choice in Chromium.
 *
 *   npm run build && npx tsx test/bench/guest-budget.ts            # sizes, then 5 timed runs
 *   GUEST_BENCH_RUNS=10 GUEST_BENCH_PORT=4391 npx tsx test/bench/guest-budget.ts
 *   GUEST_BENCH_DIST=/tmp/other-build npx tsx test/bench/guest-budget.ts   # another build
 *
 * The e2e test "budget" (test/e2e/guest-booking.spec.ts) asserts the size with `guestInitialJs`.
 */

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const WEB_DIST = process.env['GUEST_BENCH_DIST'] ? resolve(process.env['GUEST_BENCH_DIST']) : join(ROOT, 'web', 'dist');

/** The budget: 150 kB of gzip, counted strictly (150,000 bytes, not 150 KiB). */
export const GUEST_JS_BUDGET_BYTES = 150_000;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface InitialFile {
  file: string;
  bytes: number;
  /** zlib level 6, the usual "gzip" figure (Vite's build report). */
  gzip: number;
  /** zlib level 9: the `.gz` the server sends to a browser that accepts gzip but not brotli. */
  gzip9: number;
  /** Brotli quality 11: the `.br` the server sends to a browser that accepts it. */
  brotli: number;
}

export interface InitialJs {
  files: InitialFile[];
  bytes: number;
  gzip: number;
  gzip9: number;
  brotli: number;
}

/**
 * The JS files `/guest/reserve/` loads before it can show anything: the scripts and module
 * preloads of `index.html` (the entry, the guest preload script), and the chunk of the guest
 * booking page (`web/src/features/guest/index.ts`, which `vite.config.ts` names `guest`), each
 * with everything it imports statically, from the build's manifest.
 */
export function guestInitialJs(dist = WEB_DIST): InitialJs {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const guestKey =
    Object.keys(manifest).find((key) => manifest[key]!.src === 'src/features/guest/index.ts') ??
    Object.keys(manifest).find((key) => manifest[key]!.name === 'guest' && !manifest[key]!.isEntry);
  if (!guestKey) throw new Error(`${dist}/.vite/manifest.json: no guest chunk (run npm run build)`);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  if (fromHtml.length === 0) throw new Error(`${dist}/index.html loads no script`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const key = keyOf.get(file);
    for (const next of (key && manifest[key]!.imports) || []) visit(manifest[next]!.file);
  };
  fromHtml.forEach(visit);
  visit(manifest[guestKey]!.file);
  const sizes = [...files].map((file) => {
    const data = readFileSync(join(dist, file));
    return {
      file,
      bytes: data.length,
      gzip: gzipSync(data, { level: 6 }).length,
      gzip9: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const sum = (pick: (file: InitialFile) => number) => sizes.reduce((total, file) => total + pick(file), 0);
  return { files: sizes, bytes: sum((f) => f.bytes), gzip: sum((f) => f.gzip), gzip9: sum((f) => f.gzip9), brotli: sum((f) => f.brotli) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB (${(bytes / 1024).toFixed(1)} KiB)`;

/** Navigation → the clinic choice visible, `runs` times, each in a new context (empty cache). */
async function timeClinicChoice(baseUrl: string, runs: number): Promise<number[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const times: number[] = [];
  try {
    // One visit first, not counted: the server's first reads of the files and of the clinics.
    for (let run = 0; run <= runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 375, height: 667 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${baseUrl}/guest/reserve/`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: '渋谷院' }).waitFor({ state: 'visible' });
      if (run > 0) times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

async function main(): Promise<void> {
  const js = guestInitialJs();
  console.log('## Initial JS of /guest/reserve/ (manifest closure)\n');
  console.log('| file | bytes | gzip -6 | gzip -9 | brotli -11 |');
  console.log('|---|---|---|---|---|');
  for (const f of js.files) console.log(`| ${f.file} | ${f.bytes} | ${f.gzip} | ${f.gzip9} | ${f.brotli} |`);
  console.log(`| **total** | ${js.bytes} | ${js.gzip} | ${js.gzip9} | ${js.brotli} |\n`);
  console.log(
    `gzip: ${kB(js.gzip)} (level 9: ${kB(js.gzip9)}); brotli: ${kB(js.brotli)}; budget ${kB(GUEST_JS_BUDGET_BYTES)}: ${js.gzip <= GUEST_JS_BUDGET_BYTES ? 'met' : 'NOT met'}\n`,
  );

  const runs = Number(process.env['GUEST_BENCH_RUNS'] ?? 5);
  const port = Number(process.env['GUEST_BENCH_PORT'] ?? 4399);
  const server = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, WEB_ROOT: WEB_DIST, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'pglite://memory', DEMO_DATA: 'on', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    for (let waited = 0; ; waited += 250) {
      if (waited > 90_000) throw new Error('the server did not start');
      if (
        await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((done) => setTimeout(done, 250));
    }
    const before = loadavg()[0]!.toFixed(2);
    const times = await timeClinicChoice(baseUrl, runs);
    const sorted = [...times].sort((a, b) => a - b);
    console.log('## Navigation → clinic choice visible (Chromium, 375 px, empty cache each run)\n');
    console.log(`runs (ms): ${times.join(', ')}`);
    console.log(
      `median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms; load average ${before} before, ${loadavg()[0]!.toFixed(2)} after`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
