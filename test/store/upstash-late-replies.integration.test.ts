/**
 * A store that answers after the deadline: the scan quota stays exact. A reservation whose reply
 * came too late is cancelled, so a late count is undone (or never applied), and the 503 says
 * "nothing was counted" only when the store has confirmed it. Real Redis behind the REST bridge,
 * a real server in front.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { QUOTA_SCRIPT } from '../../src/store/lua-scripts.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { EXECUTE_SH, freshIp, postJson, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { runsScript, startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

/**
 * Held requests miss it whatever its length (the bridge holds them until the test lets them go);
 * the others must make it, so it is long enough for a busy machine, and short enough that the
 * suite does not wait long for each held request.
 */
const DEADLINE_MS = 2_000;

let redis: RedisServer;
let bridge: UpstashBridge;
before(async () => {
  redis = await startRedis();
  bridge = await startUpstashBridge(redis.port);
});

async function harness(prefix: string): Promise<Harness> {
  return startHarness({
    store: (clock) =>
      new UpstashStore({ url: bridge.url, token: bridge.token, prefix, now: clock.now, timeoutMs: DEADLINE_MS }),
  });
}

/** Every quota counter of one scan, and the reservation markers left behind. */
async function quotaState(h: Harness, prefix: string, ip: string, target: string) {
  const hour = Math.floor(h.clock.time / 3_600_000);
  const counter = async (key: string) =>
    Number((await bridge.redis.get(`${prefix}:quota:${key}:3600000:${hour}`)) ?? 0);
  return {
    client: await counter(`client:${ip}`),
    target: await counter(`target:${target}`),
    overall: await counter('overall'),
  };
}

const NOTHING = { client: 0, target: 0, overall: 0 };

describe('scan quota when the store answers after the deadline', () => {
  test('a count applied at once but confirmed too late is undone, and the 503 says nothing was counted', async () => {
    const h = await harness('late-reply');
    const ip = freshIp();
    const held = bridge.hold(runsScript(QUOTA_SCRIPT), 'reply');
    try {
      const res = await postJson(h, EXECUTE_SH, { target: 'late-reply.example' }, { ip });
      const body = await expectProblem(res, 'service_unavailable');
      assert.match(body.detail, /No scan ran and nothing was counted/);
      assert.equal(res.headers.get('retry-after'), '30');
    } finally {
      await held.release(); // the held replies land
    }
    assert.deepEqual(await quotaState(h, 'late-reply', ip, 'late-reply.example'), NOTHING);
    assert.deepEqual(h.scanners['security-headers'].calls, []);

    assert.equal((await postJson(h, EXECUTE_SH, { target: 'late-reply.example' }, { ip })).status, 200);
    assert.deepEqual(await quotaState(h, 'late-reply', ip, 'late-reply.example'), { client: 1, target: 1, overall: 1 });
  });

  test('a reservation that reaches the store after its cancellation counts nothing', async () => {
    const h = await harness('late-arrival');
    const ip = freshIp();
    const held = bridge.hold(runsScript(QUOTA_SCRIPT), 'arrival');
    try {
      const body = await expectProblem(
        await postJson(h, EXECUTE_SH, { target: 'late-arrival.example' }, { ip }),
        'service_unavailable',
      );
      assert.match(body.detail, /nothing was counted/);
    } finally {
      await held.release(); // the held reservation runs against Redis now
    }
    assert.deepEqual(await quotaState(h, 'late-arrival', ip, 'late-arrival.example'), NOTHING);
  });

  test('when even the cancellation is late, the 503 says the attempt may have counted, and it is undone', async () => {
    const h = await harness('all-late');
    const ip = freshIp();
    const held = bridge.hold(() => true, 'arrival');
    let body;
    try {
      body = await expectProblem(
        await postJson(h, EXECUTE_SH, { target: 'all-late.example' }, { ip }),
        'service_unavailable',
      );
    } finally {
      await held.release(); // every held command runs now
    }
    assert.doesNotMatch(body.detail, /nothing was counted/);
    assert.match(body.detail, /may have counted this attempt/);
    assert.doesNotMatch(body.error.hint, /nothing was counted/, 'the hint does not contradict the detail');
    await h.settled(); // the background cancellation has been confirmed
    assert.deepEqual(await quotaState(h, 'all-late', ip, 'all-late.example'), NOTHING);
    assert.deepEqual(h.scanners['security-headers'].calls, []);
  });

  test('a reservation that reaches the store twice (a retried request) counts once', async () => {
    const hour = Math.floor(Date.now() / 3_600_000);
    const keys = ['twice:reservation:r1', `twice:quota:k:3600000:${hour}`, `twice:quota:k:3600000:${hour - 1}`];
    const args = [Date.now(), 3_600_000, 5, 3_600_000];
    const first = (await bridge.redis.eval(QUOTA_SCRIPT, keys.length, ...keys, ...args)) as number[];
    const second = (await bridge.redis.eval(QUOTA_SCRIPT, keys.length, ...keys, ...args)) as number[];
    assert.deepEqual(first, [1, 0, 0], 'counted, with the counts before it');
    assert.deepEqual(second, [2, 0, 0], 'already counted, with the same counts');
    assert.equal(await bridge.redis.get(keys[1]!), '1');
  });
});
