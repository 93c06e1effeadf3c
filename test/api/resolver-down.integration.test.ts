/**
 * When the DNS-over-HTTPS resolver itself cannot be reached, a scan of either tool says so: 503
 * with Retry-After, the fault named as the service's, the outage logged once (not as a bug, not once
 * per request), and no scan quota spent.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '../../src/config.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { freePort } from '../support/free-port.ts';
import { EXECUTE_ES, EXECUTE_SH, freshIp, postJson, startHarness, type Harness } from '../support/harness.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { atEnd } from '../support/cleanup.ts';
import { expectProblem } from '../support/problem-assertions.ts';

/** The real scanners, with DOH_URL pointing at a port where nothing listens. */
async function withUnreachableResolver(): Promise<Harness> {
  const env = {
    DOH_URL: `http://127.0.0.1:${await freePort()}/dns-query`,
    SCAN_ALLOW_PRIVATE_TARGETS: '1',
    HSTS_PRELOAD_STATUS_URL: 'none',
  };
  return startHarness({ env, scanners: createScanners(parseConfig(env), { scanFetch: fetch, fetch }) });
}

test('an unreachable resolver: 503 service_unavailable, the target not blamed, the quota given back', async () => {
  const h = await withUnreachableResolver();
  const ip = freshIp();
  const response = await postJson(h, EXECUTE_ES, { target: 'example.com' }, { ip });
  const retryAfter = Number(response.headers.get('retry-after'));
  const body = await expectProblem(response, 'service_unavailable');
  assert.ok(retryAfter > 0, 'Retry-After');
  assert.equal(body.retryAfterSec, retryAfter);
  assert.match(body.detail, /resolver/);
  assert.doesNotMatch(body.detail, /DNS lookups for example\.com failed/);
  assert.match(body.error.hint, /not the target/);
  assert.doesNotMatch(response.headers.get('ratelimit-policy') ?? '', /scans-per-hour/, 'no quota window was spent');
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

test('security-headers: a host name is not blamed for the resolver; an IP address is still scanned', async () => {
  const h = await withUnreachableResolver();
  const ip = freshIp();
  const response = await postJson(h, EXECUTE_SH, { target: 'shop.example.com' }, { ip });
  const body = await expectProblem(response, 'service_unavailable');
  assert.match(body.detail, /resolver this service uses gave no DNS response/);
  assert.match(body.error.hint, /not the target/);
  assert.equal(response.headers.get('retry-after'), '30');
  assert.deepEqual(
    h.dependencyEvents.map((e) => [e.event, e.dependency]),
    [['dependency_down', 'resolver']],
  );
  const site = createServer((_request, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('hi'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  atEnd(() => new Promise<void>((resolve) => site.close(() => resolve())));
  const { port } = site.address() as AddressInfo;
  const scanned = await postJson(h, EXECUTE_SH, { target: `http://127.0.0.1:${port}/` }, { ip });
  assert.equal(scanned.status, 200, 'no DNS needed, nothing to blame');
  const windows = [{ policy: 'p', key: `client:${ip}`, limit: 20, windowMs: 3_600_000 }];
  assert.equal((await h.memory.reserveScan(windows)).remaining.p, 18, 'only the real scan was counted');
});
