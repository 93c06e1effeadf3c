/**
 * When the DNS-over-HTTPS resolver itself cannot be reached, an email-security scan says so: 503
 * with Retry-After, the fault named as the service's, the outage logged once (not as a bug, not once
 * per request), and no scan quota spent.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../src/config.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { freePort } from '../support/free-port.ts';
import { EXECUTE_ES, freshIp, postJson, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

test('an unreachable resolver: 503 service_unavailable, the target not blamed, the quota given back', async () => {
  const env = {
    DOH_URL: `http://127.0.0.1:${await freePort()}/dns-query`,
    SCAN_ALLOW_PRIVATE_TARGETS: '1',
    HSTS_PRELOAD_STATUS_URL: 'none',
  };
  const h = await startHarness({ env, scanners: createScanners(parseConfig(env), { scanFetch: fetch, fetch }) });
  const ip = freshIp();
  const response = await postJson(h, EXECUTE_ES, { target: 'example.com' }, { ip });
  const retryAfter = Number(response.headers.get('retry-after'));
  const body = await expectProblem(response, 'service_unavailable');
  assert.ok(retryAfter > 0, 'Retry-After');
  assert.equal(body.retryAfterSec, retryAfter);
  assert.match(body.detail, /resolver/);
  assert.doesNotMatch(body.detail, /DNS lookups for example\.com failed/);
  assert.match(body.error.hint, /not the target/);
  assert.deepEqual(h.errors, [], 'an outage is not a bug');
  assert.equal((await postJson(h, EXECUTE_ES, { target: 'example.org' }, { ip })).status, 503);
  assert.deepEqual(
    h.dependencyEvents.map((e) => [e.event, e.dependency]),
    [['dependency_down', 'resolver']],
    'logged once, however many requests it fails',
  );
  assert.match(String(h.log.at(-1)?.cause), /resolver/);
  const windows = [{ policy: 'p', key: `client:${ip}`, limit: 20, windowMs: 3_600_000 }];
  const after = await h.memory.reserveScan(windows);
  assert.equal(after.remaining.p, 19, 'the failed attempt was not counted');
});
