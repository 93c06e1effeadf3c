/** `.env.example` lists every variable the service reads, each with its meaning, and is itself valid. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CONFIG_VARIABLES, parseConfig } from '../src/config.ts';

const text = readFileSync('.env.example', 'utf8');
const lines = text.split('\n');
const assignments = new Map(
  lines.flatMap((line) => {
    const match = /^(?:# )?([A-Z_]+)=(.*)$/.exec(line);
    return match ? [[match[1]!, match[2]!] as const] : [];
  }),
);

test('names every configuration variable, and PORT and HOST', () => {
  assert.deepEqual([...assignments.keys()].sort(), [...CONFIG_VARIABLES, 'PORT', 'HOST'].sort());
});

test('explains each variable in a comment right above it (or above its group)', () => {
  lines.forEach((line, index) => {
    if (!/^(?:# )?[A-Z_]+=/.test(line)) return;
    const above = lines.slice(0, index).reverse();
    const firstOther = above.find((l) => !/^(?:# )?[A-Z_]+=/.test(l));
    assert.ok(firstOther?.startsWith('#'), `${line.split('=')[0]} has a comment above it`);
  });
});

test("sets no HOST or PORT, so a container keeps the image's", () => {
  assert.ok(!lines.some((line) => /^(HOST|PORT)=/.test(line)));
});

test('is a valid configuration as it stands', () => {
  const env = Object.fromEntries(assignments);
  const config = parseConfig(env);
  assert.equal(config.logLevel, 'info');
  assert.equal(config.upstash, null);
});
