import { describe, expect, it } from 'vitest';
import { planChromium, type Machine } from '../support/chromium-setup';

const fresh: Machine = { chromiumPath: '/usr/bin/chromium', chromiumPresent: false, pathChosen: false, isRoot: false, hasAptGet: true, hasSudo: false };

describe("npm test's Chromium for the journeys", () => {
  it('does nothing when Chromium is there', () => {
    expect(planChromium({ ...fresh, chromiumPresent: true })).toEqual({ kind: 'present' });
  });

  it("installs Debian's chromium with apt-get as root, or through password-less sudo", () => {
    const asRoot = planChromium({ ...fresh, isRoot: true });
    expect(asRoot).toEqual({
      kind: 'install',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'],
      ],
    });
    const withSudo = planChromium({ ...fresh, hasSudo: true });
    expect(withSudo.kind === 'install' && withSudo.commands.every((command) => command[0] === 'sudo' && command[1] === '-n')).toBe(true);
  });

  it('otherwise stops with one line that says how, and never downloads a browser', () => {
    for (const machine of [
      fresh,
      { ...fresh, hasAptGet: false, isRoot: true },
      { ...fresh, pathChosen: true, chromiumPath: '/opt/chrome/chrome', isRoot: true },
    ]) {
      const plan = planChromium(machine);
      expect(plan.kind).toBe('stop');
      if (plan.kind !== 'stop') continue;
      expect(plan.line).not.toContain('\n');
      expect(plan.line).toContain(machine.chromiumPath);
      expect(plan.line).not.toMatch(/playwright install/);
    }
    expect(planChromium(fresh)).toMatchObject({ line: expect.stringContaining('sudo apt-get install -y chromium fonts-noto-cjk') });
  });
});
