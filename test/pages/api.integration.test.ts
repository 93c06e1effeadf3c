/**
 * The pages through the real server (createApp + srvx), with the routes of src/pages/routes.ts
 * registered in src/app.ts: every URL the catalog hands out answers, with the right content type
 * and headers; every error code has a page; unknown pages are 404 problems.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { ERROR_CODES, errorSlug } from '../../src/http/errors.ts';
import { DOCUMENT_PAGE_CSP, TOOL_PAGE_CSP } from '../../src/pages/send.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import { CATALOG, startHarness, type Harness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

const BASE = 'https://scan.test';
const HTML = 'text/html; charset=utf-8';
let h: Harness;

/** The catalog hands out absolute URLs under BASE_URL; the harness serves them on its own address. */
const get = (url: string, init?: RequestInit) => h.request(url.startsWith(BASE) ? url.slice(BASE.length) : url, init);

interface Catalog {
  tools: { name: string; uiUrl: string; skillUrl: string }[];
  errors: { code: string; type: string }[];
}

before(async () => {
  h = await startHarness();
});

describe('every URL the catalog hands out', () => {
  let catalog: Catalog;
  before(async () => {
    const response = await h.request(CATALOG);
    assert.equal(response.status, 200);
    catalog = (await response.json()) as Catalog;
  });

  test('each uiUrl is an HTML tool page with the tool-page CSP', async () => {
    assert.equal(catalog.tools.length, 2);
    for (const tool of catalog.tools) {
      const response = await get(tool.uiUrl);
      assert.equal(response.status, 200, tool.uiUrl);
      assert.equal(response.headers.get('content-type'), HTML);
      assert.equal(response.headers.get('content-security-policy'), TOOL_PAGE_CSP);
      assert.ok((await response.text()).includes(`data-tool="${tool.name}"`));
    }
  });

  test('each skillUrl is Markdown with Agent Skills front matter naming the tool', async () => {
    for (const tool of catalog.tools) {
      const response = await get(tool.skillUrl);
      assert.equal(response.status, 200, tool.skillUrl);
      assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
      const text = await response.text();
      const match = /^---\n([\s\S]+?)\n---\n/.exec(text);
      assert.ok(match, 'front matter');
      const meta = parseYaml(match[1]!) as Record<string, string>;
      assert.equal(meta.name, tool.name);
      assert.match(meta.description!, /Use when/);
      assert.ok(text.includes(`${BASE}/api/v1/agent/tools/${tool.name}/execute`), 'execute URL from the base URL');
    }
  });

  test('each error type URL is an HTML page; the catalog lists every code', async () => {
    assert.deepEqual(catalog.errors.map((e) => e.code).sort(), [...ERROR_CODES].sort());
    for (const { type } of catalog.errors) {
      const response = await get(type);
      assert.equal(response.status, 200, type);
      assert.equal(response.headers.get('content-type'), HTML);
      assert.equal(response.headers.get('content-security-policy'), DOCUMENT_PAGE_CSP);
    }
  });
});

describe('pages', () => {
  test('every error code has a page, and the index links them all', async () => {
    const index = await (await h.request('/developers/errors')).text();
    for (const code of ERROR_CODES) {
      const response = await h.request(`/developers/errors/${errorSlug(code)}`);
      assert.equal(response.status, 200, code);
      assert.ok((await response.text()).includes(`<code class="error-code">${code}</code>`));
      assert.ok(index.includes(`href="/developers/errors/${errorSlug(code)}"`), code);
    }
  });

  test('HTML pages: CSP, CORP same-origin, no-cache; their assets load with the right types', async () => {
    const pages = [
      '/',
      '/tools/security-headers',
      '/tools/email-security',
      '/developers/errors',
      '/developers/errors/not-found',
    ];
    const assets = new Set<string>();
    for (const path of pages) {
      const response = await h.request(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), HTML);
      assert.equal(
        response.headers.get('content-security-policy'),
        path.startsWith('/tools/') ? TOOL_PAGE_CSP : DOCUMENT_PAGE_CSP,
      );
      assert.equal(response.headers.get('cross-origin-resource-policy'), 'same-origin');
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      for (const m of (await response.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g))
        assets.add(m[1]!.replaceAll('&amp;', '&'));
    }
    assert.equal(assets.size, 2);
    for (const asset of assets) {
      const response = await h.request(asset);
      assert.equal(response.status, 200, asset);
      assert.equal(
        response.headers.get('content-type'),
        asset.startsWith('/assets/tool-page.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
      );
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    }
  });

  test('the landing page links only to paths that answer 200', async () => {
    const page = await (await h.request('/')).text();
    const hrefs = [...page.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    for (const path of [
      '/tools/security-headers',
      '/agent-skills/email-security.md',
      '/openapi.json',
      '/llms.txt',
      '/developers/errors',
      '/api/v1/agent/tools',
    ])
      assert.ok(hrefs.includes(path), path);
    for (const path of new Set(hrefs)) assert.equal((await h.request(path)).status, 200, path);
  });

  test('llms.txt is text/plain in the llms.txt format, with absolute links', async () => {
    const response = await h.request('/llms.txt');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    const text = await response.text();
    assert.match(text, /^# Agent Scan API\n\n> .+\n/);
    for (const url of [
      `${BASE}/api/v1/agent/tools`,
      `${BASE}/openapi.json`,
      `${BASE}/agent-skills/security-headers.md`,
      `${BASE}/tools/email-security`,
      `${BASE}/developers/errors`,
    ]) {
      assert.ok(text.includes(`](${url})`), url);
    }
  });

  test("a tool page's headers grade A+ (140, as docs/pages.md says) on our own security-headers analyzer", async () => {
    const response = await h.request('/tools/security-headers');
    const headers = [...response.headers] as [string, string][];
    const outcome = gradeCapture({
      host: 'scan.test',
      http: null,
      https: { verified: true, chain: [{ url: `${BASE}/tools/security-headers`, status: 200, headers }] },
      cors: null,
      html: await response.text(),
    });
    assert.equal(outcome.grade, 'A+', outcome.result.message);
    assert.equal(outcome.gradeScore, 140);
  });

  test('a trailing slash is the same page, for pages with a name in the path too', async () => {
    for (const path of ['/tools/security-headers/', '/agent-skills/email-security.md/', '/developers/errors/gone//']) {
      const response = await h.request(path);
      assert.equal(response.status, 200, path);
      await response.arrayBuffer();
    }
    const post = await h.request('/tools/security-headers/', { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
    await post.arrayBuffer();
  });

  test('HEAD answers without a body; If-None-Match revalidates with 304', async () => {
    const head = await h.request('/tools/email-security', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    const etag = head.headers.get('etag');
    assert.ok(etag);
    const again = await h.request('/tools/email-security', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });

  test('pages do not count against the per-minute API limit', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 12; i++) assert.equal((await h.request('/llms.txt', { ip })).status, 200);
    assert.equal((await h.request(CATALOG, { ip })).headers.get('ratelimit-remaining'), '9');
  });
});

describe('unknown pages are 404 problems', () => {
  for (const path of [
    '/tools/unknown',
    '/tools/website-security',
    '/agent-skills/unknown.md',
    '/developers/errors/unknown',
  ]) {
    test(path, async () => {
      await expectProblem(await h.request(path), 'not_found');
    });
  }
});
