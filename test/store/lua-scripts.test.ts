import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { sourceFiles } from '../support/source-files.ts';
import * as scripts from '../../src/store/lua-scripts.ts';

test('every Lua script lives in src/store/lua-scripts.ts', () => {
  const elsewhere = [...sourceFiles('src'), ...sourceFiles('deploy')]
    .filter((file) => file !== join('src', 'store', 'lua-scripts.ts'))
    .filter((file) => /redis\s*(?:\.\s*p?call|\[\s*['"`]p?call['"`]\s*\])\s*\(/.test(readFileSync(file, 'utf8')));
  assert.deepEqual(elsewhere, []);
});

test('the shared store runs each script', () => {
  const store = readFileSync(join('src', 'store', 'upstash-client.ts'), 'utf8');
  const names = Object.keys(scripts);
  assert.ok(names.length >= 4);
  for (const name of names) assert.match(store, new RegExp(`createScript\\(${name}\\)`), name);
});

// Upstash accepts flags such as `allow-key-locking` that stock Redis refuses at load time, so no
// script carries a shebang line; lua-scripts.integration.test.ts loads each one on redis-server.
test('no script starts with a shebang line', () => {
  for (const [name, script] of Object.entries(scripts)) assert.ok(!script.trimStart().startsWith('#!'), name);
});
