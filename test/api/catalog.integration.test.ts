import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { CATALOG, EXECUTE_SH, postJson, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

describe('GET /api/v1/agent/tools', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });

  test('lists the two allowlisted tools with everything needed to call them', async () => {
    const res = await h.request(CATALOG);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json');
    const body = await res.json();
    assert.deepEqual(
      body.tools.map((t: { name: string }) => t.name),
      ['security-headers', 'email-security'],
    );
    for (const tool of body.tools) {
      assert.equal(tool.executeUrl, `https://scan.test/api/v1/agent/tools/${tool.name}/execute`);
      assert.equal(tool.uiUrl, `https://scan.test/tools/${tool.name}`);
      assert.equal(tool.skillUrl, `https://scan.test/agent-skills/${tool.name}.md`);
      assert.equal(tool.method, 'POST');
      assert.deepEqual(tool.inputSchema.required, ['target']);
      assert.equal(tool.inputSchema.properties.target.maxLength, 2048);
      assert.ok(tool.title && tool.description && tool.grade.scale.length > 3);
      assert.equal(tool.grade.scale[0], 'A+');
      assert.equal(typeof tool.grade.scoreRange.max, 'number');
    }
    assert.equal(body.tools[0].grade.scoreRange.max, 165);
  });

  test('names the tools that are not on this API and where they run', async () => {
    const body = await (await h.request(CATALOG)).json();
    assert.deepEqual(
      body.unavailableTools.map((t: { name: string }) => t.name),
      ['website-security', 'react2shell', 'fortibleed-check'],
    );
    assert.match(body.unavailableTools[0].reason, /browser.*email verification/);
    assert.match(body.unavailableTools[1].reason, /account portal.*command-line/);
  });

  test('describes anonymous use, both key headers, the scopes and the portal', async () => {
    const { authentication: auth } = await (await h.request(CATALOG)).json();
    assert.equal(auth.anonymous.allowed, true);
    assert.deepEqual(auth.apiKey.headers, ['Authorization: Bearer <API_KEY>', 'X-Api-Key: <API_KEY>']);
    assert.deepEqual(auth.apiKey.scopes, ['tools:read', 'tools:execute', 'badges:read']);
    assert.equal(auth.apiKey.accountUrl, 'https://account.scan.test/keys');
    assert.equal(auth.apiKey.prefix, 'asc_live_');
  });

  test('states the per-minute limits and the scan quota in rateLimit', async () => {
    const { rateLimit } = await (await h.request(CATALOG)).json();
    assert.equal(rateLimit.perMinute.anonymous.limit, 10);
    assert.equal(rateLimit.perMinute.apiKey.limit, 30);
    assert.deepEqual(
      [
        rateLimit.scanQuota.perClient,
        rateLimit.scanQuota.perTarget,
        rateLimit.scanQuota.overall,
        rateLimit.scanQuota.windowSec,
      ],
      [20, 20, 1000, 3600],
    );
  });

  test('says how to reuse results, where kept scans are read back and how long they are kept', async () => {
    const { storedScans, tools, authentication, rateLimit } = await (await h.request(CATALOG)).json();
    assert.deepEqual(storedScans.retention, { days: 30, maxPerToolAndTarget: 50 });
    assert.deepEqual(
      [storedScans.reuse.parameter, storedScans.reuse.min, storedScans.reuse.max, storedScans.reuse.default],
      ['maxAgeSec', 0, 86400, 0],
    );
    assert.match(storedScans.reuse.description, /no scan quota/);
    assert.equal(storedScans.scanUrl, 'https://scan.test/api/v1/scans/{scanId}');
    assert.equal(storedScans.permalink, 'https://scan.test/scans/{scanId}');
    assert.equal(storedScans.historyUrl, 'https://scan.test/api/v1/agent/tools/{tool}/scans?target={target}');
    for (const tool of tools) {
      assert.equal(tool.historyUrl, `https://scan.test/api/v1/agent/tools/${tool.name}/scans?target={target}`);
      assert.ok(tool.inputSchema.properties.maxAgeSec, tool.name);
    }
    assert.equal(authentication.apiKey.scopeRequirements['GET /api/v1/scans/{scanId}'], 'tools:read');
    assert.equal(authentication.apiKey.scopeRequirements['GET /api/v1/agent/tools/{tool}/scans'], 'tools:read');
    assert.match(rateLimit.scanQuota.headers, /"scans-per-hour-per-client";q=20;w=3600/);
    assert.ok(rateLimit.scanQuota.policies.includes('scans-per-hour-overall'));
  });

  test('its stored-scan URL templates answer once filled in', async () => {
    const { storedScans, tools } = await (await h.request(CATALOG)).json();
    const { scanId } = await (await postJson(h, EXECUTE_SH, { target: 'example.com' })).json();
    await h.settled();
    const local = (url: string) => url.slice('https://scan.test'.length);
    const stored = await h.request(local(storedScans.scanUrl.replace('{scanId}', scanId)));
    assert.equal(stored.status, 200);
    assert.equal((await stored.json()).scanId, scanId);
    const history = await h.request(local(tools[0].historyUrl.replace('{target}', encodeURIComponent('example.com'))));
    assert.equal(history.status, 200);
    assert.deepEqual(
      (await history.json()).scans.map((s: { scanId: string }) => s.scanId),
      [scanId],
    );
  });

  test('accepts a valid key in either header', async () => {
    const { key } = await h.createKey();
    assert.equal((await h.request(CATALOG, { headers: { authorization: `Bearer ${key}` } })).status, 200);
    assert.equal((await h.request(CATALOG, { headers: { 'x-api-key': key } })).status, 200);
    assert.equal(
      (await h.request(CATALOG, { headers: { authorization: `bearer ${key}`, 'x-api-key': key } })).status,
      200,
    );
  });

  test('refuses an invalid key with 401 instead of falling back to anonymous', async () => {
    const res = await h.request(CATALOG, { headers: { 'x-api-key': 'asc_live_notakey' } });
    await expectProblem(res, 'unauthorized');
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer .*invalid_token/);
  });

  test('refuses a key without tools:read with 403', async () => {
    const { key } = await h.createKey(['tools:execute', 'badges:read']);
    const res = await h.request(CATALOG, { headers: { authorization: `Bearer ${key}` } });
    const body = await expectProblem(res, 'forbidden');
    assert.match(body.detail, /tools:read/);
  });

  test('answers 429 once the anonymous client has made 10 requests in the minute', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 10; i++) assert.equal((await h.request(CATALOG, { ip })).status, 200);
    const res = await h.request(CATALOG, { ip });
    const body = await expectProblem(res, 'rate_limit_exceeded');
    assert.equal(res.headers.get('retry-after'), String(body.retryAfterSec));
    assert.ok(body.retryAfterSec >= 1 && body.retryAfterSec <= 61, `${body.retryAfterSec}`);
  });

  test('HEAD answers like GET without a body', async () => {
    const res = await h.request(CATALOG, { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('api-version'), '1');
    assert.equal(await res.text(), '');
  });
});

describe('GET /api/agent/tools (deprecated alias)', () => {
  test('serves the same catalog with Deprecation, Sunset and a successor link', async () => {
    const h = await startHarness();
    const legacy = await h.request('/api/agent/tools');
    const current = await h.request(CATALOG);
    assert.equal(legacy.status, 200);
    assert.deepEqual(await legacy.json(), await current.json());
    assert.equal(legacy.headers.get('deprecation'), '@1793491200');
    assert.equal(legacy.headers.get('sunset'), 'Wed, 01 Sep 2027 00:00:00 GMT');
    assert.equal(legacy.headers.get('link'), '<https://scan.test/api/v1/agent/tools>; rel="successor-version"');
    assert.equal(legacy.headers.get('api-version'), '1');
    assert.equal(current.headers.get('deprecation'), null);
  });
});

describe('POST /api/v1/developer/keys (deprecated)', () => {
  test('always answers 410 pointing to the account portal', async () => {
    const h = await startHarness();
    for (const body of ['{"name":"x"}', '', 'not json']) {
      const res = await h.request('/api/v1/developer/keys', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.status, 410);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
      const problem = await res.json();
      assert.equal(problem.status, 410);
      assert.equal(problem.accountUrl, 'https://account.scan.test/keys');
      assert.match(problem.detail, /account\.scan\.test/);
    }
  });
});
