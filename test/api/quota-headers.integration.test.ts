/**
 * The scan quota in the rate-limit headers: an execute answer lists the per-minute policy and the
 * quota window closest to running out; each kind of 429 describes the policy it violated, so that
 * its reset is its Retry-After.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SPEC_LIMITS, type Limits } from '../../src/limits.ts';
import { EXECUTE_ES, freshIp, postJson, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

const RATE_LIMIT_FAMILIES = [
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
];

function headersOf(res: Response): Record<string, string | null> {
  return Object.fromEntries(
    ['ratelimit-policy', 'ratelimit', 'retry-after', ...RATE_LIMIT_FAMILIES].map((n) => [n, res.headers.get(n)]),
  );
}

describe('scan quota in the rate-limit headers', () => {
  test('a scan answer lists the per-minute policy and the quota window with the fewest scans left', async () => {
    const h = await startHarness({ limits: { ...SPEC_LIMITS, scansPerHourPerTarget: 3 } });
    const res = await postJson(h, EXECUTE_ES, { target: 'example.org' });
    const headers = headersOf(res);
    assert.equal(headers['ratelimit-policy'], '"per-minute";q=10;w=60, "scans-per-hour-per-target";q=3;w=3600');
    assert.match(headers['ratelimit']!, /^"per-minute";r=9;t=\d+, "scans-per-hour-per-target";r=2;t=\d+$/);
    assert.equal(headers['ratelimit-limit'], '10', 'the single-value fields keep the per-minute limit');
    assert.equal(headers['ratelimit-remaining'], '9');
  });

  const QUOTAS: [string, Partial<Limits>, string][] = [
    ['per client', { scansPerHourPerClient: 2 }, 'scans-per-hour-per-client'],
    ['per network', { scansPerHourPerNetwork: 2 }, 'scans-per-hour-per-network'],
    ['per client and target', { scansPerHourPerClientPerTarget: 2 }, 'scans-per-hour-per-client-per-target'],
    ['per target', { scansPerHourPerTarget: 2 }, 'scans-per-hour-per-target'],
    ['overall', { scansPerHourOverall: 2 }, 'scans-per-hour-overall'],
  ];
  for (const [name, limits, policy] of QUOTAS) {
    test(`a 429 of the ${name} quota describes that quota, with RateLimit-Reset equal to Retry-After`, async () => {
      const h = await startHarness({ limits: { ...SPEC_LIMITS, ...limits } });
      const ip = freshIp();
      for (let i = 0; i < 2; i++)
        assert.equal((await postJson(h, EXECUTE_ES, { target: 'example.org' }, { ip })).status, 200);
      h.clock.advance(600_000);
      const res = await postJson(h, EXECUTE_ES, { target: 'example.org' }, { ip });
      const problem = await expectProblem(res, 'rate_limit_exceeded');
      assert.deepEqual(problem.violatedPolicies, [policy]);
      const headers = headersOf(res);
      assert.equal(headers['ratelimit-policy'], `"${policy}";q=2;w=3600`);
      assert.equal(headers['ratelimit-limit'], '2');
      assert.equal(headers['ratelimit-remaining'], '0');
      assert.equal(headers['x-ratelimit-remaining'], '0');
      assert.equal(headers['ratelimit-reset'], headers['retry-after']);
      assert.equal(headers['ratelimit'], `"${policy}";r=0;t=${headers['retry-after']}`);
      assert.equal(String(problem.retryAfterSec), headers['retry-after']);
      assert.ok(Number(headers['retry-after']) > 60, 'an hourly quota, not the minute');
    });
  }

  test('a per-minute 429 on execute describes the per-minute policy', async () => {
    const h = await startHarness();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await postJson(h, EXECUTE_ES, { target: 'example.org', maxAgeSec: 3600 }, { ip });
    const res = await postJson(h, EXECUTE_ES, { target: 'example.org' }, { ip });
    await expectProblem(res, 'rate_limit_exceeded');
    const headers = headersOf(res);
    assert.equal(headers['ratelimit-policy'], '"per-minute";q=10;w=60');
    assert.equal(headers['ratelimit-reset'], headers['retry-after']);
  });
});
