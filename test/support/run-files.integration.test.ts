/**
 * The layer runner: files one after another in one process, each ended under its own name before
 * the next starts, even when its own `after` hook fails; and a failure fails the layer.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

// Inside the repository, so the files share the runner's test support (cleanup.ts) as real ones do.
mkdirSync('test-artifacts', { recursive: true });
const dir = mkdtempSync(join('test-artifacts', 'run-files-'));
const cleanup = relative(dir, 'test/support/cleanup.ts');
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, `import { after, test } from 'node:test';\nimport { atEnd } from '${cleanup}';\n${text}\n`);
  return path;
};
const first = file(
  'a.test.ts',
  [
    'globalThis.openByA = true;',
    'atEnd(() => { globalThis.openByA = false; });',
    "after(() => { throw new Error('its own after hook fails'); });",
    "test('a runs', () => {});",
  ].join('\n'),
);
const second = file(
  'b.test.ts',
  "test('b starts after a was ended', () => { if (globalThis.openByA) throw new Error('a was not ended'); });",
);
const env = { ...process.env };
delete env['NODE_TEST_CONTEXT'];
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test-reporter=tap', 'test/support/run-files.ts', 'integration', first, second],
  { encoding: 'utf8', env, timeout: 120_000 },
);

test('a file whose own after hook fails is still ended, under its own name, before the next starts', () => {
  assert.match(run.stdout, new RegExp(`^ok \\d+ - ${first.replaceAll('.', '\\.')}: closes what it started$`, 'm'));
  assert.match(run.stdout, /^ {4}ok \d+ - b starts after a was ended$/m, run.stdout);
});

test('the failure fails the layer, reported against the file it came from', () => {
  assert.notEqual(run.status, 0);
  assert.match(run.stdout, new RegExp(`^not ok \\d+ - ${first.replaceAll('.', '\\.')}$`, 'm'));
  assert.match(run.stdout, /its own after hook fails/);
});
