/**
 * A Host header no URL can be formed from is a 400 problem, never a bare 500; such requests are
 * counted against the client's per-minute limit and logged with the path they asked for.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { rawHead, rawRequest } from '../support/raw-http.ts';

let h: Harness;
before(async () => {
  h = await startHarness({ socket: true });
});

for (const host of ['x:99999', '256.0.0.1', '1.2.3.4.5', 'xn--']) {
  test(`Host: ${host} gets a 400 problem with the standard headers, and is logged`, async () => {
    const before = h.log.length;
    const res = await rawRequest(h.url, rawHead('GET', '/api/v1/agent/tools', [['Host', host]]));
    assert.equal(res.status, 400, res.text);
    assert.match(res.headers['content-type'] ?? '', /^application\/problem\+json/);
    assert.equal(res.headers['api-version'], '1');
    assert.equal(JSON.parse(res.text).code, 'bad_request');
    assert.equal(h.log.length, before + 1, 'one access-log line');
    assert.deepEqual(h.errors, []);
  });
}

test('they are logged with the path and method asked for, and counted like any request', async () => {
  const client = '198.51.100.77';
  const send = () =>
    rawRequest(
      h.url,
      rawHead('POST', '/api/v1/agent/tools/security-headers/execute', [
        ['Host', 'x:99999'],
        ['X-Forwarded-For', client],
        ['Content-Length', '0'],
      ]),
    );
  const first = await send();
  assert.equal(first.status, 400, first.text);
  assert.equal(first.headers['ratelimit-remaining'], String(SPEC_LIMITS.anonymousPerMinute - 1));
  const line = h.log.at(-1)!;
  assert.equal(line.path, '/api/v1/agent/tools/security-headers/execute');
  assert.equal(line.method, 'POST');
  assert.equal(line.client, client);
  let status = 400;
  for (let i = 1; i <= SPEC_LIMITS.anonymousPerMinute && status === 400; i++) status = (await send()).status;
  assert.equal(status, 429, 'a flood of them is refused once the minute is spent');
  assert.deepEqual(h.errors, []);
});

test('a POST to /mcp with one is counted too, though its message is never read', async () => {
  const client = '198.51.100.78';
  const res = await rawRequest(
    h.url,
    rawHead('POST', '/mcp', [
      ['Host', 'x:99999'],
      ['X-Forwarded-For', client],
      ['Content-Length', '0'],
    ]),
  );
  assert.equal(res.status, 400, res.text);
  assert.equal(res.headers['ratelimit-remaining'], String(SPEC_LIMITS.anonymousPerMinute - 1));
  assert.deepEqual(h.errors, []);
});
