import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { StoreUnavailableError } from '../../src/store/port.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { ManualClock } from '../support/clock.ts';
import { PATIENT_MS } from '../support/deadlines.ts';
import { startRedis } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';
import { storeContract } from './contract.ts';
import { scanContract } from './scan-contract.ts';

const MINUTE = 60_000;
const DEADLINE_MS = 300;

let bridge: UpstashBridge;
before(async () => {
  const redis = await startRedis();
  bridge = await startUpstashBridge(redis.port);
});

/** A store with a prefix of its own, on the suite's clock; failure tests set a short deadline. */
function freshUpstashStore(c: ManualClock, options: { timeoutMs?: number; url?: string } = {}): UpstashStore {
  const prefix = `t${Math.random().toString(36).slice(2, 8)}`;
  return new UpstashStore({
    url: bridge.url,
    token: bridge.token,
    prefix,
    now: c.now,
    timeoutMs: PATIENT_MS,
    ...options,
  });
}

storeContract('Upstash store on a real redis-server', freshUpstashStore);
scanContract('Upstash store on a real redis-server', freshUpstashStore);

/** How many REST requests `run` sends. */
async function roundTrips(run: () => Promise<unknown>): Promise<number> {
  const before = bridge.requests.length;
  await run();
  return bridge.requests.length - before;
}

/** Rejects with StoreUnavailableError; its message, which says why. */
async function unavailableBecause(run: () => Promise<unknown>): Promise<string> {
  const error: unknown = await run().then(
    () => assert.fail('the store answered'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof StoreUnavailableError, String(error));
  return error.message;
}

/** A hang guard, not a speed test: the deadlines here are hundreds of times shorter. */
const GIVES_UP = { timeout: 60_000 };

describe('Upstash store: per-minute counters and readiness', () => {
  test('a request counts in asc:rl:<bucket>:<minute index>, kept two windows and a second', async () => {
    const clock = new ManualClock(Date.now());
    const store = new UpstashStore({ url: bridge.url, token: bridge.token, prefix: 'layout', now: clock.now });
    const key = `layout:rl:ip:203.0.113.7:${Math.floor(clock.time / MINUTE)}`;
    await store.hitRateLimit('ip:203.0.113.7', 10, MINUTE, true);
    assert.equal(await bridge.redis.get(key), '1');
    const ttl = await bridge.redis.pttl(key);
    assert.ok(ttl > 2 * MINUTE && ttl <= 2 * MINUTE + 1_000, `PTTL ${ttl}`);
    await store.hitRateLimit('ip:203.0.113.8', 10, MINUTE, false);
    assert.equal(await bridge.redis.exists(`layout:rl:ip:203.0.113.8:${Math.floor(clock.time / MINUTE)}`), 0);
  });

  test('a rate-limit hit, a look and a ping cost one round trip each', async () => {
    const store = freshUpstashStore(new ManualClock(Date.now()));
    await store.hitRateLimit('ip:warm', 10, MINUTE, true); // the script reaches Redis's cache
    assert.equal(await roundTrips(() => store.hitRateLimit('ip:a', 10, MINUTE, true)), 1);
    assert.equal(await roundTrips(() => store.hitRateLimit('ip:a', 10, MINUTE, false)), 1);
    assert.equal(await roundTrips(() => store.ping()), 1);
  });

  test('a ping to a hung store rejects with StoreUnavailableError at its deadline', GIVES_UP, async () => {
    const store = freshUpstashStore(new ManualClock(Date.now()), { timeoutMs: DEADLINE_MS });
    bridge.setHanging(true);
    try {
      assert.match(await unavailableBecause(() => store.ping()), /did not answer: .*tim/i);
    } finally {
      bridge.setHanging(false);
    }
    await store.ping();
  });

  test(
    'a ping to a stopped store rejects with StoreUnavailableError, saying the connection was refused',
    GIVES_UP,
    async () => {
      const stopped = await startUpstashBridge(bridge.redis.options.port!);
      await stopped.close();
      const store = freshUpstashStore(new ManualClock(Date.now()), { timeoutMs: DEADLINE_MS, url: stopped.url });
      assert.match(await unavailableBecause(() => store.ping()), /did not answer: .*refused/i);
    },
  );

  test('a hung store never answers a rate limit as allowed', GIVES_UP, async () => {
    const store = freshUpstashStore(new ManualClock(Date.now()), { timeoutMs: DEADLINE_MS });
    bridge.setHanging(true);
    try {
      await unavailableBecause(() => store.hitRateLimit('ip:hung', 10, MINUTE, true));
    } finally {
      bridge.setHanging(false);
    }
  });
});
