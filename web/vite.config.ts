import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

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

// The server serves `dist` with a history fallback; during `vite dev`, /api goes to the server.
const apiTarget = process.env['API_PROXY_TARGET'] ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
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
