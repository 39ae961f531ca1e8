import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  // Never a silent skip: the journeys are part of `npm test`.
  // `npm test` and `npm run test:e2e` install it first where they can (test/support/ensure-chromium.ts).
  throw new Error(
    `Chromium not found at ${CHROMIUM}: run npm run test:e2e (it installs Debian's chromium as root), or apt-get install -y chromium, or set CHROMIUM_PATH.`,
  );
}

/**
 * The server's port: E2E_PORT, or a free one chosen once by the main process (the workers inherit
 * it through the environment), so that two copies of \`npm test\` on one machine do not collide.
 */
if (!process.env.E2E_PORT) {
  const probe = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  process.env.E2E_PORT = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}
const PORT = Number(process.env.E2E_PORT);

/**
 * Journeys in a real browser against the real server on the embedded database with the demo
 * chain, exactly what `npm start` gives a new user.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/playwright',
  // Ceilings, not waits: every step waits for a state, and on a busy 2-core machine (CI, or a
  // second \`npm test\` beside this one) a page may take seconds to answer. A state that never
  // comes still fails, only later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
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
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npx tsx server/src/main.ts',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // A ceiling: the demo chain loads in seconds on a quiet machine, much longer on a busy one.
    timeout: 300_000,
    // The guest booking guard: the default difficulty, but 20 free bookings an hour per address
    // (the journeys book as guests from one address); TRUST_PROXY so that the challenge journey
    // speaks from an address of its own (X-Forwarded-For).
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'pglite://memory',
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'on',
      // LINE pushes go to an address where nothing answers: the messages of the one LINE-linked
      // demo member (100027) fail for real and end FAILED quickly (test/e2e/messages.spec.ts).
      LINE_CHANNEL_ACCESS_TOKEN: 'e2e-unreachable-line',
      LINE_MESSAGING_URL: 'http://127.0.0.1:9',
      // The LINE app (issue 24) on LINE's offline mock, with the local ID-token verification
      // (LINE_LOCAL_PROVIDER, the embedded database's default): its views in the axe journey
      // (accessibility.spec.ts). Its own journey runs on a server of its own (line-app.spec.ts).
      LINE_LIFF_ID: 'e2e-a11y-liff',
      LINE_LIFF_MOCK: 'on',
      MESSAGE_RETRY_BASE_MS: '10',
      MESSAGE_POLL_SECONDS: '0.5',
      GUEST_FREE_PER_ADDRESS_HOUR: '20',
      GUEST_MAX_PER_ADDRESS_HOUR: '100',
    },
  },
});
