/**
 * Limits come before lookups: a client already over its per-minute limit is refused with no store
 * work at all (no limiter round trip, no key lookup), and guessing keys counts on every path.
 * (That forged keys never push a verified key out of its cache is shown on the key service
 * itself, test/keys/key-service.test.ts: it takes 10,050 of them.) A real server on a real
 * redis-server behind the Upstash bridge, whose requests are the store work counted here.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { generateKey } from '../../src/keys/key-format.ts';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { PATIENT_MS } from '../support/deadlines.ts';
import { CATALOG, freshIp, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

const PREFIX = 'asc_live_';
let bridge: UpstashBridge;
let h: Harness;
before(async () => {
  bridge = await startUpstashBridge((await startRedis()).port);
  h = await startHarness({
    env: { API_KEY_PREFIX: PREFIX },
    store: (clock) =>
      new UpstashStore({
        url: bridge.url,
        token: bridge.token,
        prefix: 'lookups',
        now: clock.now,
        timeoutMs: PATIENT_MS,
      }),
  });
});

/** How many store round trips `send` caused. */
async function storeTripsOf(send: () => Promise<unknown>): Promise<number> {
  await h.settled(); // earlier requests' background writes are not this one's
  const before = bridge.requests.length;
  await send();
  return bridge.requests.length - before;
}

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

describe('limits before lookups', () => {
  test('a client over its limit is refused again without store work, whatever key it sends', async () => {
    const ip = freshIp();
    for (let i = 0; i < SPEC_LIMITS.anonymousPerMinute; i++)
      assert.equal((await h.request(CATALOG, { ip })).status, 200);
    await expectProblem(await h.request(CATALOG, { ip }), 'rate_limit_exceeded');

    const trips = await storeTripsOf(async () => {
      for (let i = 0; i < 20; i++) {
        const res = await h.request(CATALOG, { ip, headers: withKey(generateKey(PREFIX)) });
        const body = await expectProblem(res, 'rate_limit_exceeded');
        assert.equal(res.headers.get('retry-after'), String(body.retryAfterSec));
        assert.equal(res.headers.get('ratelimit-remaining'), '0');
      }
    });
    assert.equal(trips, 0, 'no limiter round trip and no key lookup for a client already refused');
  });

  test('forged keys count against the client address on pages too, then cost nothing', async () => {
    const ip = freshIp();
    for (let i = 0; i < SPEC_LIMITS.anonymousPerMinute; i++)
      await expectProblem(await h.request('/', { ip, headers: withKey(generateKey(PREFIX)) }), 'unauthorized');
    await expectProblem(await h.request('/', { ip, headers: withKey(generateKey(PREFIX)) }), 'rate_limit_exceeded');
    const trips = await storeTripsOf(async () => {
      const res = await h.request('/', { ip, headers: withKey(generateKey(PREFIX)) });
      await expectProblem(res, 'rate_limit_exceeded');
    });
    assert.equal(trips, 0);
    assert.equal((await h.request('/', { ip })).status, 200, 'pages are still served without a key');
  });

  test('a preflight is anonymous whatever key it carries: no lookup, no key checker', async () => {
    const ip = freshIp();
    const { key } = await h.createKey();
    const preflight = (headers: Record<string, string>) => h.request(CATALOG, { ip, method: 'OPTIONS', headers });
    const trips = await storeTripsOf(async () => {
      for (let i = 0; i < 20; i++) {
        const res = await preflight(withKey(generateKey(PREFIX)));
        assert.equal(res.status, 204);
        assert.equal(res.headers.get('ratelimit-limit'), String(SPEC_LIMITS.pagesPerMinute), 'the page budget');
      }
    });
    assert.ok(trips <= 20, `at most the limiter's look per preflight (${trips}), never a key lookup`);
    assert.equal((await preflight(withKey(key))).status, 204, 'a real key is answered the same');
  });

  test('forged keys on badges count against the address, which is then refused there without lookups', async () => {
    const ip = freshIp();
    const badge = (key: string) =>
      h.request('/api/badge/example.com', { ip, headers: { ...withKey(key), accept: 'application/problem+json' } });
    for (let i = 0; i < SPEC_LIMITS.anonymousPerMinute; i++)
      await expectProblem(await badge(generateKey(PREFIX)), 'unauthorized');
    await expectProblem(await badge(generateKey(PREFIX)), 'rate_limit_exceeded');
    const trips = await storeTripsOf(async () => {
      for (let i = 0; i < 10; i++) await expectProblem(await badge(generateKey(PREFIX)), 'rate_limit_exceeded');
    });
    assert.equal(trips, 0);
    assert.equal((await h.request('/api/badge/example.com', { ip })).status, 200, 'the badge budget is untouched');
  });
});
