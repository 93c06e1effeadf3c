import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { BADGE_CACHE_CONTROL, BADGE_CACHE_CONTROL_DEGRADED, BADGE_CSP } from '../../src/badge/route.ts';
import { renderBadge } from '../../src/badge/render.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { localBadgeApp, type LocalBadgeApp } from './local-app.ts';

describe('badge handler (local router)', () => {
  let app: LocalBadgeApp;
  before(async () => {
    app = localBadgeApp();
    await app.memory.setLatestGrade('example.com', 'A+', 1);
    await app.memory.setLatestGrade('xn--bcher-kva.de', 'C-', 1);
  });

  test('200 SVG with the stored grade and the badge headers', async () => {
    const res = await app.get('/api/badge/example.com');
    const body = await res.text();
    assert.equal(res.status, 200);
    assert.equal(body, renderBadge('A+', 'default'));
    assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    assert.equal(res.headers.get('content-security-policy'), BADGE_CSP);
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(res.headers.get('cache-control'), BADGE_CACHE_CONTROL);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('etag'), `"${createHash('sha256').update(body).digest('hex')}"`);
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

  test('each style', async () => {
    for (const style of ['default', 'compact', 'mini'] as const) {
      const res = await app.get(`/api/badge/example.com?style=${style}`);
      assert.equal(await res.text(), renderBadge('A+', style), style);
    }
  });

  test('unknown, empty or repeated style → 400 listing the three', async () => {
    for (const query of ['style=flat', 'style=', 'style=MINI', 'style=mini&style=compact']) {
      const body = await expectProblem(await app.get(`/api/badge/example.com?${query}`), 'bad_request');
      assert.match(body.detail, /default, compact, mini/, query);
    }
  });

  test('other query parameters (cache busters) are ignored', async () => {
    const res = await app.get('/api/badge/example.com?v=2&cacheSeconds=1');
    assert.equal(res.status, 200);
  });

  test('invalid domain → 400 problem that says why', async () => {
    const body = await expectProblem(await app.get('/api/badge/127.0.0.1'), 'bad_request');
    assert.match(body.detail, /IP address/);
    assert.match(body.error.hint, /\/api\/badge\/example\.com/);
    assert.match((await expectProblem(await app.get('/api/badge/localhost'), 'bad_request')).detail, /no dot/);
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
      assert.match(res.headers.get('cache-control')!, /max-age=60\b/);
      assert.deepEqual(app.errors, []);
    } finally {
      app.setStoreDown(false);
    }
    assert.equal(await (await app.get('/api/badge/example.com?style=mini')).text(), renderBadge('A+', 'mini'));
  });
});
