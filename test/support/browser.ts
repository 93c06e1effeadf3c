/**
 * Chromium driven by playwright-core (no browser download): headless, no sandbox (tests
 * run as root), background networking off (this machine has no internet, and Chromium would
 * otherwise keep trying). Screenshots go to test-artifacts/ for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { atEnd } from './cleanup.ts';
import { findChromium } from './system-needs.ts';

export const ARTIFACTS = join(process.cwd(), 'test-artifacts');

let launched: Promise<Browser> | null = null;

/**
 * One browser per test file, closed when the file ends; fails loudly when there is no Chromium
 * (test/support/system-needs.ts says where it looks; `npm test` checks before anything runs).
 */
export function browser(): Promise<Browser> {
  const executablePath = findChromium();
  if (executablePath === null)
    throw new Error('Chromium was not found: npm test names where it looked and how to install it.');
  if (!launched) {
    launched = chromium.launch({
      executablePath,
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
    const closing = launched;
    atEnd(async () => {
      launched = null;
      await (await closing).close();
    });
  }
  return launched;
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}
