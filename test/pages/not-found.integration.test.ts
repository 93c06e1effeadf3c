/**
 * Unknown paths through the real server: a browser outside the API gets an HTML 404 page with the
 * ways on (src/pages/not-found-page.ts); every other client, and every path under the API, MCP, the
 * OpenAPI document and the probes, gets the not_found problem as before.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { DOCUMENT_PAGE_CSP } from '../../src/pages/send.ts';
import { CATALOG, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { rawRequest } from '../support/raw-http.ts';

/** What Chromium sends when it navigates. */
const BROWSER =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,' +
  'application/signed-exchange;v=b3;q=0.7';

let h: Harness;
before(async () => {
  h = await startHarness({ socket: true });
});

const browse = (path: string, init: RequestInit & { ip?: string } = {}) =>
  h.request(path, { ...init, headers: { accept: BROWSER, ...init.headers } });

describe('a browser on an unknown path outside the API', () => {
  test('gets a 404 HTML page under the document CSP, not stored, varying with Accept', async () => {
    const response = await browse('/nope', { headers: { 'x-request-id': 'trace-42' } });
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(response.headers.get('content-security-policy'), DOCUMENT_PAGE_CSP);
    assert.equal(response.headers.get('vary'), 'Accept');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.ok(response.headers.get('permissions-policy'));
    assert.equal(response.headers.get('x-request-id'), 'trace-42');
    assert.equal(response.headers.get('api-version'), '1');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('ratelimit-limit'), '120', 'the page budget is shown');
    const page = await response.text();
    assert.ok(page.includes('<h1>Page not found</h1>'));
    assert.ok(page.includes('<code class="not-found-path">/nope</code>'));
    assert.ok(page.includes('<code class="request-id">trace-42</code>'), 'the request id to quote');
    assert.ok(page.includes('<meta name="robots" content="noindex">'));
  });

  test('links home, to the tool pages, the error codes, the OpenAPI document, the catalog and llms.txt', async () => {
    const page = await (await browse('/nope')).text();
    const links = new Set([...page.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!));
    for (const path of [
      '/',
      '/tools/security-headers',
      '/tools/email-security',
      '/developers/errors',
      '/developers/errors/not-found',
      '/openapi.json',
      CATALOG,
      '/llms.txt',
    ])
      assert.ok(links.has(path), path);
  });

  test('is never counted against the per-minute limit', async () => {
    const ip = '203.0.113.91';
    for (let i = 0; i < 12; i++) assert.equal((await browse('/nope', { ip })).status, 404);
    assert.equal((await h.request(CATALOG, { ip })).headers.get('ratelimit-remaining'), '9');
  });

  test('HEAD: the same status and headers, no body', async () => {
    const head = await browse('/nope', { method: 'HEAD' });
    assert.equal(head.status, 404);
    assert.equal(head.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(head.headers.get('vary'), 'Accept');
    assert.equal(await head.text(), '');
  });

  test('a hostile path is shown escaped, and a long one cut short', async () => {
    const hostile = await (await browse(`/'x'<script>alert(1)</script>"`)).text();
    assert.ok(!hostile.includes('<script'), 'no markup from the path');
    assert.ok(
      hostile.includes('/&#39;x&#39;&lt;script&gt;alert(1)&lt;/script&gt;&quot;'),
      'the path as typed, escaped',
    );
    const long = `/${'a'.repeat(5000)}`;
    const page = await (await browse(long)).text();
    assert.ok(page.includes(`<code class="not-found-path">/${'a'.repeat(79)}…</code>`));
    const unicode = await (await browse(`/caf%C3%A9${'%C3%A9'.repeat(100)}`)).text();
    assert.ok(
      unicode.includes(`<code class="not-found-path">/caf${'é'.repeat(76)}…</code>`),
      'decoded, cut between characters',
    );
    assert.ok(page.length < 10_000);
  });

  test('an unknown tool, skill or error code is the page too, saying what is missing', async () => {
    const cases: [string, string][] = [
      ['/tools/nope', 'There is no tool page named &quot;nope&quot;.'],
      ['/tools/website-security', 'This service has no page for the website-security tool'],
      ['/agent-skills/nope.md', 'There is no agent skill named &quot;nope.md&quot;.'],
      ['/developers/errors/nope', 'There is no error code with the slug &quot;nope&quot;.'],
    ];
    for (const [path, detail] of cases) {
      const response = await browse(path);
      assert.equal(response.status, 404, path);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8', path);
      assert.equal(response.headers.get('vary'), 'Accept', path);
      assert.ok((await response.text()).includes(detail), path);
    }
  });
});

describe('every other client gets the problem', () => {
  test('Accept JSON, any type, or none on an unknown page path: the problem, varying with Accept', async () => {
    for (const accept of ['application/json', 'application/problem+json', '*/*', 'text/html, application/json']) {
      const response = await h.request('/nope', { headers: { accept } });
      assert.equal(response.headers.get('vary'), 'Accept', accept);
      await expectProblem(response, 'not_found');
    }
    const bare = await rawRequest(h.url, 'GET /nope HTTP/1.1\r\nHost: scan.test\r\nConnection: close\r\n\r\n');
    assert.equal(bare.status, 404);
    assert.match(bare.headers['content-type'] ?? '', /^application\/problem\+json/);
    await expectProblem(await h.request('/tools/nope', { headers: { accept: 'application/json' } }), 'not_found');
  });

  test('under /api/, /mcp, /openapi.json and the probes a browser gets the problem too, as before', async () => {
    for (const path of ['/api/v1/nope', '/api/nope', '/mcp/nope', '/openapi.json/nope', '/healthz/nope', '/readyz/x']) {
      const response = await browse(path);
      assert.equal(response.headers.get('vary'), null, path);
      await expectProblem(response, 'not_found');
    }
  });

  test('another method on an unknown path is the problem, whatever Accept says', async () => {
    await expectProblem(await browse('/nope', { method: 'POST', body: '{}' }), 'not_found');
  });
});
