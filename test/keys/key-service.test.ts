import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeyService } from '../../src/keys/key-service.ts';
import { generateKey, sha256Hex } from '../../src/keys/key-format.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import { ManualClock } from '../support/clock.ts';
import { switchableStore } from '../support/failing-store.ts';

const PREFIX = 'asc_live_';

function setup() {
  const clock = new ManualClock();
  const memory = new MemoryStore({ now: clock.now });
  const switchable = switchableStore(memory);
  const keys = new KeyService(switchable.store, PREFIX, clock.now);
  return { clock, memory, keys, switchable };
}

test('stores only the hash of a new key, with all three scopes', async () => {
  const { keys, memory } = setup();
  const { key, record } = await keys.create({ name: 'laptop', owner: 'user_1' });
  assert.equal(record.hash, await sha256Hex(key));
  assert.deepEqual(record.scopes, ['tools:read', 'tools:execute', 'badges:read']);
  assert.ok(!JSON.stringify(await memory.listKeys()).includes(key));
});

test('verifies a known key and refuses an unknown one', async () => {
  const { keys } = setup();
  const { key, record } = await keys.create({ name: 'a', owner: 'u' });
  assert.deepEqual(await keys.verify(key), { ok: true, record });
  assert.deepEqual(await keys.verify(generateKey(PREFIX)), { ok: false, reason: 'unknown' });
});

test('refuses a malformed key without asking the store', async () => {
  const { keys, switchable } = setup();
  assert.deepEqual(await keys.verify('asc_live_nope'), { ok: false, reason: 'malformed' });
  assert.deepEqual(switchable.calls, []);
});

test('keeps accepting a revoked key from its cache, and refuses it after the cache expires', async () => {
  const { keys, memory, clock } = setup();
  const { key, record } = await keys.create({ name: 'a', owner: 'u' });
  assert.equal((await keys.verify(key)).ok, true);
  await memory.revokeKey(record.id, clock.time);
  clock.advance(30_000);
  assert.equal((await keys.verify(key)).ok, true, 'cached for up to a minute');
  clock.advance(30_001);
  assert.deepEqual(await keys.verify(key), { ok: false, reason: 'revoked', id: record.id });
});

test('refuses an expired key even while it is cached', async () => {
  const { keys, clock } = setup();
  const { key, record } = await keys.create({ name: 'a', owner: 'u', expiresAt: clock.time + 10_000 });
  assert.equal((await keys.verify(key)).ok, true);
  clock.advance(10_000);
  assert.deepEqual(await keys.verify(key), { ok: false, reason: 'expired', id: record.id });
});

test('serves a cached verdict while the store is down, and reports the store when it is not cached', async () => {
  const { keys, switchable } = setup();
  const { key } = await keys.create({ name: 'a', owner: 'u' });
  await keys.verify(key);
  switchable.setDown(true);
  assert.equal((await keys.verify(key)).ok, true);
  await assert.rejects(keys.verify(generateKey(PREFIX)), { name: 'StoreUnavailableError' });
});

test('writes last-used at most once a minute per key, off the request path', async () => {
  const { keys, memory, clock } = setup();
  const { record } = await keys.create({ name: 'a', owner: 'u' });
  const pending: Promise<unknown>[] = [];
  const waitUntil = (p: Promise<unknown>) => void pending.push(p);
  keys.markUsed(record, waitUntil);
  keys.markUsed(record, waitUntil);
  clock.advance(59_000);
  keys.markUsed(record, waitUntil);
  assert.equal(pending.length, 1);
  clock.advance(1_000);
  keys.markUsed(record, waitUntil);
  assert.equal(pending.length, 2);
  await Promise.all(pending);
  assert.equal((await memory.listKeys())[0]?.lastUsedAt, clock.time);
});

test('forged keys cannot push a verified key out of the cache, and each costs one lookup at most', async () => {
  const { keys, switchable } = setup();
  const { key } = await keys.create({ name: 'a', owner: 'u' });
  assert.equal((await keys.verify(key)).ok, true);
  const forged = Array.from({ length: 10_050 }, () => generateKey(PREFIX));
  for (const fake of forged) assert.deepEqual(await keys.verify(fake), { ok: false, reason: 'unknown' });
  const lookups = switchable.calls.length;
  assert.deepEqual(await keys.verify(forged.at(-1)!), { ok: false, reason: 'unknown' });
  assert.equal(switchable.calls.length, lookups, 'a forgery seen before is refused from the cache');
  switchable.setDown(true);
  assert.equal((await keys.verify(key)).ok, true, 'the verified key is still cached while the store is down');
});
