/**
 * Kept scans through the real API, on both stores: every scan answer carries a scanId that reads
 * back, a tool and target's history, and maxAgeSec answers from a stored result without spending
 * the scan quota.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { COMMON_SELECTORS } from '../../src/tools/email-security/dkim/selectors.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { PATIENT_MS } from '../support/deadlines.ts';
import { CHALLENGED, GRADED_EMAIL } from '../support/scanners.ts';
import { EXECUTE_ES, EXECUTE_SH, freshIp, postJson, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startRedis } from '../support/redis-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';

let bridge: UpstashBridge;
before(async () => {
  bridge = await startUpstashBridge((await startRedis()).port);
});

type Body = Record<string, unknown> & { scanId: string; scannedAt: string };
const HISTORY_SH = '/api/v1/agent/tools/security-headers/scans';
const HISTORY_ES = '/api/v1/agent/tools/email-security/scans';

const STORES = {
  'embedded store': () => ({}),
  'Upstash store': () => ({
    store: (clock: { now: () => number }) =>
      new UpstashStore({
        url: bridge.url,
        token: bridge.token,
        prefix: `s${freshIp()}`,
        now: clock.now,
        timeoutMs: PATIENT_MS,
      }),
  }),
};

for (const [storeName, storeOptions] of Object.entries(STORES)) {
  const harness = (options: Parameters<typeof startHarness>[0] = {}) => startHarness({ ...storeOptions(), ...options });

  async function scan(h: Harness, path: string, body: object, ip = freshIp()): Promise<{ res: Response; body: Body }> {
    const res = await postJson(h, path, body, { ip });
    const json = (await res.json()) as Body;
    await h.settled();
    return { res, body: json };
  }

  describe(`kept scans (${storeName})`, () => {
    test('a scan reads back by its scanId, with the same envelope', async () => {
      const h = await harness();
      const { body } = await scan(h, EXECUTE_SH, { target: 'Example.com' });
      const res = await h.request(`/api/v1/scans/${body.scanId}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/json');
      const stored = (await res.json()) as Body;
      assert.deepEqual(stored, { ...body, cached: true });
      assert.equal(stored.scannedAt, new Date(h.clock.time).toISOString());
    });

    test('a scan that could not assess its target (422) reads back as 200 with a null grade', async () => {
      const h = await harness();
      h.scanners['security-headers'].outcome = CHALLENGED;
      const { res, body } = await scan(h, EXECUTE_SH, { target: 'example.com' });
      assert.equal(res.status, 422);
      assert.match(body.scanId, /^[A-Za-z0-9_-]{22}$/);
      const read = await h.request(`/api/v1/scans/${body.scanId}`);
      assert.equal(read.status, 200);
      const stored = (await read.json()) as Body;
      assert.equal(stored.success, true);
      assert.equal(stored.grade, null);
      assert.equal(stored.gradeScore, null);
      assert.equal(stored.assessed, false);
      assert.deepEqual(stored.result, body.result);
    });

    test('an unknown, malformed or expired scanId is 404 not_found', async () => {
      const h = await harness();
      await expectProblem(await h.request('/api/v1/scans/AAAAAAAAAAAAAAAAAAAAAA'), 'not_found');
      await expectProblem(await h.request('/api/v1/scans/not-an-id'), 'not_found');
      const { body } = await scan(h, EXECUTE_ES, { target: 'example.org' });
      h.clock.advance(31 * 86_400_000);
      await expectProblem(await h.request(`/api/v1/scans/${body.scanId}`), 'not_found');
    });

    test('history lists a target newest first, normalised as execute normalises it', async () => {
      const h = await harness();
      const first = await scan(h, EXECUTE_SH, { target: 'Example.com' });
      h.clock.advance(60_000);
      h.scanners['security-headers'].outcome = CHALLENGED;
      const second = await scan(h, EXECUTE_SH, { target: 'https://example.com/' });
      await scan(h, EXECUTE_SH, { target: 'example.net' });
      const res = await h.request(`${HISTORY_SH}?target=${encodeURIComponent('HTTPS://EXAMPLE.COM')}`);
      assert.equal(res.status, 200);
      const history = (await res.json()) as { target: string; scans: Record<string, unknown>[] };
      assert.equal(history.target, 'https://example.com/');
      assert.deepEqual(
        history.scans.map((s) => [s['scanId'], s['grade'], s['status']]),
        [
          [second.body.scanId, null, 'error'],
          [first.body.scanId, 'B', 'warnings'],
        ],
      );
      assert.equal(history.scans[0]!['scanUrl'], `https://scan.test/api/v1/scans/${second.body.scanId}`);
    });

    test('history refuses a missing or invalid target with 400, and an unknown tool with 404', async () => {
      const h = await harness();
      await expectProblem(await h.request(HISTORY_ES), 'bad_request');
      await expectProblem(await h.request(`${HISTORY_ES}?target=www.example.com`), 'bad_request');
      await expectProblem(await h.request(`${HISTORY_ES}?target=a.com&target=b.com`), 'bad_request');
      await expectProblem(await h.request('/api/v1/agent/tools/port-scan/scans?target=a.com'), 'not_found');
      const empty = await h.request(`${HISTORY_ES}?target=never-scanned.example`);
      assert.deepEqual(((await empty.json()) as { scans: unknown[] }).scans, []);
    });

    test('maxAgeSec reuses a young result: same scanId, cached, Age, no scanner call, no quota', async () => {
      const h = await harness({ limits: { ...SPEC_LIMITS, scansPerHourPerClient: 1 } });
      const ip = freshIp();
      const fresh = await scan(h, EXECUTE_ES, { target: 'example.org' }, ip);
      h.clock.advance(42_000);
      for (let i = 0; i < 3; i++) {
        const reused = await scan(h, EXECUTE_ES, { target: 'EXAMPLE.org', maxAgeSec: 60 }, ip);
        assert.equal(reused.res.status, 200);
        assert.equal(reused.res.headers.get('age'), '42');
        assert.equal(reused.body.cached, true);
        assert.equal(reused.body.scanId, fresh.body.scanId);
        assert.equal(reused.body.scannedAt, fresh.body.scannedAt);
        assert.equal(reused.res.headers.get('ratelimit-policy'), '"per-minute";q=10;w=60');
      }
      assert.equal(h.scanners['email-security'].calls.length, 1, 'one scan ran');
      // The client's one scan of the hour was spent by the first scan only: a new scan is refused.
      const refused = await postJson(h, EXECUTE_ES, { target: 'example.org' }, { ip });
      const problem = await expectProblem(refused, 'rate_limit_exceeded');
      assert.deepEqual(problem.violatedPolicies, ['scans-per-hour-per-client']);
    });

    test('maxAgeSec misses a result as old as it or older, and scans', async () => {
      const h = await harness();
      const fresh = await scan(h, EXECUTE_ES, { target: 'example.org' });
      h.clock.advance(60_000);
      const again = await scan(h, EXECUTE_ES, { target: 'example.org', maxAgeSec: 60 });
      assert.equal(again.body.cached, false);
      assert.notEqual(again.body.scanId, fresh.body.scanId);
      assert.equal(again.res.headers.get('age'), null);
      assert.equal(h.scanners['email-security'].calls.length, 2);
    });

    test('maxAgeSec does not reuse a scan that did not check the DKIM selectors asked for', async () => {
      const h = await harness();
      await scan(h, EXECUTE_ES, { target: 'example.org', selectors: ['mine1'] });
      const covered = await scan(h, EXECUTE_ES, { target: 'example.org', selectors: ['MINE1'], maxAgeSec: 600 });
      assert.equal(covered.body.cached, true);
      const other = await scan(h, EXECUTE_ES, { target: 'example.org', selectors: ['mine2'], maxAgeSec: 600 });
      assert.equal(other.body.cached, false);
    });

    test('maxAgeSec reuses a scan whose common selectors included the ones asked for', async () => {
      const h = await harness();
      h.scanners['email-security'].outcome = {
        ...GRADED_EMAIL,
        result: {
          ...GRADED_EMAIL.result,
          details: { ...GRADED_EMAIL.result.details, selectors: { requested: [], tried: [...COMMON_SELECTORS] } },
        },
      };
      await scan(h, EXECUTE_ES, { target: 'example.org' });
      const reused = await scan(h, EXECUTE_ES, { target: 'example.org', selectors: ['google'], maxAgeSec: 600 });
      assert.equal(reused.body.cached, true);
    });

    test('maxAgeSec does not reuse a scan that left out a common selector, even asked without any', async () => {
      // A scan kept before a caller's selectors could no longer push the common ones out.
      const h = await harness();
      const tried = [...Array.from({ length: 10 }, (_, i) => `custom${i}`), ...COMMON_SELECTORS.slice(0, 30)];
      h.scanners['email-security'].outcome = {
        ...GRADED_EMAIL,
        result: {
          ...GRADED_EMAIL.result,
          details: { ...GRADED_EMAIL.result.details, selectors: { requested: tried.slice(0, 10), tried } },
        },
      };
      await scan(h, EXECUTE_ES, { target: 'example.org', selectors: tried.slice(0, 10) });
      const again = await scan(h, EXECUTE_ES, { target: 'example.org', maxAgeSec: 600 });
      assert.equal(again.body.cached, false);
      assert.equal(h.scanners['email-security'].calls.length, 2);
    });

    test('security-headers ignores "selectors": not validated, not kept, no effect on reuse', async () => {
      const h = await harness();
      const first = await scan(h, EXECUTE_SH, { target: 'example.com', selectors: ['not a selector!'] });
      assert.equal(first.res.status, 200);
      const reused = await scan(h, EXECUTE_SH, { target: 'example.com', selectors: ['google'], maxAgeSec: 600 });
      assert.equal(reused.body.scanId, first.body.scanId);
      assert.deepEqual((await h.store.findScan(first.body.scanId))?.selectors, []);
    });

    test('maxAgeSec is validated like target', async () => {
      const h = await harness();
      for (const maxAgeSec of [-1, 1.5, '60', 86_401, null, true]) {
        const problem = await expectProblem(
          await postJson(h, EXECUTE_ES, { target: 'example.org', maxAgeSec }),
          'bad_request',
        );
        assert.match(problem.detail, /"maxAgeSec" must be a whole number of seconds from 0 to 86400/);
      }
      assert.equal(h.scanners['email-security'].calls.length, 0);
    });

    test('reading scans counts against the per-minute limit, never the scan quota, and needs tools:read', async () => {
      const h = await harness();
      const ip = freshIp();
      const { body } = await scan(h, EXECUTE_ES, { target: 'example.org' }, ip);
      for (let i = 2; i <= 10; i++) assert.equal((await h.request(`/api/v1/scans/${body.scanId}`, { ip })).status, 200);
      await expectProblem(await h.request(`/api/v1/scans/${body.scanId}`, { ip }), 'rate_limit_exceeded');
      const { key } = await h.createKey(['tools:execute']);
      const headers = { authorization: `Bearer ${key}` };
      await expectProblem(await h.request(`/api/v1/scans/${body.scanId}`, { headers }), 'forbidden');
      await expectProblem(await h.request(`${HISTORY_ES}?target=example.org`, { headers }), 'forbidden');
    });
  });
}
