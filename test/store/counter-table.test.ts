import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CounterTable } from '../../src/store/counter-table.ts';
import { MemoryStore } from '../../src/store/memory.ts';

const MINUTE = 60_000;
const T0 = 1_000 * MINUTE;

test('never holds more counters than its maximum; the one written longest ago goes first', () => {
  const table = new CounterTable(100);
  for (let i = 0; i < 1_000; i++) table.increment(`client-${i}`, T0, MINUTE);
  assert.equal(table.size, 100);
  assert.deepEqual(table.counts('client-999', T0, MINUTE), { current: 1, previous: 0 });
  assert.deepEqual(table.counts('client-900', T0, MINUTE), { current: 1, previous: 0 });
  assert.deepEqual(table.counts('client-899', T0, MINUTE), { current: 0, previous: 0 }, 'forgotten');
});

test('a counter written again moves to the back, so an active client is the last to be forgotten', () => {
  const table = new CounterTable(3);
  table.increment('active', T0, MINUTE);
  table.increment('b', T0, MINUTE);
  table.increment('c', T0, MINUTE);
  table.increment('active', T0, MINUTE);
  table.increment('d', T0, MINUTE);
  assert.deepEqual(table.counts('active', T0, MINUTE), { current: 2, previous: 0 });
  assert.deepEqual(table.counts('b', T0, MINUTE), { current: 0, previous: 0 });
});

test('expired counters are swept a few per write, never all at once, and live ones are kept', () => {
  const table = new CounterTable(10_000);
  for (let i = 0; i < 1_000; i++) table.increment(`old-${i}`, T0, MINUTE);
  table.increment('recent', T0 + MINUTE, MINUTE);
  const later = T0 + 2 * MINUTE; // `old-*` are two windows back: they no longer count
  table.increment('new-0', later, MINUTE);
  const afterOneWrite = table.size;
  assert.ok(afterOneWrite < 1_002 && afterOneWrite > 900, `one write sweeps a few (${afterOneWrite} left)`);
  for (let i = 1; i < 100; i++) table.increment(`new-${i}`, later, MINUTE);
  assert.equal(table.size, 101, 'the expired ones are gone; `recent` (previous window) and the new ones stay');
  assert.deepEqual(table.counts('recent', later, MINUTE), { current: 0, previous: 1 });
});

test('the embedded store under a flood of distinct clients: bounded, and nobody is refused for it', async () => {
  let now = T0;
  const store = new MemoryStore({ now: () => now, maxTrackedBuckets: 500 });
  for (let i = 0; i < 5_000; i++) {
    const decision = await store.hitRateLimit(`ip:flood-${i}`, 10, MINUTE, true);
    assert.equal(decision.allowed, true);
    now += 1;
  }
  assert.equal(store.trackedBuckets, 500);
  for (let i = 0; i < 10; i++) assert.equal((await store.hitRateLimit('ip:steady', 10, MINUTE, true)).allowed, true);
  assert.equal((await store.hitRateLimit('ip:steady', 10, MINUTE, true)).allowed, false, 'a live bucket still counts');
});
