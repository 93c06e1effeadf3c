/**
 * Several instances sharing one Upstash store (a real redis-server behind the REST bridge): they
 * agree on limits and quotas, fail closed when the store is gone, and recover by themselves.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { before, describe, test } from 'node:test';
import { UpstashStore } from '../../src/store/upstash.ts';
import { atEnd } from '../support/cleanup.ts';
import { PATIENT_MS } from '../support/deadlines.ts';
import { CATALOG, EXECUTE_SH, freshIp, postJson, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

let redis: RedisServer;
let bridge: UpstashBridge;
before(async () => {
  redis = await startRedis();
  bridge = await startUpstashBridge(redis.port);
});

// Exact counting across instances holds for the requests the store answers; one that misses its
// deadline is decided by the instance alone (test/store/store-deadline.integration.test.ts).
const sharedStore = (prefix: string) => (clock: { now: () => number }) =>
  new UpstashStore({ url: bridge.url, token: bridge.token, prefix, now: clock.now, timeoutMs: PATIENT_MS });

/** `npm start` as its own process, on the shared store (default key prefix). */
async function startServerProcess(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/node/server.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      UPSTASH_REDIS_REST_URL: bridge.url,
      UPSTASH_REDIS_REST_TOKEN: bridge.token,
      UPSTASH_TIMEOUT_MS: String(PATIENT_MS),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  atEnd(() => child.kill('SIGKILL'));
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => {
      err += d;
      const match = /listening on (http:\/\/\S+)/.exec(err);
      if (match) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`server exited:\n${err}`)));
  });
}

/** Waits until the current minute has at least `ms` left, so a burst stays inside one window. */
async function awayFromMinuteBoundary(ms = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 50));
}

describe('instances sharing one Upstash store', () => {
  test('two server processes let exactly 10 of 100 concurrent anonymous requests through', async () => {
    const [a, b] = await Promise.all([startServerProcess(), startServerProcess()]);
    await awayFromMinuteBoundary();
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => fetch(`${i % 2 ? a : b}${CATALOG}`)));
    const statuses = responses.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 10);
    assert.equal(statuses.filter((s) => s === 429).length, 90);
    for (const res of responses) {
      assert.equal(res.headers.get('ratelimit-limit'), '10');
      assert.match(res.headers.get('ratelimit-policy') ?? '', /^"per-minute";q=10;w=60$/);
      if (res.status === 429) {
        const body = await expectProblem(res, 'rate_limit_exceeded', new URL(res.url).origin);
        assert.equal(res.headers.get('ratelimit-remaining'), '0');
        assert.equal(res.headers.get('retry-after'), String(body.retryAfterSec));
      } else await res.arrayBuffer();
    }
  });

  test('60 concurrent scans of one target from 6 IPs run exactly 20 times; refused ones count nowhere', async () => {
    const prefix = 'scans';
    const [h1, h2] = [
      await startHarness({ store: sharedStore(prefix) }),
      await startHarness({ store: sharedStore(prefix) }),
    ];
    // Six addresses, so that the target's 20 binds before each address's share (5) does.
    const ips = Array.from({ length: 6 }, () => freshIp());
    const keys = await Promise.all(ips.map(() => h1.createKey()));
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postJson(
          i % 2 ? h1 : h2,
          EXECUTE_SH,
          { target: 'contested.example' },
          { ip: ips[i % 6], headers: { 'x-api-key': keys[i % 6]!.key } },
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 20, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 429).length, 40, JSON.stringify(statuses));
    const scans = h1.scanners['security-headers'].calls.length + h2.scanners['security-headers'].calls.length;
    assert.equal(scans, 20);

    const hour = Math.floor(h1.clock.time / 3_600_000);
    const counter = async (key: string) =>
      Number((await bridge.redis.get(`${prefix}:quota:${key}:3600000:${hour}`)) ?? 0);
    assert.equal(await counter('target:contested.example'), 20);
    assert.equal(await counter('overall'), 20);
    const perClient = await Promise.all(ips.map((ip) => counter(`client:${ip}`)));
    assert.equal(
      perClient.reduce((a, b) => a + b, 0),
      20,
      `per-client counters ${perClient.join(',')}`,
    );
    // The scans are kept after the answers: done before the round trips below are counted.
    await Promise.all([h1.settled(), h2.settled()]);
  });

  test('with Redis down, execute answers 503 with Retry-After 30 and runs nothing; it recovers by itself', async () => {
    const h = await startHarness({ store: sharedStore('outage') });
    assert.equal((await postJson(h, EXECUTE_SH, { target: 'before.example' })).status, 200);
    await h.settled(); // the scan record has landed
    await redis.stop();
    try {
      for (let i = 0; i < 3; i++) {
        const res = await postJson(h, EXECUTE_SH, { target: `during${i}.example` });
        const body = await expectProblem(res, 'service_unavailable');
        assert.equal(res.headers.get('retry-after'), '30');
        assert.equal(body.retryAfterSec, 30);
      }
      assert.equal((await h.request(CATALOG)).status, 200, 'the catalog keeps serving');
      assert.equal(h.scanners['security-headers'].calls.length, 1);
    } finally {
      await redis.start();
    }
    await bridge.redisReady();
    assert.equal(
      (await postJson(h, EXECUTE_SH, { target: 'after.example' })).status,
      200,
      'recovered without a restart',
    );
    assert.deepEqual(h.errors, [], 'no 500 anywhere');
    // The releases of the refused reservations are retried in the background: let them land, so
    // they are not counted as another request's round trips below.
    await h.settled();
  });
});

describe('round trips to the store per API request', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness({ store: sharedStore('trips') });
    key = (await h.createKey()).key;
    // Warm up: scripts loaded, the key verified and cached, its last use written.
    await h.request(CATALOG);
    await postJson(h, EXECUTE_SH, { target: 'warm.example' }, { headers: { 'x-api-key': key } });
    await h.settled();
  });

  async function tripsFor(send: () => Promise<Response>): Promise<number> {
    const before = bridge.requests.length;
    await (await send()).arrayBuffer();
    await h.settled(); // background writes (scan record, last use) count too
    return bridge.requests.length - before;
  }

  test('an anonymous catalog request costs at most 1', async () => {
    assert.ok((await tripsFor(() => h.request(CATALOG))) <= 1);
  });

  test('an execute with a cached key costs at most 3 (limit, quota, record)', async () => {
    assert.ok(
      (await tripsFor(() => postJson(h, EXECUTE_SH, { target: 'trips.example' }, { headers: { 'x-api-key': key } }))) <=
        3,
    );
  });
});
