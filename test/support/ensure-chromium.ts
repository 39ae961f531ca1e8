// Run first by `npm test` and `npm run test:e2e` (tsx): makes sure Debian's Chromium is there for the journeys.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEFAULT_CHROMIUM, planChromium } from './chromium-setup';

const succeeds = (command: string, args: string[]): boolean => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

const chromiumPath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
const plan = planChromium({
  chromiumPath,
  chromiumPresent: existsSync(chromiumPath),
  pathChosen: process.env.CHROMIUM_PATH !== undefined,
  isRoot: process.getuid?.() === 0,
  hasAptGet: succeeds('sh', ['-c', 'command -v apt-get']),
  hasSudo: succeeds('sudo', ['-n', 'true']),
});

if (plan.kind === 'stop') {
  console.error(plan.line);
  process.exit(1);
}
if (plan.kind === 'install') {
  console.log("Installing Debian's chromium for the browser journeys (apt-get; no browser is downloaded by Playwright)…");
  for (const [command, ...args] of plan.commands) {
    const run = spawnSync(command!, args, { stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(
        `Could not install Chromium (${[command, ...args].join(' ')} failed): install it with "apt-get install -y chromium", then run npm test again.`,
      );
      process.exit(1);
    }
  }
  if (!existsSync(chromiumPath)) {
    console.error(`apt-get installed chromium but ${chromiumPath} is still missing: set CHROMIUM_PATH to its binary.`);
    process.exit(1);
  }
}
