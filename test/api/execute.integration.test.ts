import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as v from 'valibot';
import { ScanResponseSchema, UnassessedScanSchema } from '../../src/contract/response-schemas.ts';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { switchableStore } from '../support/failing-store.ts';
import { CHALLENGED, GRADED } from '../support/scanners.ts';
import { EXECUTE_ES, EXECUTE_SH, CATALOG, freshIp, postJson, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

describe('POST /api/v1/agent/tools/{tool}/execute', () => {
  test('runs the scan and answers with the scan envelope', async () => {
    const h = await startHarness();
    const res = await postJson(h, EXECUTE_SH, { target: 'Example.com' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json');
    const json = (await res.json()) as Record<string, unknown>;
    v.parse(ScanResponseSchema, json);
    const { scanId, scannedAt, ...body } = json;
    assert.match(String(scanId), /^[A-Za-z0-9_-]{22}$/);
    assert.equal(scannedAt, new Date(h.clock.time).toISOString());
    assert.deepEqual(body, {
      success: true,
      apiVersion: '1',
      toolName: 'security-headers',
      target: 'https://example.com/',
      grade: 'B',
      gradeScore: 75,
      result: GRADED.result,
      error: null,
      uiUrl: 'https://scan.test/tools/security-headers',
      skillUrl: 'https://scan.test/agent-skills/security-headers.md',
      assessed: true,
      cached: false,
      scanUrl: `https://scan.test/api/v1/scans/${String(scanId)}`,
      permalink: `https://scan.test/scans/${String(scanId)}`,
      badge: {
        feeds: true,
        url: 'https://scan.test/api/badge/example.com?tool=security-headers',
        markdown:
          '[![security headers](https://scan.test/api/badge/example.com?tool=security-headers)]' +
          '(https://scan.test/tools/security-headers?target=https%3A%2F%2Fexample.com%2F)',
        why: null,
      },
    });
    assert.deepEqual(
      h.scanners['security-headers'].calls.map((c) => c.target),
      ['https://example.com/'],
    );
    assert.deepEqual(h.scanners['email-security'].calls, []);
  });

  test('passes the scanner a deadline signal and keeps the scan', async () => {
    const h = await startHarness();
    const res = await postJson(h, EXECUTE_ES, { target: 'example.org' });
    const { scanId } = (await res.json()) as { scanId: string };
    const [call] = h.scanners['email-security'].calls;
    assert.ok(call?.context.signal instanceof AbortSignal);
    await h.settled();
    assert.deepEqual(await h.store.scanHistory('email-security', 'example.org', 5), [
      { scanId, scannedAt: h.clock.time, grade: 'D', gradeScore: 39, status: 'failed' },
    ]);
  });

  test('a first anonymous success shows RateLimit-Limit 10 and RateLimit-Remaining 9', async () => {
    const h = await startHarness();
    const res = await postJson(h, EXECUTE_SH, { target: 'example.com' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('ratelimit-limit'), '10');
    assert.equal(res.headers.get('ratelimit-remaining'), '9');
    assert.equal(res.headers.get('x-ratelimit-limit'), '10');
    assert.equal(res.headers.get('x-ratelimit-remaining'), '9');
    assert.equal(
      res.headers.get('ratelimit-policy'),
      '"per-minute";q=10;w=60, "scans-per-hour-per-client-per-target";q=5;w=3600',
      "the scan quota window closest to running out (the client's share of the target) joins the per-minute policy",
    );
    assert.match(
      res.headers.get('ratelimit') ?? '',
      /^"per-minute";r=9;t=\d+, "scans-per-hour-per-client-per-target";r=4;t=\d+$/,
    );
  });

  test('answers 422 with null grade when the scan could not assess the target', async () => {
    const h = await startHarness();
    h.scanners['security-headers'].outcome = CHALLENGED;
    const res = await postJson(h, EXECUTE_SH, { target: 'example.com' });
    const body = await expectProblem(res, 'unprocessable_entity');
    v.parse(UnassessedScanSchema, body);
    assert.equal(body.grade, null);
    assert.equal(body.gradeScore, null);
    assert.equal(body.result.status, 'error');
    assert.equal(body.result.details.reason, 'bot-challenge');
    assert.match(body.detail, /bot or WAF challenge/);
    // What to do about this cause, not a general "try again later" (one table with pages and MCP).
    assert.match(body.error.hint, /^The site showed a bot check instead of its page \(result\.details\.reason\)\. /);
    assert.match(body.error.hint, /Retrying rarely helps/);
    assert.equal(body.toolName, 'security-headers');
    assert.equal(body.apiVersion, '1');
    // The site's start, but not assessed: the badge keeps the grade it had.
    assert.equal(body.badge.feeds, false);
    assert.match(body.badge.why, /could not assess its target/);
    assert.equal(body.badge.url, 'https://scan.test/api/badge/example.com?tool=security-headers');
  });

  test('reports a scan that overruns its deadline as not assessable', async () => {
    const h = await startHarness({ scanDeadlineMs: 50 });
    // Rejects as fetch does, with the signal's reason: the deadline's TimeoutError (a DOMException).
    h.scanners['email-security'].outcome = (_t, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as DOMException)));
    const body = await expectProblem(await postJson(h, EXECUTE_ES, { target: 'example.com' }), 'unprocessable_entity');
    assert.equal(body.result.status, 'error');
    assert.match(body.result.message, /did not finish/);
    assert.deepEqual(h.errors, []);
  });

  test('answers a scanner bug with a bare 500 problem and logs it', async () => {
    const h = await startHarness();
    h.scanners['email-security'].outcome = async () => {
      throw new Error('scanner bug');
    };
    const res = await postJson(h, EXECUTE_ES, { target: 'example.com' });
    const body = await expectProblem(res, 'internal_error');
    assert.doesNotMatch(JSON.stringify(body), /scanner bug/);
    assert.equal(h.errors.length, 1);
  });

  test('with a valid key the limit is 30 per minute', async () => {
    const h = await startHarness();
    const { key } = await h.createKey();
    const res = await postJson(h, EXECUTE_SH, { target: 'example.com' }, { headers: { 'x-api-key': key } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('ratelimit-limit'), '30');
    assert.equal(res.headers.get('ratelimit-remaining'), '29');
  });

  test('refuses an invalid, revoked or expired key with 401 and runs no scan', async () => {
    const h = await startHarness();
    const { key: revoked, id } = await h.createKey();
    await h.store.revokeKey(id, h.clock.time - 1);
    const { key: expired } = await h.createKey(undefined, { expiresAt: h.clock.time - 1 });
    for (const key of ['asc_live_short', revoked, expired]) {
      const res = await postJson(
        h,
        EXECUTE_SH,
        { target: 'example.com' },
        { headers: { authorization: `Bearer ${key}` } },
      );
      await expectProblem(res, 'unauthorized');
    }
    assert.deepEqual(h.scanners['security-headers'].calls, []);
  });

  test('refuses a revoked key after the cache expires', async () => {
    const h = await startHarness();
    const { key, id } = await h.createKey();
    const call = () => postJson(h, EXECUTE_SH, { target: 'example.com' }, { headers: { 'x-api-key': key } });
    assert.equal((await call()).status, 200);
    await h.store.revokeKey(id, h.clock.time);
    assert.equal((await call()).status, 200, 'still cached');
    h.clock.advance(61_000);
    await expectProblem(await call(), 'unauthorized');
  });

  test('refuses a key lacking tools:execute with 403 and runs no scan', async () => {
    const h = await startHarness();
    const { key } = await h.createKey(['tools:read']);
    const res = await postJson(h, EXECUTE_ES, { target: 'example.com' }, { headers: { 'x-api-key': key } });
    const body = await expectProblem(res, 'forbidden');
    assert.match(body.detail, /tools:execute/);
    assert.deepEqual(h.scanners['email-security'].calls, []);
  });

  test('answers 404 for tools that run elsewhere, saying where', async () => {
    const h = await startHarness();
    for (const tool of ['website-security', 'react2shell', 'fortibleed-check']) {
      const body = await expectProblem(
        await postJson(h, `/api/v1/agent/tools/${tool}/execute`, { target: 'example.com' }),
        'not_found',
      );
      assert.match(body.detail, /not available on this API/);
      assert.match(
        body.detail,
        tool === 'website-security'
          ? /browser with|browser on the tool page, after email verification/
          : /account portal with a signed-in command-line client/,
      );
    }
    const unknown = await expectProblem(
      await postJson(h, '/api/v1/agent/tools/port-scan/execute', { target: 'x' }),
      'not_found',
    );
    assert.match(unknown.detail, /no tool named "port-scan"/);
  });

  test('answers 413 for a body over 8 KiB, and 400 naming the problem for bad bodies', async () => {
    const h = await startHarness();
    await expectProblem(
      await postJson(h, EXECUTE_SH, { target: 'example.com', pad: 'x'.repeat(9000) }),
      'payload_too_large',
    );
    const cases: [unknown, RegExp][] = [
      ['{"target": "example.com"', /not valid JSON/],
      ['', /empty/],
      ['[]', /JSON object; got an array/],
      ['"example.com"', /JSON object; got "example.com"/],
      [{}, /no "target"/],
      [{ target: 42 }, /must be a string/],
      [{ target: '' }, /empty/],
      [{ target: 'x'.repeat(2049) }, /longer than 2048/],
      [{ target: 'exa mple.com' }, /whitespace/],
      [{ target: 'ftp://example.com' }, /only http and https/],
    ];
    for (const [body, detail] of cases) {
      const problem = await expectProblem(await postJson(h, EXECUTE_SH, body), 'bad_request');
      assert.match(problem.detail, detail, JSON.stringify(body));
    }
    const apex = await expectProblem(await postJson(h, EXECUTE_ES, { target: 'www.example.com' }), 'bad_request');
    assert.equal(apex.error.hint, 'use example.com');
    assert.deepEqual(h.scanners['security-headers'].calls, []);
    assert.deepEqual(h.scanners['email-security'].calls, []);
  });

  test('passes DKIM selectors to the email-security scanner, and refuses bad ones', async () => {
    const h = await startHarness();
    assert.equal(
      (await postJson(h, EXECUTE_ES, { target: 'example.com', selectors: ['Google', 's1.mail'] })).status,
      200,
    );
    assert.deepEqual(h.scanners['email-security'].calls[0]?.context.selectors, ['google', 's1.mail']);
    // Four 63-character labels fit the pattern but make "<selector>._domainkey.example.com" longer than a DNS name.
    const overLong = Array.from({ length: 4 }, () => 'x'.repeat(63)).join('.');
    const refused = await expectProblem(
      await postJson(h, EXECUTE_ES, { target: 'example.com', selectors: [overLong] }),
      'bad_request',
    );
    assert.match(refused.detail, /too long for example\.com/);
    for (const selectors of ['google', [1], ['a b'], ['x'.repeat(64)], Array.from({ length: 11 }, (_, i) => `s${i}`)]) {
      await expectProblem(await postJson(h, EXECUTE_ES, { target: 'example.com', selectors }), 'bad_request');
    }
    assert.equal(h.scanners['email-security'].calls.length, 1);
  });

  test('answers 405 with Allow for other methods on the execute path', async () => {
    const h = await startHarness();
    const res = await h.request(EXECUTE_SH);
    await expectProblem(res, 'method_not_allowed');
    assert.equal(res.headers.get('allow'), 'POST, OPTIONS');
  });
});

describe('the per-minute limit', () => {
  test('refuses the 11th anonymous request in a minute with 429 and Retry-After, and recovers', async () => {
    const h = await startHarness();
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      assert.equal((await postJson(h, EXECUTE_SH, { target: `s${i}.example` }, { ip })).status, 200);
    const res = await postJson(h, EXECUTE_SH, { target: 'example.com' }, { ip });
    const body = await expectProblem(res, 'rate_limit_exceeded');
    assert.equal(Number(res.headers.get('retry-after')), body.retryAfterSec);
    assert.equal(res.headers.get('ratelimit-remaining'), '0');
    assert.deepEqual(body.violatedPolicies, ['per-minute']);
    assert.equal(h.scanners['security-headers'].calls.length, 10, 'the refused request ran no scan');
    h.clock.advance(body.retryAfterSec * 1000);
    assert.equal((await postJson(h, EXECUTE_SH, { target: 'example.com' }, { ip })).status, 200);
  });

  test('counts failed key attempts against the client address', async () => {
    const h = await startHarness();
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      assert.equal((await h.request(CATALOG, { ip, headers: { 'x-api-key': `bad${i}` } })).status, 401);
    await expectProblem(await h.request(CATALOG, { ip, headers: { 'x-api-key': 'bad' } }), 'rate_limit_exceeded');
  });

  test('a spoofed X-Forwarded-For does not reset the limit when no proxy is trusted', async () => {
    const h = await startHarness({ socket: true, env: { TRUST_PROXY: 'none' } });
    const spoofed = (i: number) => fetch(h.url + CATALOG, { headers: { 'x-forwarded-for': `192.0.2.${i}` } });
    for (let i = 0; i < 10; i++) assert.equal((await spoofed(i)).status, 200);
    await expectProblem(await spoofed(99), 'rate_limit_exceeded');
  });
});

describe('the hourly scan quota', () => {
  test('allows 20 scans per client address per hour, with or without a key', async () => {
    const h = await startHarness();
    const { key } = await h.createKey();
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await postJson(h, EXECUTE_SH, { target: `site${i}.example` }, { ip, headers: { 'x-api-key': key } });
      assert.equal(res.status, 200, `scan ${i + 1}`);
      if (i % 5 === 4) h.clock.advance(60_000); // stay inside the per-minute limit
    }
    const res = await postJson(h, EXECUTE_SH, { target: 'another.example' }, { ip, headers: { 'x-api-key': key } });
    const body = await expectProblem(res, 'rate_limit_exceeded');
    assert.deepEqual(body.violatedPolicies, ['scans-per-hour-per-client']);
    assert.ok(body.retryAfterSec > 60 && body.retryAfterSec <= 3601, `${body.retryAfterSec}`);
    assert.equal(res.headers.get('retry-after'), String(body.retryAfterSec));
    assert.equal(h.scanners['security-headers'].calls.length, 20);
  });

  test('allows 20 scans per target per hour, and a refused scan counts nowhere', async () => {
    const h = await startHarness();
    for (let i = 0; i < 20; i++)
      assert.equal((await postJson(h, EXECUTE_ES, { target: 'popular.example' })).status, 200);
    const body = await expectProblem(
      await postJson(h, EXECUTE_SH, { target: 'https://popular.example/page' }),
      'rate_limit_exceeded',
    );
    assert.deepEqual(body.violatedPolicies, ['scans-per-hour-per-target']);
    // The refused client's own quota was not touched: it still has all 20 scans.
    const ip = freshIp();
    await expectProblem(await postJson(h, EXECUTE_SH, { target: 'popular.example' }, { ip }), 'rate_limit_exceeded');
    for (let i = 0; i < 9; i++)
      assert.equal((await postJson(h, EXECUTE_SH, { target: `other${i}.example` }, { ip })).status, 200);
  });

  test('stops every scan once the service-wide quota is spent', async () => {
    const h = await startHarness({
      limits: { ...SPEC_LIMITS, scansPerHourOverall: 3 },
    });
    for (let i = 0; i < 3; i++) assert.equal((await postJson(h, EXECUTE_SH, { target: `s${i}.example` })).status, 200);
    const body = await expectProblem(await postJson(h, EXECUTE_SH, { target: 'fresh.example' }), 'rate_limit_exceeded');
    assert.deepEqual(body.violatedPolicies, ['scans-per-hour-overall']);
  });
});

describe('when the store is down', () => {
  test('execute answers 503 with Retry-After 30, runs no scan and counts nothing', async () => {
    let control!: ReturnType<typeof switchableStore>;
    const h = await startHarness({ wrapStore: (memory) => (control = switchableStore(memory)).store });
    control.setDown(true);
    const ip = freshIp();
    const res = await postJson(h, EXECUTE_SH, { target: 'example.com' }, { ip });
    const body = await expectProblem(res, 'service_unavailable');
    assert.equal(res.headers.get('retry-after'), '30');
    assert.equal(body.retryAfterSec, 30);
    assert.deepEqual(h.scanners['security-headers'].calls, []);
    control.setDown(false);
    const after = await h.memory.reserveScan([{ policy: 'p', key: `client:${ip}`, limit: 20, windowMs: 3_600_000 }]);
    assert.equal(after.remaining['p'], 19, 'nothing had been counted for this client');
  });

  test('the catalog keeps serving under an in-process limit, and a key that cannot be checked gets 503', async () => {
    let control!: ReturnType<typeof switchableStore>;
    const h = await startHarness({ wrapStore: (memory) => (control = switchableStore(memory)).store });
    const { key } = await h.createKey();
    control.setDown(true);
    const ip = freshIp();
    const res = await h.request(CATALOG, { ip });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('ratelimit-remaining'), '9');
    for (let i = 0; i < 9; i++) await h.request(CATALOG, { ip });
    await expectProblem(await h.request(CATALOG, { ip }), 'rate_limit_exceeded');
    await expectProblem(await h.request(CATALOG, { headers: { 'x-api-key': key } }), 'service_unavailable');
    control.setDown(false);
    assert.equal((await h.request(CATALOG, { headers: { 'x-api-key': key } })).status, 200, 'recovers by itself');
  });
});

describe('a deployment without scanners', () => {
  test('lists the tools as unavailable and answers execute with 503, counting nothing', async () => {
    const h = await startHarness({ withScanners: false });
    const catalog = await (await h.request(CATALOG)).json();
    assert.deepEqual(
      catalog.tools.map((t: { available: boolean }) => t.available),
      [false, false],
    );
    const ip = freshIp();
    const res = await postJson(h, EXECUTE_SH, { target: 'example.com' }, { ip });
    await expectProblem(res, 'service_unavailable');
    const after = await h.memory.reserveScan([{ policy: 'p', key: `client:${ip}`, limit: 20, windowMs: 3_600_000 }]);
    assert.equal(after.remaining['p'], 19, 'the refused scan was not counted');
  });
});
