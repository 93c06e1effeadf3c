/**
 * The SPEC's deprecated paths, exactly: `POST /api/v1/developer/keys` answers 410 whatever key is
 * sent and however often; the unversioned execute path is the v1 pipeline; and every answer under
 * `/api/agent/tools`, refusals included, carries Deprecation, Sunset and the successor's Link.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { LEGACY_SUNSET } from '../../src/paths.ts';
import { freshIp, postJson, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

const LEGACY_EXECUTE = '/api/agent/tools/security-headers/execute';

function assertDeprecated(res: Response, successorPath: string, what: string): void {
  assert.equal(res.headers.get('deprecation'), '@1793491200', what);
  assert.equal(res.headers.get('sunset'), LEGACY_SUNSET, what);
  assert.equal(res.headers.get('link'), `<https://scan.test${successorPath}>; rel="successor-version"`, what);
}

describe('POST /api/v1/developer/keys', () => {
  test('answers 410 whatever key is sent, and however often: no key check, never counted', async () => {
    const h = await startHarness();
    const { key } = await h.createKey();
    const ip = freshIp();
    const keys = [undefined, 'Bearer asc_live_malformed', `Bearer ${key}`, `Bearer ${key.slice(0, -1)}x`];
    for (let i = 0; i < 3 * SPEC_LIMITS.anonymousPerMinute; i++) {
      const authorization = keys[i % keys.length];
      const res = await postJson(
        h,
        '/api/v1/developer/keys',
        {},
        {
          ip,
          headers: authorization ? { authorization } : {},
        },
      );
      const body = await expectProblem(res, 'gone');
      assert.equal(body.accountUrl, 'https://account.scan.test/keys');
      assert.equal(res.headers.get('ratelimit-remaining'), '10', 'the anonymous budget is shown, never spent');
    }
    assert.equal((await h.request('/api/v1/agent/tools', { ip })).headers.get('ratelimit-remaining'), '9');
  });
});

describe('POST /api/agent/tools/{tool}/execute (deprecated alias)', () => {
  test('runs the v1 pipeline: the same scan, envelope and quota', async () => {
    const h = await startHarness();
    const ip = freshIp();
    const res = await postJson(h, LEGACY_EXECUTE, { target: 'legacy.example' }, { ip });
    assert.equal(res.status, 200);
    assertDeprecated(res, '/api/v1/agent/tools/security-headers/execute', 'the 200');
    const body = await res.json();
    assert.equal(body.toolName, 'security-headers');
    assert.equal(h.scanners['security-headers'].calls.length, 1);
    const windows = [{ policy: 'p', key: `client:${ip}`, limit: 20, windowMs: 3_600_000 }];
    assert.equal((await h.memory.reserveScan(windows)).remaining.p, 18, 'counted in the same quota');
  });
});

describe('every answer under /api/agent/tools is marked deprecated', () => {
  async function refusals(h: Harness) {
    const ip = freshIp();
    const { key: readOnly } = await h.createKey(['tools:read']);
    return [
      ['200 catalog', await h.request('/api/agent/tools', { ip }), '/api/v1/agent/tools'],
      [
        '401',
        await h.request('/api/agent/tools', { headers: { 'x-api-key': 'asc_live_wrong' } }),
        '/api/v1/agent/tools',
      ],
      [
        '403',
        await postJson(h, LEGACY_EXECUTE, { target: 'x.example' }, { headers: { 'x-api-key': readOnly } }),
        '/api/v1/agent/tools/security-headers/execute',
      ],
      [
        '404 unknown tool',
        await postJson(h, '/api/agent/tools/react2shell/execute', { target: 'x.example' }),
        '/api/v1/agent/tools/react2shell/execute',
      ],
      ['404 no such path', await h.request('/api/agent/tools/nothing'), '/api/v1/agent/tools/nothing'],
      ['405', await h.request(LEGACY_EXECUTE), '/api/v1/agent/tools/security-headers/execute'],
      ['400', await postJson(h, LEGACY_EXECUTE, { target: '' }), '/api/v1/agent/tools/security-headers/execute'],
    ] as const;
  }

  test('200, 400, 401, 403, 404, 405', async () => {
    const h = await startHarness();
    const statuses = [];
    for (const [what, res, successor] of await refusals(h)) {
      assertDeprecated(res, successor, what);
      statuses.push(res.status);
    }
    assert.deepEqual(statuses, [200, 401, 403, 404, 404, 405, 400]);
  });

  test('429 and 503 too', async () => {
    const h = await startHarness();
    const ip = freshIp();
    let last: Response | undefined;
    for (let i = 0; i <= SPEC_LIMITS.anonymousPerMinute; i++) last = await h.request('/api/agent/tools', { ip });
    await expectProblem(last!, 'rate_limit_exceeded');
    assertDeprecated(last!, '/api/v1/agent/tools', 'the 429');
    const down = await startHarness({ withScanners: false });
    const unavailable = await postJson(down, LEGACY_EXECUTE, { target: 'x.example' });
    await expectProblem(unavailable, 'service_unavailable');
    assertDeprecated(unavailable, '/api/v1/agent/tools/security-headers/execute', 'the 503');
  });

  test('the versioned paths are not marked', async () => {
    const h = await startHarness();
    const res = await postJson(h, '/api/v1/agent/tools/security-headers/execute', { target: 'v1.example' });
    assert.equal(res.headers.get('deprecation'), null);
    assert.equal(res.headers.get('sunset'), null);
  });
});
