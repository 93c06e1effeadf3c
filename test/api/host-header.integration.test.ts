/** A Host header no URL can be formed from is a 400 problem, never a bare 500. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
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
