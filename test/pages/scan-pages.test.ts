/**
 * The page handlers that read stored scans, called directly with an in-memory store: a tool page
 * for a target, the page of one scan, the HTML 404 of an unknown or expired id, their headers
 * (the tool-page CSP, revalidated, kept by no shared cache) and an A+ from our own analyzer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { IRequest } from 'itty-router';
import type { Handler } from '../../src/context.ts';
import { scanPage, toolPage } from '../../src/pages/routes.ts';
import { DOCUMENT_PAGE_CSP, TOOL_PAGE_CSP } from '../../src/pages/send.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { Store, StoredScan } from '../../src/store/port.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import { switchableStore } from '../support/failing-store.ts';
import { BASE, requestContext, testServices } from '../support/request-context.ts';

const NOW = 1_700_000_000_000;
const SCAN: StoredScan = {
  scanId: 'Zm9vYmFyYmF6cXV4MDEyMz',
  tool: 'security-headers',
  target: 'https://example.com/',
  selectors: [],
  scannedAt: NOW - 12 * 60_000,
  assessed: true,
  grade: 'A',
  gradeScore: 105,
  result: { status: 'passed', message: 'All tests passed.', details: {} },
};

async function withScan(): Promise<Store> {
  const store = new MemoryStore({ now: () => NOW });
  await store.saveScan(SCAN, null);
  return store;
}

async function call(handler: Handler, path: string, store: Store, init: RequestInit = {}): Promise<Response> {
  const ctx = requestContext(BASE + path, { services: testServices({ store }) });
  const response = await handler(new Request(BASE + path, init) as unknown as IRequest, ctx);
  if (!response) throw new Error('the handler passed the request on');
  return response;
}

function assertStoredPageHeaders(response: Response): void {
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(response.headers.get('content-security-policy'), TOOL_PAGE_CSP);
  assert.equal(response.headers.get('cache-control'), 'private, no-cache');
  assert.match(response.headers.get('etag') ?? '', /^"[0-9a-z]+"$/);
}

describe('/tools/{tool}?target=', () => {
  test('shows the newest stored scan of the target as typed, without scanning', async () => {
    const response = await call(toolPage, '/tools/security-headers?target=example.com', await withScan());
    assertStoredPageHeaders(response);
    const page = await response.text();
    assert.ok(page.includes('value="example.com"'));
    assert.ok(page.includes('Scanned <time datetime="2023-11-14T22:01:20.000Z">12 minutes ago</time>'));
    assert.ok(page.includes(`"scanId":"${SCAN.scanId}"`));
  });

  test('a target with nothing stored (or not valid): the form filled in', async () => {
    for (const target of ['other.example', 'exa mple']) {
      const response = await call(
        toolPage,
        `/tools/security-headers?target=${encodeURIComponent(target)}`,
        await withScan(),
      );
      assertStoredPageHeaders(response);
      const page = await response.text();
      assert.ok(page.includes('No result from the last 30 days is stored for'), target);
      assert.ok(!page.includes('id="scan-data"'), target);
    }
  });

  test('an empty target is the plain tool page, cached and shared like before', async () => {
    const response = await call(toolPage, '/tools/security-headers?target=+', await withScan());
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.ok(
      !(await response.text()).includes('id="results" class="results" aria-label="Scan results" tabindex="-1"><h2>'),
    );
  });

  test('a store that cannot answer does not take the page down', async () => {
    const switchable = switchableStore(await withScan());
    switchable.setDown(true);
    const response = await call(toolPage, '/tools/security-headers?target=example.com', switchable.store);
    assert.equal(response.status, 200);
    assert.ok((await response.text()).includes('Stored results cannot be read right now'));
  });
});

describe('/scans/{scanId}', () => {
  test("the scan on its tool's page; If-None-Match revalidates with 304", async () => {
    const store = await withScan();
    const response = await call(scanPage, `/scans/${SCAN.scanId}`, store);
    assertStoredPageHeaders(response);
    const page = await response.text();
    assert.ok(page.includes('data-tool="security-headers"'));
    assert.ok(page.includes('value="https://example.com/"'));
    assert.ok(page.includes('<p class="message">All tests passed.</p>'));
    const again = await call(scanPage, `/scans/${SCAN.scanId}`, store, {
      headers: { 'if-none-match': response.headers.get('etag')! },
    });
    assert.equal(again.status, 304);
  });

  test('grades A+ (140) on our own analyzer, like every page', async () => {
    const response = await call(scanPage, `/scans/${SCAN.scanId}`, await withScan());
    const outcome = gradeCapture({
      host: 'scan.test',
      http: null,
      https: {
        verified: true,
        chain: [
          { url: `${BASE}/scans/${SCAN.scanId}`, status: 200, headers: [...response.headers] as [string, string][] },
        ],
      },
      cors: null,
      html: await response.text(),
    });
    assert.equal(outcome.grade, 'A+', outcome.result.message);
    assert.equal(outcome.gradeScore, 140);
  });

  for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id', '%3Cscript%3E']) {
    test(`an unknown id (${id}) is an HTML 404 page with links on`, async () => {
      const response = await call(scanPage, `/scans/${id}`, await withScan());
      assert.equal(response.status, 404);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(response.headers.get('content-security-policy'), DOCUMENT_PAGE_CSP);
      const page = await response.text();
      assert.match(page, /<h1>Scan not found<\/h1>/);
      for (const href of ['/tools/security-headers', '/tools/email-security', '/'])
        assert.ok(page.includes(`href="${href}"`), href);
      assert.ok(!page.includes('<script>'));
    });
  }
});
