import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The per-test limit is a ceiling for a machine whose cores other work shares (the property and
  // clock-change tests compute for seconds there), not a speed target: speed lives in `npm run bench`.
  test: { name: 'adapters', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
