import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  crc32,
  displayPrefix,
  generateKey,
  isValidKeyPrefix,
  keyShapeProblem,
  sha256Hex,
} from '../../src/keys/key-format.ts';

const PREFIX = 'asc_live_';

test('CRC-32 matches the IEEE check value', () => {
  assert.equal(crc32('123456789'), 0xcbf43926);
  assert.equal(crc32(''), 0);
});

test('generated keys are prefix + 36 base62 characters and pass the offline check', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const key = generateKey(PREFIX);
    assert.match(key, /^asc_live_[0-9A-Za-z]{36}$/);
    assert.equal(keyShapeProblem(key, PREFIX), null);
    seen.add(key);
  }
  assert.equal(seen.size, 200);
});

test('a mistyped key is refused offline by its checksum', () => {
  const key = generateKey(PREFIX);
  const i = PREFIX.length + 5;
  const typo = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
  assert.equal(keyShapeProblem(typo, PREFIX), 'checksum');
});

test('names what is wrong with a malformed key', () => {
  const key = generateKey(PREFIX);
  assert.equal(keyShapeProblem(key.replace('asc_live_', 'asc_test_'), PREFIX), 'prefix');
  assert.equal(keyShapeProblem(key.slice(0, -1), PREFIX), 'length');
  assert.equal(keyShapeProblem(`${key.slice(0, -7)}-${key.slice(-6)}`, PREFIX), 'characters');
  assert.equal(keyShapeProblem('', PREFIX), 'prefix');
});

test('shows only the prefix and four characters in listings', () => {
  const key = generateKey(PREFIX);
  assert.equal(displayPrefix(key, PREFIX), key.slice(0, 13));
});

test('accepts only sensible configured prefixes', () => {
  for (const ok of ['asc_live_', 'sk_', 'acme_test_']) assert.ok(isValidKeyPrefix(ok), ok);
  for (const bad of ['asc', 'asc-live_', '_x_', 'ASC_', 'a_very_long_prefix_x_', ''])
    assert.ok(!isValidKeyPrefix(bad), bad);
});

test('hashes with SHA-256 in lower-case hex', async () => {
  assert.equal(await sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
