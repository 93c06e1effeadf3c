/**
 * The embedded store behind a running server, flooded by distinct client addresses: the buckets it
 * tracks never exceed its maximum, and clients are still counted exactly.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import { CATALOG, freshIp, startHarness } from '../support/harness.ts';

test('2,000 distinct clients leave at most the maximum of buckets behind', async () => {
  let store: MemoryStore | undefined;
  const h = await startHarness({
    store: (clock) => (store = new MemoryStore({ now: clock.now, maxTrackedBuckets: 200 })),
  });
  for (let sent = 0; sent < 2_000; sent += 50) {
    await Promise.all(Array.from({ length: 50 }, async () => (await h.request(CATALOG)).arrayBuffer()));
  }
  assert.equal(store!.trackedBuckets, 200);

  const ip = freshIp();
  const statuses = [];
  for (let i = 0; i <= SPEC_LIMITS.anonymousPerMinute; i++) statuses.push((await h.request(CATALOG, { ip })).status);
  assert.deepEqual(statuses.slice(-2), [200, 429], 'a client is counted as before the flood');
});
