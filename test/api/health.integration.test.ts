/**
 * `GET /healthz` and `GET /readyz` against a real redis-server behind the Upstash REST bridge and
 * a real local DNS-over-HTTPS server: up, Redis stopped, recovered, resolver unreachable; probes
 * never draw on a limit, and a readiness check reaches each dependency at most once per interval.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { UpstashStore } from '../../src/store/upstash.ts';
import { READINESS_CHECK_TTL_MS } from '../../src/ops/readiness.ts';
import { startDohServer, type DohServer } from '../support/doh-server.ts';
import { freePort } from '../support/free-port.ts';
import { PATIENT_MS } from '../support/deadlines.ts';
import { CATALOG, startHarness, type Harness } from '../support/harness.ts';
import { createDohResolver } from '../../src/net/resolver.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

let redis: RedisServer;
let bridge: UpstashBridge;
let doh: DohServer;

before(async () => {
  redis = await startRedis();
  bridge = await startUpstashBridge(redis.port);
  doh = await startDohServer({});
});

async function harness(dohUrl = doh.url): Promise<Harness> {
  return startHarness({
    env: { DOH_URL: dohUrl },
    // A patient deadline for the resolver too: a busy machine must not make it look down.
    resolver: createDohResolver({
      url: dohUrl,
      fetch: (input, init) => fetch(input, init),
      timeoutMs: PATIENT_MS,
      retries: 0,
    }),
    // A patient deadline: the store here is meant to answer, however busy the machine.
    store: (clock) =>
      new UpstashStore({
        url: bridge.url,
        token: bridge.token,
        prefix: 'health',
        now: clock.now,
        timeoutMs: PATIENT_MS,
      }),
  });
}

/** Probes until ready, as a load balancer does (the bridge reconnects to a restarted Redis by itself). */
async function probeUntilReady(h: Harness): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    h.clock.advance(READINESS_CHECK_TTL_MS + 1);
    status = (await h.request('/readyz')).status;
  }
  return status;
}

/** The readiness check's store round trips: one small write each. */
const pings = () => bridge.requests.filter((r) => r.commands.some((c) => c.toUpperCase() === 'SET')).length;

describe('GET /healthz', () => {
  test('answers 200 {"status":"ok"} without asking the store, whatever the key or the load', async () => {
    const h = await harness();
    const before = bridge.requests.length;
    for (let i = 0; i < 40; i++) {
      const res = await h.request('/healthz', { ip: '203.0.113.7', headers: { authorization: 'Bearer nonsense' } });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { status: 'ok' });
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('ratelimit-limit'), null, 'no limit is shown: none applies');
    }
    assert.equal(bridge.requests.length, before, 'not one store round trip');
    assert.equal((await h.request('/healthz', { method: 'HEAD' })).status, 200);
    const wrong = await h.request('/healthz', { method: 'POST' });
    await expectProblem(wrong, 'method_not_allowed');
    assert.ok(h.log.filter((l) => l.path === '/healthz' && l.status === 200).every((l) => l.level === 'debug'));
  });
});

describe('GET /readyz', () => {
  test('is ready with the store and the resolver answering, and checks each at most once per interval', async () => {
    const h = await harness();
    const pingsBefore = pings();
    const dohBefore = doh.log.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.request('/readyz')));
    for (const res of answers) assert.equal(res.status, 200);
    const body = (await answers[0]!.json()) as { status: string; checks: Record<string, { status: string }> };
    assert.equal(body.status, 'ready');
    assert.equal(body.checks['store']?.status, 'up');
    assert.equal(body.checks['resolver']?.status, 'up');
    assert.equal(pings() - pingsBefore, 1, 'one store round trip for 20 probes');
    assert.equal(doh.log.length - dohBefore, 1, 'one DNS question for 20 probes');
    h.clock.advance(READINESS_CHECK_TTL_MS + 1);
    assert.equal((await h.request('/readyz')).status, 200);
    assert.equal(pings() - pingsBefore, 2, 'asked again once the interval passed');
    assert.equal((await h.request(CATALOG, { ip: '203.0.113.8' })).headers.get('ratelimit-remaining'), '9');
  });

  test('answers 503 naming the store while Redis is stopped, logs it once, and recovers by itself', async () => {
    const h = await harness();
    assert.equal((await h.request('/readyz')).status, 200);
    await redis.stop();
    try {
      h.clock.advance(READINESS_CHECK_TTL_MS + 1);
      const res = await h.request('/readyz');
      const body = await expectProblem(res, 'service_unavailable');
      assert.match(String(body.detail), /the store is not answering/);
      assert.doesNotMatch(String(body.detail), /resolver/);
      assert.equal(res.headers.get('retry-after'), '5');
      assert.deepEqual(
        Object.fromEntries(
          Object.entries(body.checks as Record<string, { status: string }>).map(([k, v]) => [k, v.status]),
        ),
        { store: 'down', resolver: 'up' },
      );
      assert.doesNotMatch(JSON.stringify(body), /127\.0\.0\.1|ECONNREFUSED|fetch failed/, 'causes stay in the log');
      const line = h.log.at(-1)!;
      assert.equal(line.level, 'warn');
      assert.match(String(line.cause), /store/);
      assert.deepEqual(
        h.dependencyEvents.map((e) => [e.event, e.dependency]),
        [['dependency_down', 'store']],
      );
    } finally {
      await redis.start();
    }
    assert.equal(await probeUntilReady(h), 200);
    assert.deepEqual(
      h.dependencyEvents.map((e) => [e.event, e.dependency]),
      [
        ['dependency_down', 'store'],
        ['dependency_recovered', 'store'],
      ],
    );
  });

  test('a store that answers but refuses writes (out of memory) is not ready, and the log says why', async () => {
    const h = await harness();
    await bridge.redis.config('SET', 'maxmemory', '1');
    try {
      const body = await expectProblem(await h.request('/readyz'), 'service_unavailable');
      assert.match(String(body.detail), /the store is not answering/);
      const down = h.dependencyEvents.find((e) => e.event === 'dependency_down');
      assert.ok(down?.event === 'dependency_down');
      assert.match(down.error, /^the shared store refused the command: OOM/);
      assert.doesNotMatch(down.error, /command was|health:ready/, 'never the command itself');
    } finally {
      await bridge.redis.config('SET', 'maxmemory', '0');
    }
    assert.equal(await probeUntilReady(h), 200);
  });

  test('answers 503 naming the DNS resolver when it cannot be reached', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/dns-query`;
    const h = await harness(closed);
    await h.request('/readyz'); // the store check answers; the resolver's fails
    h.clock.advance(READINESS_CHECK_TTL_MS + 1);
    const res = await h.request('/readyz');
    const body = await expectProblem(res, 'service_unavailable');
    assert.match(String(body.detail), /the DNS resolver is not answering/);
    assert.equal((body.checks as Record<string, { status: string }>)['store']?.status, 'up');
    assert.deepEqual(
      h.dependencyEvents.map((e) => [e.event, e.dependency]),
      [['dependency_down', 'resolver']],
    );
    const down = h.dependencyEvents[0];
    assert.ok(down?.event === 'dependency_down' && /no DNS response/.test(down.error));
  });
});
