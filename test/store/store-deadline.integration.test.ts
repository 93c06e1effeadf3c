/**
 * What the service does when the shared store answers slower than its deadline (docs/limits.md,
 * "When the store is slow"), on purpose rather than by accident: the store here is hung (the
 * bridge takes every request and answers none), so every round trip misses its deadline however
 * fast or slow the machine is. Two instances share it, as in production.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { UpstashStore } from '../../src/store/upstash.ts';
import { PATIENT_MS } from '../support/deadlines.ts';
import { CATALOG, EXECUTE_SH, freshIp, postJson, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

/** Short, so the suite does not wait long: the hung store misses any deadline. */
const DEADLINE_MS = 200;
const PREFIX = 'slow';

let bridge: UpstashBridge;
let hanging = false;
let instances: [Harness, Harness];
before(async () => {
  bridge = await startUpstashBridge((await startRedis()).port);
  instances = [await startHarness({ store: phasedStore }), await startHarness({ store: phasedStore })];
});

/**
 * One store as an instance sees it, over the shared bridge: a call made while the bridge hangs has
 * the short deadline (it misses any), a call made once it answers a patient one, so that a busy
 * machine never misses the deadline of a store that answers.
 */
function phasedStore(clock: { now: () => number }): UpstashStore {
  const options = { url: bridge.url, token: bridge.token, prefix: PREFIX, now: clock.now };
  const hung = new UpstashStore({ ...options, timeoutMs: DEADLINE_MS });
  const answering = new UpstashStore({ ...options, timeoutMs: PATIENT_MS });
  return new Proxy(hung, {
    get(_, property) {
      const store = hanging ? hung : answering;
      const value: unknown = Reflect.get(store, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(store) : value;
    },
  });
}

/** Runs `during` while the store is hung, and answers again afterwards. */
async function whileHung<T>(during: () => Promise<T>): Promise<T> {
  bridge.setHanging(true);
  hanging = true;
  try {
    return await during();
  } finally {
    hanging = false;
    bridge.setHanging(false);
  }
}

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();
const keysOf = (pattern: string) => bridge.redis.keys(`${PREFIX}:${pattern}`);

describe('when the store answers slower than its deadline', () => {
  test('per-minute limits: each instance lets exactly its limit through, then 429; the store counts none', async () => {
    const ip = freshIp();
    const answers = await whileHung(async () => {
      const [a, b] = instances;
      const first = await Promise.all(Array.from({ length: 12 }, () => a.request(CATALOG, { ip })));
      const second = await Promise.all(Array.from({ length: 12 }, () => b.request(CATALOG, { ip })));
      return [...first, ...second];
    });
    assert.deepEqual(statuses(answers), [...Array<number>(20).fill(200), ...Array<number>(4).fill(429)]);
    for (const res of answers) {
      assert.equal(res.headers.get('ratelimit-limit'), '10');
      if (res.status === 429) await expectProblem(res, 'rate_limit_exceeded');
      else await res.arrayBuffer();
    }
    assert.deepEqual(await keysOf(`rl:ip:${ip}:*`), [], 'the in-process counts are not the store’s');
  });

  test('execute: 503 with Retry-After 30, no scan, no quota counted', async () => {
    const [h] = instances;
    const ip = freshIp();
    const res = await whileHung(() => postJson(h, EXECUTE_SH, { target: 'slow-store.example' }, { ip }));
    const body = await expectProblem(res, 'service_unavailable');
    assert.equal(res.headers.get('retry-after'), '30');
    assert.equal(body.retryAfterSec, 30);
    await h.settled(); // the reservation's release, confirmed once the store answers again
    assert.deepEqual(h.scanners['security-headers'].calls, []);
    assert.deepEqual(await keysOf('quota:target:slow-store.example:*'), []);
    assert.deepEqual(await keysOf(`quota:client:${ip}:*`), []);
  });

  test('a key this instance has verified keeps working; one it has not gets 503, never anonymous', async () => {
    const [h, other] = instances;
    const { key } = await h.createKey();
    assert.equal((await h.request(CATALOG, { headers: { 'x-api-key': key } })).status, 200); // now cached by h
    const [cached, uncached] = await whileHung(() =>
      Promise.all([
        h.request(CATALOG, { headers: { 'x-api-key': key } }),
        other.request(CATALOG, { headers: { 'x-api-key': key } }),
      ]),
    );
    assert.equal(cached.status, 200);
    assert.equal(cached.headers.get('ratelimit-limit'), '30', 'the key’s own limit, counted in-process');
    await cached.arrayBuffer();
    await expectProblem(uncached, 'service_unavailable');
  });

  test('once the store answers again, every request uses it again, with no restart', async () => {
    const [h] = instances;
    const ip = freshIp();
    await whileHung(async () => {
      for (let i = 0; i < 3; i++) assert.equal((await h.request(CATALOG, { ip })).status, 200);
    });
    assert.equal((await h.request(CATALOG, { ip })).status, 200);
    assert.equal((await postJson(h, EXECUTE_SH, { target: 'store-back.example' }, { ip })).status, 200);
    await h.settled();
    assert.equal(h.scanners['security-headers'].calls.length, 1);
    const minuteCounters = await keysOf(`rl:ip:${ip}:*`);
    assert.equal(minuteCounters.length, 1);
    assert.equal(
      await bridge.redis.get(minuteCounters[0]!),
      '2',
      'the two requests after the outage, not the three during it',
    );
    assert.deepEqual(h.errors, [], 'a slow store is not a bug');
  });
});
