import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { BADGE_CACHE_CONTROL, BADGE_CACHE_CONTROL_DEGRADED, BADGE_CSP } from '../../src/badge/route.ts';
import { renderBadge, renderErrorBadge } from '../../src/badge/render.ts';
import { SCAN_RECORD_TTL_MS } from '../../src/store/port.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { localBadgeApp, type LocalBadgeApp } from './local-app.ts';

const SVG = 'image/svg+xml; charset=utf-8';
/** The local app's clock. */
const NOW = 1_800_000_000_000;
const sha256 = (body: string) => `"${createHash('sha256').update(body).digest('hex')}"`;

describe('badge handler (local router)', () => {
  let app: LocalBadgeApp;
  before(async () => {
    app = localBadgeApp();
    await app.memory.setLatestGrade('example.com', 'A+', 1);
    await app.memory.setLatestGrade('example.com', 'B-', NOW - 1000, 'security-headers');
    await app.memory.setLatestGrade('example.com', 'D', NOW - 1000, 'email-security');
    await app.memory.setLatestGrade('xn--bcher-kva.de', 'C-', 1);
  });

  test('200 SVG with the stored grade and the badge headers', async () => {
    const res = await app.get('/api/badge/example.com');
    const body = await res.text();
    assert.equal(res.status, 200);
    assert.equal(body, renderBadge('A+', 'default'));
    assert.equal(res.headers.get('content-type'), SVG);
    assert.equal(res.headers.get('content-security-policy'), BADGE_CSP);
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(res.headers.get('cache-control'), BADGE_CACHE_CONTROL);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('etag'), sha256(body));
    assert.equal(res.headers.get('vary'), null, 'a badge does not depend on Accept');
  });

  test('every pasted form of the domain finds the same grade', async () => {
    for (const path of [
      'https://www.Example.com/page?x=1',
      'https:/example.com',
      'https%3A%2F%2Fexample.com%2F',
      'EXAMPLE.com.',
      'example.com:8443/',
      'www.example.com',
    ]) {
      const res = await app.get(`/api/badge/${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(await res.text(), renderBadge('A+', 'default'), path);
    }
    for (const path of ['bücher.de', 'b%C3%BCcher.de', 'https://www.BÜCHER.de/']) {
      assert.equal(await (await app.get(`/api/badge/${path}`)).text(), renderBadge('C-', 'default'), path);
    }
  });

  test('? when no grade is stored, with the normal cache lifetime', async () => {
    const res = await app.get('/api/badge/ungraded.example');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), renderBadge(null, 'default'));
    assert.equal(res.headers.get('cache-control'), BADGE_CACHE_CONTROL);
  });

  test('each style, and shields’ names for two of them', async () => {
    const styles = [
      ['default', 'default'],
      ['compact', 'compact'],
      ['mini', 'mini'],
      ['flat', 'default'],
      ['flat-square', 'compact'],
    ] as const;
    for (const [asked, drawn] of styles) {
      const res = await app.get(`/api/badge/example.com?style=${asked}`);
      assert.equal(await res.text(), renderBadge('A+', drawn), asked);
    }
  });

  test('each tool: its own latest grade under its own label; website-security is the default', async () => {
    const cases = [
      ['', 'A+', 'security'],
      ['?tool=website-security', 'A+', 'security'],
      ['?tool=security-headers', 'B-', 'security headers'],
      ['?tool=email-security&style=compact', 'D', 'email security'],
    ] as const;
    for (const [query, grade, label] of cases) {
      const res = await app.get(`/api/badge/example.com${query}`);
      assert.equal(res.status, 200, query);
      assert.equal(await res.text(), renderBadge(grade, query.includes('compact') ? 'compact' : 'default', label));
    }
    const none = await app.get('/api/badge/ungraded.example?tool=email-security');
    assert.equal(await none.text(), renderBadge(null, 'default', 'email security'));
  });

  test('label replaces the left text and stays in the accessible name of the mini badge', async () => {
    const res = await app.get('/api/badge/example.com?tool=security-headers&label=' + encodeURIComponent('my site'));
    assert.equal(await res.text(), renderBadge('B-', 'default', 'my site'));
    const mini = await (await app.get('/api/badge/example.com?label=prod&style=mini')).text();
    assert.match(mini, /aria-label="prod: A\+"/);
  });

  test('format=shields: endpoint JSON with the SVG’s grade, label and colour, cached and tagged alike', async () => {
    const res = await app.get('/api/badge/example.com?tool=security-headers&format=shields');
    const body = await res.text();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json');
    assert.deepEqual(JSON.parse(body), {
      schemaVersion: 1,
      label: 'security headers',
      message: 'B-',
      color: 'yellowgreen',
      cacheSeconds: 300,
    });
    assert.equal(res.headers.get('cache-control'), BADGE_CACHE_CONTROL);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('etag'), sha256(body));
    const again = await app.get('/api/badge/example.com?tool=security-headers&format=shields', {
      'if-none-match': sha256(body),
    });
    assert.equal(again.status, 304);
    const unknown = await (await app.get('/api/badge/ungraded.example?format=shields')).json();
    assert.deepEqual([unknown.label, unknown.message, unknown.color], ['security', '?', 'lightgrey']);
  });

  test('a scan’s grade shows for 30 days by the app’s clock; the operator’s grade does not expire', async () => {
    await app.memory.setLatestGrade('aged.example', 'A', NOW - SCAN_RECORD_TTL_MS, 'security-headers');
    await app.memory.setLatestGrade('aged.example', 'B', NOW - SCAN_RECORD_TTL_MS - 1, 'email-security');
    await app.memory.setLatestGrade('aged.example', 'C', NOW - 10 * SCAN_RECORD_TTL_MS);
    const badge = async (query: string) => (await app.get(`/api/badge/aged.example${query}`)).text();
    assert.equal(await badge('?tool=security-headers'), renderBadge('A', 'default', 'security headers'));
    assert.equal(await badge('?tool=email-security'), renderBadge(null, 'default', 'email security'));
    assert.equal(await badge(''), renderBadge('C', 'default'));
  });

  test('other query parameters (cache busters) are ignored', async () => {
    const res = await app.get('/api/badge/example.com?v=2&cacheSeconds=1');
    assert.equal(res.status, 200);
  });

  test('If-None-Match with the ETag → 304 without a body, with the caching headers', async () => {
    const first = await app.get('/api/badge/example.com?style=compact');
    const etag = first.headers.get('etag')!;
    for (const field of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await app.get('/api/badge/example.com?style=compact', { 'if-none-match': field });
      assert.equal(res.status, 304, field);
      assert.equal(await res.text(), '');
      assert.equal(res.headers.get('etag'), etag);
      assert.equal(res.headers.get('cache-control'), BADGE_CACHE_CONTROL);
      assert.equal(res.headers.get('content-type'), null);
    }
    const other = await app.get('/api/badge/example.com?style=mini', { 'if-none-match': etag });
    assert.equal(other.status, 200, 'another style has another tag');
  });

  test('store down: ? with a one-minute cache lifetime, not an error', async () => {
    app.setStoreDown(true);
    try {
      const res = await app.get('/api/badge/example.com?style=mini');
      assert.equal(res.status, 200);
      assert.equal(await res.text(), renderBadge(null, 'mini'));
      assert.equal(res.headers.get('cache-control'), BADGE_CACHE_CONTROL_DEGRADED);
      const shields = await app.get('/api/badge/example.com?format=shields&tool=email-security');
      assert.equal((await shields.json()).message, '?');
      assert.equal(shields.headers.get('cache-control'), BADGE_CACHE_CONTROL_DEGRADED);
      assert.deepEqual(app.errors, []);
    } finally {
      app.setStoreDown(false);
    }
    assert.equal(await (await app.get('/api/badge/example.com?style=mini')).text(), renderBadge('A+', 'mini'));
  });
});

describe('badge handler: a wrong parameter', () => {
  const app = localBadgeApp();
  const ERRORS = [
    ['/api/badge/127.0.0.1', 'invalid domain', /IP address/],
    ['/api/badge/localhost', 'invalid domain', /no dot/],
    ['/api/badge/example.com?style=plastic', 'invalid style', /default, compact, mini/],
    ['/api/badge/example.com?style=mini&style=compact', 'invalid style', /2 times/],
    ['/api/badge/example.com?tool=react2shell', 'invalid tool', /security-headers, email-security/],
    ['/api/badge/example.com?format=png', 'invalid format', /shields/],
    ['/api/badge/example.com?label=', 'invalid label', /1 to 40/],
  ] as const;

  for (const [path, message, detail] of ERRORS) {
    test(`${path}: a 400 error badge "${message}", or the problem to a client that asks for JSON`, async () => {
      const res = await app.get(path);
      const body = await res.text();
      assert.equal(res.status, 400);
      assert.equal(res.headers.get('content-type'), SVG);
      assert.equal(body, renderErrorBadge(message, 'default'));
      assert.equal(res.headers.get('content-security-policy'), BADGE_CSP);
      assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
      assert.equal(res.headers.get('cache-control'), BADGE_CACHE_CONTROL);
      assert.equal(res.headers.get('vary'), 'Accept');
      assert.equal(res.headers.get('etag'), null, 'no validator: conditional requests apply to 200s only');
      for (const accept of ['application/problem+json', 'application/json', 'text/html, application/json;q=0.5']) {
        const problem = await expectProblem(await app.get(path, { accept }), 'bad_request');
        assert.match(problem.detail, detail, accept);
      }
    });
  }

  test('browsers, curl and wildcards get the badge; a JSON type refused with q=0 does not count', async () => {
    for (const accept of [
      'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
      '*/*',
      'application/*',
      'application/json;q=0',
      'application/problem+json; q=0.0',
      '',
    ]) {
      const res = await app.get('/api/badge/localhost', accept ? { accept } : {});
      assert.equal(res.status, 400, accept);
      assert.equal(res.headers.get('content-type'), SVG, accept);
    }
  });

  test('the error badge keeps the style, tool label and label that were right', async () => {
    const cases = [
      ['/api/badge/localhost?style=mini', renderErrorBadge('invalid domain', 'mini')],
      [
        '/api/badge/localhost?style=flat-square&tool=email-security',
        renderErrorBadge('invalid domain', 'compact', 'email security'),
      ],
      ['/api/badge/localhost?label=docs', renderErrorBadge('invalid domain', 'default', 'docs')],
      ['/api/badge/example.com?style=x&label=docs', renderErrorBadge('invalid style', 'default', 'docs')],
    ] as const;
    for (const [path, svg] of cases) assert.equal(await (await app.get(path)).text(), svg, path);
  });

  test('format=shields: shields’ error JSON, 200 (shields reads no other status); a problem on request', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const res = await app.get('/api/badge/localhost?format=shields&tool=security-headers', accept ? { accept } : {});
      assert.equal(res.status, 200, accept);
      assert.equal(res.headers.get('content-type'), 'application/json');
      assert.equal(res.headers.get('vary'), 'Accept');
      assert.deepEqual(await res.json(), {
        schemaVersion: 1,
        label: 'security headers',
        message: 'invalid domain',
        color: 'red',
        cacheSeconds: 300,
        isError: true,
      });
    }
    await expectProblem(
      await app.get('/api/badge/localhost?format=shields', { accept: 'application/problem+json' }),
      'bad_request',
    );
  });
});
