/**
 * The page handlers called directly (no router): status, content type, CSP and caching headers,
 * 404 problems, ETag revalidation, and an A+ from our own security-headers analyzer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ERROR_CODES, errorSlug } from '../../src/http/errors.ts';
import { SITE_STYLESHEET, TOOL_PAGE_SCRIPT } from '../../src/pages/assets.ts';
import {
  agentSkill,
  errorIndexPage,
  errorPage,
  landingPage,
  llmsTxt,
  siteStylesheet,
  toolPage,
  toolPageScript,
} from '../../src/pages/routes.ts';
import { ifNoneMatchMatches } from '../../src/http/etag.ts';
import { DOCUMENT_PAGE_CSP, TOOL_PAGE_CSP } from '../../src/pages/send.ts';
import type { Handler } from '../../src/context.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { BASE, callHandler } from './page-context.ts';

const HTML = 'text/html; charset=utf-8';

const PAGES: { path: string; handler: Handler; csp: string }[] = [
  { path: '/', handler: landingPage, csp: DOCUMENT_PAGE_CSP },
  { path: '/tools/security-headers', handler: toolPage, csp: TOOL_PAGE_CSP },
  { path: '/tools/email-security', handler: toolPage, csp: TOOL_PAGE_CSP },
  { path: '/developers/errors', handler: errorIndexPage, csp: DOCUMENT_PAGE_CSP },
  ...ERROR_CODES.map((code) => ({
    path: `/developers/errors/${errorSlug(code)}`,
    handler: errorPage,
    csp: DOCUMENT_PAGE_CSP,
  })),
];

/** What our own scanner would see if it fetched this response over https (no http session). */
async function selfGrade(url: string, response: Response) {
  const body = await response.text();
  const headers = [...response.headers] as [string, string][];
  return gradeCapture({
    host: new URL(url).hostname,
    http: null,
    https: { verified: true, chain: [{ url, status: response.status, headers }] },
    cors: null,
    html: body,
  });
}

describe('HTML pages', () => {
  for (const { path, handler, csp } of PAGES) {
    test(`${path}: 200 HTML, page CSP, CORP same-origin, no-cache, ETag; grades A+ (140) on our scanner`, async () => {
      const response = await callHandler(handler, BASE + path);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), HTML);
      assert.equal(response.headers.get('content-security-policy'), csp);
      assert.equal(response.headers.get('cross-origin-resource-policy'), 'same-origin');
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      assert.match(response.headers.get('etag') ?? '', /^"[0-9a-z]+"$/);
      assert.equal(response.headers.get('x-frame-options'), 'DENY', 'the standard headers are kept');
      const outcome = await selfGrade(BASE + path, response);
      assert.equal(outcome.grade, 'A+', outcome.result.message);
      assert.equal(outcome.gradeScore, 140, 'the score docs/pages.md gives');
      const details = outcome.result.details as { testsFailed: number; findings: { severity: string; id: string }[] };
      assert.equal(details.testsFailed, 0);
      assert.deepEqual(
        details.findings.filter((f) => f.severity === 'high' || f.severity === 'medium'),
        [],
      );
      assert.equal(outcome.result.status, 'passed');
    });
  }

  test('a matching If-None-Match gets 304 without a body', async () => {
    const first = await callHandler(toolPage, `${BASE}/tools/email-security`);
    const etag = first.headers.get('etag')!;
    const second = await callHandler(toolPage, `${BASE}/tools/email-security`, {
      headers: { 'if-none-match': `W/${etag}, "other"` },
    });
    assert.equal(second.status, 304);
    assert.equal(await second.text(), '');
    assert.equal(second.headers.get('etag'), etag);
    assert.equal(second.headers.get('cache-control'), 'no-cache');
    assert.equal(ifNoneMatchMatches('*', etag), true);
    assert.equal(ifNoneMatchMatches('"nope"', etag), false);
    assert.equal(ifNoneMatchMatches(null, etag), false);
  });

  test('the pages link the current versions of the assets', async () => {
    const page = await (await callHandler(toolPage, `${BASE}/tools/security-headers`)).text();
    assert.ok(page.includes(`src="/assets/tool-page.js?v=${TOOL_PAGE_SCRIPT.hash}"`));
    assert.ok(page.includes(`href="/assets/site.css?v=${SITE_STYLESHEET.hash}"`));
  });

  test('without BASE_URL the request origin is used', async () => {
    const response = await callHandler(toolPage, 'http://127.0.0.1:9/tools/security-headers', {}, { BASE_URL: '' });
    assert.ok((await response.text()).includes('POST http://127.0.0.1:9/api/v1/agent/tools/security-headers/execute'));
  });
});

describe('not found', () => {
  for (const path of [
    '/tools/unknown',
    '/tools/website-security',
    '/tools/',
    '/developers/errors/nope',
    '/developers/errors/rate_limit_exceeded',
    '/agent-skills/nope.md',
    '/agent-skills/security-headers',
    '/agent-skills/security-headers.txt',
  ]) {
    test(`${path} is a 404 problem`, async () => {
      const handler = path.startsWith('/tools/')
        ? toolPage
        : path.startsWith('/agent-skills/')
          ? agentSkill
          : errorPage;
      const body = await expectProblem(await callHandler(handler, BASE + path), 'not_found');
      assert.match(body.error.hint, /https:\/\/scan\.test\//);
    });
  }

  test('the tools that run elsewhere say so', async () => {
    const body = await expectProblem(await callHandler(toolPage, `${BASE}/tools/website-security`), 'not_found');
    assert.match(body.detail, /website-security.*browser.*email verification/);
  });
});

describe('documents for agents', () => {
  test('skills are text/markdown, cached for 5 minutes', async () => {
    for (const name of ['security-headers', 'email-security']) {
      const response = await callHandler(agentSkill, `${BASE}/agent-skills/${name}.md`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=300');
      assert.ok((await response.text()).startsWith(`---\nname: ${name}\n`));
    }
  });

  test('llms.txt is text/plain', async () => {
    const response = await callHandler(llmsTxt, `${BASE}/llms.txt`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.ok((await response.text()).startsWith('# Agent Scan API\n\n> '));
  });
});

describe('assets', () => {
  const cases = [
    { handler: toolPageScript, asset: TOOL_PAGE_SCRIPT, type: 'text/javascript; charset=utf-8' },
    { handler: siteStylesheet, asset: SITE_STYLESHEET, type: 'text/css; charset=utf-8' },
  ];
  for (const { handler, asset, type } of cases) {
    test(`${asset.path}: content type; a year and immutable with the current hash, no-cache otherwise`, async () => {
      const versioned = await callHandler(handler, `${BASE}${asset.path}?v=${asset.hash}`);
      assert.equal(versioned.status, 200);
      assert.equal(versioned.headers.get('content-type'), type);
      assert.equal(versioned.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(versioned.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(await versioned.text(), asset.body);
      for (const query of ['', '?v=old']) {
        const other = await callHandler(handler, `${BASE}${asset.path}${query}`);
        assert.equal(other.headers.get('cache-control'), 'no-cache');
        assert.equal(await other.text(), asset.body);
      }
    });
  }
});
