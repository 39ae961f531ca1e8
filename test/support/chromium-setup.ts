/**
 * The journeys run in Debian's Chromium (never a downloaded browser build, docs/decisions.md).
 * `npm test` installs it where it can, as root (or with password-less sudo) through apt-get, as
 * .ci/run does; elsewhere it stops with one line that says how.
 */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const PACKAGES = ['chromium', 'fonts-noto-cjk'] as const;

export interface Machine {
  readonly chromiumPath: string;
  readonly chromiumPresent: boolean;
  /** Set by the user (CHROMIUM_PATH): then it is theirs to provide, nothing is installed. */
  readonly pathChosen: boolean;
  readonly isRoot: boolean;
  readonly hasAptGet: boolean;
  readonly hasSudo: boolean;
}

export type Plan =
  | { readonly kind: 'present' }
  | { readonly kind: 'install'; readonly commands: readonly (readonly string[])[] }
  | { readonly kind: 'stop'; readonly line: string };

export const installCommand = `sudo apt-get install -y ${PACKAGES.join(' ')}`;

/** What to do before the journeys: nothing, install Debian's Chromium, or stop with one line. */
export const planChromium = (machine: Machine): Plan => {
  if (machine.chromiumPresent) return { kind: 'present' };
  if (machine.pathChosen)
    return {
      kind: 'stop',
      line: `Chromium not found at CHROMIUM_PATH=${machine.chromiumPath}: point it at a Chromium binary, or unset it to use Debian's (${installCommand}).`,
    };
  const asRoot = machine.isRoot ? [] : machine.hasSudo ? ['sudo', '-n'] : null;
  if (!machine.hasAptGet || asRoot === null) {
    return {
      kind: 'stop',
      line: machine.hasAptGet
        ? `Chromium not found at ${machine.chromiumPath}: install Debian's with "${installCommand}" (no browser is ever downloaded), then run npm test again.`
        : `Chromium not found at ${machine.chromiumPath} and no apt-get here: install Chromium and set CHROMIUM_PATH to its binary (no browser is ever downloaded).`,
    };
  }
  return {
    kind: 'install',
    commands: [
      [...asRoot, 'apt-get', 'update', '-qq'],
      [...asRoot, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', ...PACKAGES],
    ],
  };
};
