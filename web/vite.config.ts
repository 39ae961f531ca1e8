import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

/**
 * Writes `.gz` and `.br` beside every JS, CSS and HTML file of the build. The server's koa-send
 * serves them to browsers that accept them (it compresses nothing itself), so the first visit
 * of the guest booking page moves ~170 kB instead of ~540 kB (docs/benchmarks.md).
 */
const precompress = (): Plugin => ({
  name: 'clinic:precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
    await Promise.all(
      files.map(async (name) => {
        const data = await readFile(join(dir, name));
        if (data.length < 1024) return;
        await writeFile(join(dir, `${name}.gz`), gzipSync(data, { level: 9 }));
        await writeFile(
          join(dir, `${name}.br`),
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        );
      }),
    );
  },
});

/**
 * On `/guest/*` paths, starts the guest chunk's download beside the entry's instead of after it
 * has run (a `modulepreload`), so the booking page's waterfall loses a step (docs/benchmarks.md).
 * The Content-Security-Policy allows no inline script, hence a small script file; `async`, it
 * holds nothing up.
 */
const guestModulePreload = (): Plugin => ({
  name: 'clinic:guest-modulepreload',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
    const entry = chunks.find((chunk) => chunk.isEntry);
    const guest = chunks.find((chunk) => chunk.moduleIds.some((id) => /[\\/]src[\\/]features[\\/]guest[\\/]index\.ts$/.test(id)));
    const html = bundle['index.html'];
    if (!entry || !guest || html?.type !== 'asset') throw new Error('clinic:guest-modulepreload: entry, guest chunk or index.html not found');
    // The guest chunk and what it imports, less the entry (loaded by index.html itself).
    const files = new Set<string>();
    const visit = (name: string) => {
      if (name === entry.fileName || files.has(name)) return;
      files.add(name);
      const chunk = bundle[name];
      if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
    };
    visit(guest.fileName);
    const source =
      `if(location.pathname.indexOf('/guest/')===0)${JSON.stringify([...files].map((name) => `/${name}`))}.forEach(function(href){` +
      `var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});\n`;
    const fileName = `assets/guest-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
    this.emitFile({ type: 'asset', fileName, source });
    const page = String(html.source);
    const at = page.indexOf('<script type="module"');
    if (at < 0) throw new Error('clinic:guest-modulepreload: no entry script in index.html');
    html.source = `${page.slice(0, at)}<script async src="/${fileName}"></script>\n    ${page.slice(at)}`;
  },
});

/**
 * `react-router`'s production build in `vite build` (its package exports only the development
 * build, which carries development warnings and checks): 0.6 kB less gzip for every page
 * (docs/benchmarks.md, "Guest booking page budget"). `vite dev` and the tests keep the
 * development build and its warnings.
 */
const reactRouterProduction = (): Plugin => {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'clinic:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'react-router') return join(dist, 'index.mjs');
      if (source === 'react-router/dom') return join(dist, 'dom-export.mjs');
      return null;
    },
  };
};

/** The module of one group of the route table's endpoints (leanEndpoints). */
const ENDPOINT_GROUP = '\0clinic-endpoints/';

/**
 * The route table's methods and paths as literals (web/src/shared/api/endpoints.ts): the API
 * client needs no more of the table at run time, and the bundle then carries neither zod nor the
 * schemas (docs/web.md, "The API client"). The table is read through tsx, as the server reads it.
 * Each group is a module of its own that endpoints.ts re-exports, so that a group lands in the
 * chunk of the pages that call it: one module for them all went, whole, into the chunk the guest
 * page and every other page share (the guest chunk), with the staff's and admin's paths.
 */
const leanEndpoints = (): Plugin => {
  let table: Promise<Record<string, unknown>> | undefined;
  const generate = async () => {
    const { tsImport } = await import('tsx/esm/api');
    const contract = (await tsImport('@clinic/contract', import.meta.url)) as typeof import('@clinic/contract');
    return Object.fromEntries(Object.entries(contract.routes).map(([group, named]) => [group, contract.endpointsOf(named)]));
  };
  return {
    name: 'clinic:endpoints',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(ENDPOINT_GROUP) ? source : null;
    },
    async load(id) {
      if (id.startsWith(ENDPOINT_GROUP)) {
        const group = id.slice(ENDPOINT_GROUP.length);
        const groups = await (table ??= generate());
        if (!(group in groups)) throw new Error(`clinic:endpoints: no group ${group} in the route table`);
        return `export const ${group} = ${JSON.stringify(groups[group])};\n`;
      }
      if (!/[\\/]web[\\/]src[\\/]shared[\\/]api[\\/]endpoints\.ts$/.test(id)) return null;
      const groups = await (table ??= generate());
      return Object.keys(groups)
        .map((group) => `export { ${group} } from ${JSON.stringify(ENDPOINT_GROUP + group)};\n`)
        .join('');
    },
  };
};

/**
 * The preload lists of the dynamic imports (Vite's `__vite__mapDeps`, `build.modulePreload`), kept
 * out of the entry chunk, which every page loads: Vite gives every lazy route of the route table a
 * list of the chunks its page imports, to fetch beside it, and in the entry the lists of the staff,
 * admin, member, forms and LINE pages cost the guest booking page ≈0.7 kB of gzip of its budget
 * (docs/benchmarks.md, "Guest booking page budget"). Those pages now fetch their chunk, then what
 * it imports; the guest pages keep their lists. Everywhere, a list leaves out what the importing
 * chunk has loaded already (its own static imports), and a list of the imported chunk alone (which
 * `import()` fetches anyway) is none.
 */
const preloadLists = () => {
  let bundle: Rolldown.OutputBundle | undefined;
  const isGuest = (chunk: Rolldown.OutputChunk) => chunk.moduleIds.some((id) => /[\\/]src[\\/]features[\\/]guest[\\/]/.test(id));
  const plugin: Plugin = {
    name: 'clinic:preload-lists',
    apply: 'build',
    // Before Vite's own generateBundle writes the lists, which calls `resolveDependencies`.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
  const resolveDependencies = (file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }): string[] => {
    const host = bundle?.[context.hostId];
    const imported = bundle?.[file];
    if (context.hostType !== 'js' || host?.type !== 'chunk' || imported?.type !== 'chunk') return deps;
    if (host.isEntry && !isGuest(imported)) return [];
    const loaded = new Set<string>();
    const visit = (name: string) => {
      if (loaded.has(name)) return;
      loaded.add(name);
      const chunk = bundle?.[name];
      if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
    };
    visit(host.fileName);
    const rest = deps.filter((dep) => !loaded.has(dep));
    return rest.length === 1 && rest[0] === file ? [] : rest;
  };
  return { plugin, resolveDependencies };
};

const preload = preloadLists();

// The server serves `dist` with a history fallback; during `vite dev`, /api goes to the server.
const apiTarget = process.env['API_PROXY_TARGET'] ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [leanEndpoints(), reactRouterProduction(), react(), guestModulePreload(), preload.plugin, precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // `.vite/manifest.json`: which files each route loads (test/bench/guest-budget.ts reads it).
    manifest: true,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: left to itself, rolldown cuts it
          // in four (react-router, i18next + styled-components, ...), which every page loads
          // anyway and which compress 1-2 kB worse apart than together.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The booking page and what the other guest pages share with it: one chunk. The
            // proof-of-work solver (guest-challenge, with altcha-lib) and the waitlist page (its own
            // texts in three languages) are loaded only when asked for; what only the pages after a
            // booking need (guest-done: the .ics, the kept booking; guest-token-api: cancel and
            // confirm by a link's token) goes with those pages.
            { name: 'guest', test: /[\\/]features[\\/]guest[\\/](?!GuestPages|other-pages|guest-challenge|guest-done|guest-token-api|GuestWaitlistPage)/ },
          ],
        },
      },
      treeshake: {
        // The ui-kit is imported through its barrel; its modules only declare components, so
        // what a route does not use can be dropped (styled-components calls look impure).
        moduleSideEffects: [{ test: /[\\/]ui-kit[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
