import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { CATALOG, EXECUTE_SH, startHarness, type Harness } from '../support/harness.ts';

const ENDPOINTS: [string, string, string?][] = [
  ['GET', CATALOG],
  ['GET', '/api/agent/tools'],
  ['POST', EXECUTE_SH, '{"target":"example.com"}'],
  ['POST', '/api/v1/agent/tools/email-security/execute', '{"target":"www.example.com"}'],
  ['POST', '/api/v1/agent/tools/react2shell/execute', '{"target":"example.com"}'],
  ['POST', '/api/v1/developer/keys', '{}'],
  ['GET', '/openapi.json'],
  ['GET', '/no/such/path'],
  ['DELETE', CATALOG],
  ['OPTIONS', EXECUTE_SH],
];

describe('headers on every response', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });

  for (const [method, path, body] of ENDPOINTS) {
    test(`${method} ${path}`, async () => {
      const res = await h.request(path, {
        method,
        body: body ?? null,
        headers: body ? { 'content-type': 'application/json' } : {},
      });
      const header = (name: string) => res.headers.get(name);
      assert.equal(header('api-version'), '1');
      // An answer that ran a scan also lists the scan-quota window closest to running out; pages and
      // documents show their own budget.
      assert.match(
        header('ratelimit-policy') ?? '',
        /^(?:"per-minute";q=10;w=60(?:, "scans-per-hour-[a-z-]+";q=\d+;w=3600)?|"pages-per-minute";q=120;w=60)$/,
      );
      assert.match(
        header('ratelimit') ?? '',
        /^"(?:per-minute|pages-per-minute)";r=\d+;t=\d+(?:, "scans-per-hour-[a-z-]+";r=\d+;t=\d+)?$/,
      );
      for (const name of [
        'ratelimit-limit',
        'ratelimit-remaining',
        'ratelimit-reset',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
      ]) {
        assert.match(header(name) ?? '', /^\d+$/, name);
      }
      assert.ok(Number(header('x-ratelimit-reset')) > h.clock.time / 1000, 'X-RateLimit-Reset is in epoch seconds');
      assert.ok(Number(header('ratelimit-reset')) <= 61, 'RateLimit-Reset is in seconds from now');
      assert.equal(header('strict-transport-security'), 'max-age=63072000; includeSubDomains');
      assert.equal(header('x-content-type-options'), 'nosniff');
      assert.equal(header('x-frame-options'), 'DENY');
      assert.equal(header('referrer-policy'), 'no-referrer');
      assert.match(header('content-security-policy') ?? '', /default-src 'none'.*frame-ancestors 'none'/);
      assert.equal(header('access-control-allow-origin'), '*');
      assert.match(
        header('access-control-expose-headers') ?? '',
        /RateLimit-Remaining.*Retry-After|Retry-After.*RateLimit-Remaining/,
      );
    });
  }

  test('a CORS preflight allows the key headers and does not count against the API limit', async () => {
    const ip = '203.0.113.77';
    const res = await h.request(EXECUTE_SH, {
      ip,
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-api-key, content-type',
      },
    });
    assert.equal(res.status, 204);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of ['authorization', 'x-api-key', 'content-type']) assert.ok(allowed.includes(name), name);
    // It draws on the page budget, not the API's: showing a budget reads the store.
    assert.equal(res.headers.get('ratelimit-policy'), '"pages-per-minute";q=120;w=60');
    assert.equal(res.headers.get('ratelimit-remaining'), '119');
    assert.equal((await h.request(CATALOG, { ip })).headers.get('ratelimit-remaining'), '9');
  });

  test('reading documents does not use up the API limit', async () => {
    const ip = '203.0.113.78';
    for (let i = 0; i < 12; i++) assert.equal((await h.request('/openapi.json', { ip })).status, 200);
    assert.equal((await h.request(CATALOG, { ip })).status, 200);
  });
});
