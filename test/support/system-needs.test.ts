/** What npm test asks of the machine, and where it looks for Chromium (scripts/test.ts runs the check). */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeMissing, findChromium, type Need } from './system-needs.ts';

test('CHROMIUM_PATH, when set, is the only place looked at, and must be an executable file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-'));
  const program = join(dir, 'chrome');
  writeFileSync(program, '#!/bin/sh\n');
  assert.equal(findChromium({ CHROMIUM_PATH: program }), null, 'not executable');
  chmodSync(program, 0o755);
  assert.equal(findChromium({ CHROMIUM_PATH: program }), program);
  assert.equal(findChromium({ CHROMIUM_PATH: dir }), null, 'a directory');
  assert.equal(findChromium({ CHROMIUM_PATH: join(dir, 'absent') }), null);
});

test('what is missing is named, with the command for Debian/Ubuntu, Fedora and macOS; what is found is not', () => {
  const need = (what: string, found: string | null): Need => ({
    what,
    found,
    problem: 'not on PATH',
    install: { debian: 'apt-get x', fedora: 'dnf x', macos: 'brew x' },
  });
  assert.equal(
    describeMissing([need('Node', '/usr/bin/node'), need('redis-server', null)]),
    'missing: redis-server: not on PATH\n' +
      '  Debian/Ubuntu:   apt-get x\n  Fedora:          dnf x\n  macOS:           brew x',
  );
  assert.equal(describeMissing([need('Node', '/usr/bin/node')]), '');
});
