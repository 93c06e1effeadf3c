import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { sourceFiles } from './support/source-files.ts';

const NODE_BUILTINS = 'fs|path|http|https|net|crypto|os|child_process|stream|buffer|url|util|dns|events|worker_threads';

const NODE_ONLY = [
  { what: 'a node: import', pattern: /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]node:/ },
  {
    what: 'a Node built-in imported without the node: prefix',
    pattern: new RegExp(String.raw`from\s*['"](?:${NODE_BUILTINS})(?:\/[^'"]*)?['"]`),
  },
  { what: 'process', pattern: /\bprocess\s*\.|\bprocess\s*\[/ },
  { what: 'Buffer', pattern: /\bBuffer\b/ },
  { what: '__dirname / __filename', pattern: /\b__(?:dirname|filename)\b/ },
];

test('src/ uses Web APIs only: no Node imports, process, Buffer or __dirname', () => {
  const files = sourceFiles('src');
  assert.ok(files.length > 10);
  const offences: string[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      for (const rule of NODE_ONLY)
        if (rule.pattern.test(line)) offences.push(`${file}:${i + 1}: ${rule.what}: ${line.trim()}`);
    });
  }
  assert.deepEqual(offences, []);
});

test('the check itself catches what it should', () => {
  const sample = [
    "import { readFile } from 'node:fs';",
    'const p = process.env.PORT;',
    'Buffer.from(x)',
    "import os from 'os';",
  ];
  for (const line of sample)
    assert.ok(
      NODE_ONLY.some((r) => r.pattern.test(line)),
      line,
    );
});
