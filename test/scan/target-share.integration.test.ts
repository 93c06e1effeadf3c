/**
 * One client address may run only a share of a target's hourly scans (5 of its 20), so no one
 * client can spend a target's hour and lock its owner out; and a target whose hour is spent can
 * still be read and its kept result reused.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { EXECUTE_SH, postJson, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

const { scansPerHourPerClientPerTarget: share, scansPerHourPerTarget: perTarget } = SPEC_LIMITS;
const TARGET = 'https://site.example/';

test(`one client address runs at most ${share} of a target's ${perTarget} scans an hour`, async () => {
  const h = await startHarness({ limits: { ...SPEC_LIMITS, anonymousPerMinute: 1e6 } });
  const attacker = '198.51.100.10';
  for (let i = 0; i < share; i++)
    assert.equal((await postJson(h, EXECUTE_SH, { target: TARGET }, { ip: attacker })).status, 200, `scan ${i}`);
  const refused = await postJson(h, EXECUTE_SH, { target: `${TARGET}weak-path` }, { ip: attacker });
  const problem = await expectProblem(refused, 'rate_limit_exceeded');
  assert.deepEqual(problem.violatedPolicies, ['scans-per-hour-per-client-per-target']);
  assert.match(problem.detail, /its share of the target's scans/);
  // The same client may still scan other targets, and anyone else this one.
  assert.equal((await postJson(h, EXECUTE_SH, { target: 'https://other.example/' }, { ip: attacker })).status, 200);
  assert.equal((await postJson(h, EXECUTE_SH, { target: TARGET }, { ip: '192.0.2.44' })).status, 200);
  assert.deepEqual(h.errors, []);
});

test('a target whose hour is spent can still be read, and its kept result reused', async () => {
  const h = await startHarness({ limits: { ...SPEC_LIMITS, anonymousPerMinute: 1e6 } });
  const clients = perTarget / share;
  let lastScanId = '';
  for (let c = 0; c < clients; c++)
    for (let i = 0; i < share; i++) {
      const res = await postJson(h, EXECUTE_SH, { target: TARGET }, { ip: `198.51.100.${c + 1}` });
      assert.equal(res.status, 200);
      lastScanId = ((await res.json()) as { scanId: string }).scanId;
    }
  const owner = '203.0.113.9';
  const rescan = await postJson(h, EXECUTE_SH, { target: TARGET }, { ip: owner });
  assert.deepEqual((await expectProblem(rescan, 'rate_limit_exceeded')).violatedPolicies, [
    'scans-per-hour-per-target',
  ]);
  const reused = await postJson(h, EXECUTE_SH, { target: TARGET, maxAgeSec: 3600 }, { ip: owner });
  assert.equal(reused.status, 200);
  assert.equal(((await reused.json()) as { scanId: string }).scanId, lastScanId);
  assert.equal((await h.request(`/api/v1/scans/${lastScanId}`, { ip: owner })).status, 200);
  const history = await h.request(`/api/v1/agent/tools/security-headers/scans?target=${encodeURIComponent(TARGET)}`, {
    ip: owner,
  });
  assert.equal(history.status, 200);
});
