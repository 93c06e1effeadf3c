/**
 * Debian's Chromium driven by playwright-core (no browser download): headless, no sandbox (tests
 * run as root), background networking off (this machine has no internet, and Chromium would
 * otherwise keep trying). Screenshots go to test-artifacts/ for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { atEnd } from './cleanup.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = join(process.cwd(), 'test-artifacts');

let launched: Promise<Browser> | null = null;

/** One browser per test file; fails loudly when Chromium is not installed (CI installs it). */
export function browser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}; ` +
        'the browser tests need it (apt-get install -y chromium, as .ci/run does).',
    );
  if (!launched) {
    launched = chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
    atEnd(async () => (await launched!).close());
  }
  return launched;
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}
