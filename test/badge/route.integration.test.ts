/**
 * GET /api/badge/{domain} through the real server. Expects the route registered in src/app.ts as
 * `.get(PATHS.badge, requireScope('badges:read'), badge)` with the badge's own
 * per-minute policy (120 per client address); see docs/badge.md.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { renderBadge, renderErrorBadge } from '../../src/badge/render.ts';
import { switchableStore } from '../support/failing-store.ts';
import { CATALOG, freshIp, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

const SVG = 'image/svg+xml; charset=utf-8';
const PROBLEM = 'application/problem+json';

describe('GET /api/badge/{domain}', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.store.setLatestGrade('example.com', 'A+', h.clock.now());
    await h.store.setLatestGrade('graded.example', 'D-', h.clock.now());
  });

  test('200 SVG with the stored grade', async () => {
    const res = await h.request('/api/badge/example.com');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), SVG);
    const svg = await res.text();
    assert.equal(svg, renderBadge('A+', 'default'));
    assert.match(svg, /^<svg [^>]*role="img" aria-label="security: A\+"><title>security: A\+<\/title>/);
  });

  test('the domain in any pasted form: URL, www, path, case, IDN, percent-encoded', async () => {
    for (const path of [
      'https://www.example.com/docs/page',
      'https:/example.com',
      'WWW.EXAMPLE.COM',
      'example.com.',
      'example.com:8443',
      'https%3A%2F%2Fexample.com%2F',
    ]) {
      const res = await h.request(`/api/badge/${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(await res.text(), renderBadge('A+', 'default'), path);
    }
  });

  test('? without a stored grade', async () => {
    const res = await h.request('/api/badge/never-scanned.example');
    assert.equal(res.status, 200);
    const svg = await res.text();
    assert.equal(svg, renderBadge(null, 'default'));
    assert.match(svg, />\?<\/text>/);
    assert.ok(!svg.includes('never-scanned'));
  });

  test('each style', async () => {
    for (const style of ['default', 'compact', 'mini'] as const) {
      const res = await h.request(`/api/badge/graded.example?style=${style}`);
      assert.equal(res.status, 200, style);
      assert.equal(await res.text(), renderBadge('D-', style), style);
    }
    assert.equal(
      await (await h.request('/api/badge/graded.example')).text(),
      renderBadge('D-', 'default'),
      'default when absent',
    );
  });

  test('an invalid domain: a 400 error badge, or the problem that says why to clients that ask for it', async () => {
    for (const domain of ['127.0.0.1', 'localhost', 'javascript:alert(1)', '%3Cscript%3E.com', 'a..com']) {
      const svg = await h.request(`/api/badge/${domain}`);
      assert.equal(svg.status, 400, domain);
      assert.equal(svg.headers.get('content-type'), SVG);
      assert.equal(await svg.text(), renderErrorBadge('invalid domain', 'default'));
      const asked = await h.request(`/api/badge/${domain}`, { headers: { accept: 'application/problem+json' } });
      const body = await expectProblem(asked, 'bad_request');
      assert.ok(body.detail.startsWith('The domain'), body.detail);
    }
  });

  test('an unknown style: a 400 error badge, or the problem listing the styles', async () => {
    const svg = await h.request('/api/badge/example.com?style=plastic');
    assert.equal(svg.status, 400);
    assert.equal(await svg.text(), renderErrorBadge('invalid style', 'default'));
    assert.equal(svg.headers.get('vary'), 'Accept');
    const asked = await h.request('/api/badge/example.com?style=plastic', { headers: { accept: 'application/json' } });
    assert.equal(asked.headers.get('vary'), 'Accept', 'the problem too depends on Accept');
    assert.match((await expectProblem(asked, 'bad_request')).detail, /default, compact, mini/);
    const refused = await h.request('/api/badge/example.com', { method: 'POST', headers: { accept: PROBLEM } });
    assert.equal(refused.headers.get('vary'), 'Accept');
    await expectProblem(refused, 'method_not_allowed');
  });

  test('badge headers: SVG type, sandboxing CSP, cross-origin CORP, caching, ETag, nosniff, CORS', async () => {
    const res = await h.request('/api/badge/example.com?style=compact');
    const body = await res.text();
    const header = (name: string) => res.headers.get(name);
    assert.equal(header('content-type'), SVG);
    assert.equal(header('content-security-policy'), "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    assert.equal(header('x-content-type-options'), 'nosniff');
    assert.equal(header('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(header('cache-control'), 'public, max-age=300, s-maxage=300, stale-while-revalidate=86400');
    assert.equal(header('access-control-allow-origin'), '*');
    assert.equal(header('etag'), `"${createHash('sha256').update(body, 'utf8').digest('hex')}"`);
    assert.equal(header('api-version'), '1');
  });

  test('ETag and 304 on a matching If-None-Match (list, W/ prefix, *), 200 on a stale one', async () => {
    const first = await h.request('/api/badge/example.com?style=mini');
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[0-9a-f]{64}"$/);
    for (const field of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await h.request('/api/badge/example.com?style=mini', { headers: { 'if-none-match': field } });
      assert.equal(res.status, 304, field);
      assert.equal(await res.text(), '');
      assert.equal(res.headers.get('etag'), etag);
      assert.match(res.headers.get('cache-control') ?? '', /max-age=300/);
    }
    const stale = await h.request('/api/badge/example.com?style=mini', { headers: { 'if-none-match': '"0000"' } });
    assert.equal(stale.status, 200);
    assert.equal(await stale.text(), renderBadge('A+', 'mini'));
  });

  test('HEAD: the headers of GET, no body', async () => {
    const get = await h.request('/api/badge/example.com');
    await get.text();
    const head = await h.request('/api/badge/example.com', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-type'), SVG);
    assert.equal(head.headers.get('etag'), get.headers.get('etag'));
    assert.equal(await head.text(), '');
  });

  test('anonymous and keys with badges:read are served; a key without it gets 403; an invalid key 401', async () => {
    const { key: full } = await h.createKey();
    const { key: noBadges } = await h.createKey(['tools:read', 'tools:execute']);
    assert.equal(
      (await h.request('/api/badge/example.com', { headers: { authorization: `Bearer ${full}` } })).status,
      200,
    );
    assert.equal((await h.request('/api/badge/example.com', { headers: { 'x-api-key': full } })).status, 200);
    const body = await expectProblem(
      await h.request('/api/badge/example.com', { headers: { authorization: `Bearer ${noBadges}`, accept: PROBLEM } }),
      'forbidden',
    );
    assert.match(body.detail, /badges:read/);
    await expectProblem(
      await h.request('/api/badge/example.com', {
        headers: { authorization: 'Bearer asc_live_notarealkey', accept: PROBLEM },
      }),
      'unauthorized',
    );
  });

  test('a refusal before the badge is drawn as an error badge with its status, unless JSON is asked for', async () => {
    const { key: noBadges } = await h.createKey(['tools:read']);
    for (const [authorization, status, message] of [
      ['Bearer asc_live_notarealkey', 401, 'invalid key'],
      [`Bearer ${noBadges}`, 403, 'key lacks scope'],
    ] as const) {
      const res = await h.request('/api/badge/example.com', { headers: { authorization, accept: 'image/*' } });
      assert.equal(res.status, status);
      assert.equal(res.headers.get('content-type'), SVG);
      assert.equal(res.headers.get('vary'), 'Accept');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(await res.text(), renderErrorBadge(message, 'default'));
    }
  });

  test('own per-minute policy of 120 per client address, which leaves the API’s 10 per minute untouched', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 120; i++) {
      const res = await h.request('/api/badge/example.com', { ip });
      await res.arrayBuffer();
      assert.equal(res.status, 200, `badge request ${i}`);
    }
    const over = await h.request('/api/badge/example.com', { ip, headers: { accept: PROBLEM } });
    await expectProblem(over, 'rate_limit_exceeded');
    assert.ok(Number(over.headers.get('retry-after')) >= 1);
    const image = await h.request('/api/badge/example.com', { ip });
    assert.equal(image.status, 429);
    assert.equal(await image.text(), renderErrorBadge('rate limited', 'default'));
    assert.equal(image.headers.get('retry-after'), over.headers.get('retry-after'));
    assert.equal(image.headers.get('ratelimit-reset'), image.headers.get('retry-after'));
    const api = await h.request(CATALOG, { ip });
    assert.equal(api.status, 200);
    assert.equal(api.headers.get('ratelimit-remaining'), '9');
  });
});

describe('GET /api/badge/{domain} while the store is down', () => {
  let h: Harness;
  let setDown: (down: boolean) => void;
  before(async () => {
    h = await startHarness({
      wrapStore: (memory) => {
        const switchable = switchableStore(memory);
        setDown = (down) => switchable.setDown(down);
        return switchable.store;
      },
    });
    await h.store.setLatestGrade('example.com', 'B+', h.clock.now());
  });

  test('? with a one-minute cache lifetime instead of an error; the grade again once it is back', async () => {
    setDown(true);
    try {
      const res = await h.request('/api/badge/example.com');
      assert.equal(res.status, 200);
      assert.equal(await res.text(), renderBadge(null, 'default'));
      assert.equal(res.headers.get('cache-control'), 'public, max-age=60, s-maxage=60');
      assert.deepEqual(h.errors, []);
    } finally {
      setDown(false);
    }
    const res = await h.request('/api/badge/example.com');
    assert.equal(await res.text(), renderBadge('B+', 'default'));
    assert.match(res.headers.get('cache-control') ?? '', /max-age=300/);
  });
});
