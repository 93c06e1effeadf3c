/**
 * What the test suite needs from the machine besides `npm ci`, where it looks for each, and how to
 * install what is missing. `npm test` checks all of it first (scripts/test.ts); the browser and
 * Redis harnesses find their programs here too, so the check and the tests never disagree.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The oldest Node the tooling runs on (ESLint, knip and c8 need 20.19; the service itself runs on 20.16). */
export const NODE_MINIMUM = [20, 19] as const;

/** Names Chromium and Chrome are installed under on PATH, most specific first. */
const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

/** The usual install locations on Linux and macOS, for when none is on PATH. */
const CHROMIUM_LOCATIONS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/lib/chromium/chromium',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  join(homedir(), 'Applications/Chromium.app/Contents/MacOS/Chromium'),
  join(homedir(), 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
];

export interface Need {
  what: string;
  /** Where it was found, or null. */
  found: string | null;
  /** Why it is not usable, when `found` is null. */
  problem: string;
  install: { debian: string; fedora: string; macos: string };
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Whether `path --version` runs and exits 0: a broken install (a missing library) is as good as none. */
const runs = (path: string) => spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 }).status === 0;

/** The first executable called `name` on PATH, or null. */
export function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * Chromium or Chrome: `CHROMIUM_PATH` when set (and then only there), else the first of the usual
 * names on PATH, else the first usual location that holds one. Null when there is none.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.CHROMIUM_PATH;
  if (chosen !== undefined && chosen !== '') return executable(chosen) ? chosen : null;
  for (const name of CHROMIUM_NAMES) {
    const path = onPath(name);
    if (path !== null) return path;
  }
  return CHROMIUM_LOCATIONS.find(executable) ?? null;
}

const installs = {
  redis: {
    debian: 'sudo apt-get install -y redis-server',
    fedora: 'sudo dnf install -y redis   (Fedora 41 and later: valkey-compat-redis)',
    macos: 'brew install redis',
  },
  chromium: {
    debian: 'sudo apt-get install -y chromium   (Ubuntu: sudo snap install chromium)',
    fedora: 'sudo dnf install -y chromium',
    macos: 'brew install --cask chromium   (or Google Chrome, found where it installs)',
  },
  node: {
    debian: 'a current Node from your version manager (nvm, fnm, volta) or nodesource',
    fedora: 'sudo dnf install -y nodejs   (or a version manager)',
    macos: 'brew install node   (or a version manager)',
  },
};

function nodeNeed(): Need {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const [wantMajor, wantMinor] = NODE_MINIMUM;
  const ok = major > wantMajor || (major === wantMajor && minor >= wantMinor);
  return {
    what: `Node ${wantMajor}.${wantMinor} or newer`,
    found: ok ? `Node ${process.versions.node}` : null,
    problem: `this is Node ${process.versions.node}`,
    install: installs.node,
  };
}

function redisNeed(): Need {
  const path = onPath('redis-server');
  return {
    what: 'redis-server (the store tests start their own)',
    found: path !== null && runs(path) ? path : null,
    problem: path === null ? 'not on PATH' : `${path} --version failed`,
    install: installs.redis,
  };
}

function chromiumNeed(): Need {
  const chosen = process.env.CHROMIUM_PATH;
  const path = findChromium();
  return {
    what: 'Chromium or Chrome (the browser tests drive it headless)',
    found: path !== null && runs(path) ? path : null,
    problem:
      path !== null
        ? `${path} --version failed`
        : chosen !== undefined && chosen !== ''
          ? `CHROMIUM_PATH=${chosen} is not an executable file`
          : `none of ${CHROMIUM_NAMES.join(', ')} on PATH, nor at the usual locations; or set CHROMIUM_PATH`,
    install: installs.chromium,
  };
}

/** What the layers named need (all of them: every layer's), checked now. */
export function checkSystemNeeds(layers: readonly string[]): Need[] {
  const any = (...names: string[]) => names.some((name) => layers.includes(name));
  return [
    nodeNeed(),
    ...(any('integration', 'runtimes') ? [redisNeed()] : []),
    ...(any('browser') ? [chromiumNeed()] : []),
  ];
}

/** What to print for the needs that are missing. */
export function describeMissing(needs: Need[]): string {
  return needs
    .filter((need) => need.found === null)
    .map((need) =>
      [
        `missing: ${need.what}: ${need.problem}`,
        `  Debian/Ubuntu:   ${need.install.debian}`,
        `  Fedora:          ${need.install.fedora}`,
        `  macOS:           ${need.install.macos}`,
      ].join('\n'),
    )
    .join('\n');
}
