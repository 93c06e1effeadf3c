/**
 * The error pages and the not-found page in Chromium, every request answered in-process by the app
 * itself (its router, headers and CSP): the error index reads at a phone's width and a desktop's,
 * no error code is broken across lines, and a browser on an unknown path gets a page with the ways
 * on. No console error or warning on any of them (an unknown Permissions-Policy feature would be one).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { ERROR_CODES, errorSlug } from '../../src/http/errors.ts';
import { toolPagePath } from '../../src/paths.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import { ALLOWLISTED_TOOLS } from '../../src/tools/registry.ts';
import { artifactPath, browser } from '../support/browser.ts';
import { atEnd } from '../support/cleanup.ts';
import { collectProblems } from './browser-page.ts';
import { BASE } from './page-context.ts';

const app = createApp({
  config: parseConfig({ BASE_URL: BASE, ACCOUNT_URL: 'https://account.scan.test/keys' }),
  store: new MemoryStore(),
});

interface Opened {
  page: Page;
  status: number | undefined;
  requestId: string | null | undefined;
  problems: string[];
}

async function open(path: string, width: number): Promise<Opened> {
  const context = await (await browser()).newContext({ viewport: { width, height: 800 } });
  atEnd(() => context.close());
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (!request.url().startsWith(`${BASE}/`)) return route.abort();
    const response = await app.fetch(
      new Request(request.url(), { method: request.method(), headers: request.headers() }),
    );
    return route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  const response = await page.goto(`${BASE}${path}`);
  return { page, status: response?.status(), requestId: await response?.headerValue('x-request-id'), problems };
}

/** No horizontal scrolling of the page itself. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The text of every `selector` element that is laid out on more than one line. */
const wrapped = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements.filter((e) => e.getClientRects().length !== 1).map((e) => e.textContent ?? ''),
  );

/** Each place where a line inside a `<code>` (outside `<pre>`) ends between two letters or digits. */
const midWordBreaks = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const code of document.querySelectorAll('main code')) {
      if (code.closest('pre')) continue;
      let top: number | null = null;
      let previous = '';
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.data.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          const char = node.data[i]!;
          if (rect && top !== null && rect.top > top + 2 && /\w/.test(previous) && /\w/.test(char))
            found.push(`${code.textContent} (${previous}|${char})`);
          if (rect) top = rect.top;
          previous = char;
        }
      }
    }
    return found;
  });

describe('the error index', () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: every code on one line, no horizontal scrolling, no console problem`, async () => {
      const { page, status, problems } = await open('/developers/errors', width);
      assert.equal(status, 200);
      assert.equal(await page.locator('.error-table code').count(), ERROR_CODES.length);
      assert.deepEqual(await wrapped(page, '.error-table code'), []);
      assert.deepEqual(await midWordBreaks(page), []);
      assert.equal(await fitsWidth(page), true);
      await page.screenshot({ path: artifactPath(`error-index-${width}.png`), fullPage: true });
      assert.deepEqual(problems, []);
    });
  }

  test('below 40rem each error is a card: the meaning takes the full width under status and code', async () => {
    const { page } = await open('/developers/errors', 390);
    const row = page.locator('.error-table tbody tr').first();
    const [card, status, meaning] = await Promise.all(
      [row, row.locator('td.num'), row.locator('td.meaning')].map((l) => l.boundingBox()),
    );
    assert.ok(card && status && meaning);
    assert.equal(meaning.x, card.x);
    assert.equal(meaning.width, card.width);
    assert.ok(meaning.y >= status.y + status.height, 'below the status line');
  });

  test('at 1280 px it is a table: the cells of a row side by side', async () => {
    const { page } = await open('/developers/errors', 1280);
    const row = page.locator('.error-table tbody tr').first();
    const tops = await row.locator('th, td').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().top));
    assert.equal(tops.length, 4);
    assert.equal(new Set(tops).size, 1);
  });
});

describe('each error page at 390 px', () => {
  test('no horizontal scrolling; the code on one line; URLs and requests wrap at slashes, not in words', async () => {
    for (const code of ERROR_CODES) {
      const { page, problems } = await open(`/developers/errors/${errorSlug(code)}`, 390);
      assert.equal(await fitsWidth(page), true, code);
      assert.deepEqual(await wrapped(page, 'code.error-code'), [], code);
      assert.deepEqual(await midWordBreaks(page), [], code);
      if (code === 'unsupported_media_type')
        await page.screenshot({ path: artifactPath('error-page-390.png'), fullPage: true });
      assert.deepEqual(problems, [], code);
      await page.context().close();
    }
  });
});

describe('the not-found page', () => {
  test('a browser on an unknown path: 404, the ways on, the request id, no console problem', async () => {
    const { page, status, requestId, problems } = await open('/no/such/page', 390);
    assert.equal(status, 404);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Page not found');
    const main = page.getByRole('main');
    const links: [string, string][] = [
      ['Home', '/'],
      ...ALLOWLISTED_TOOLS.map((t): [string, string] => [t.title, toolPagePath(t.name)]),
      ['Error codes', '/developers/errors'],
      ['OpenAPI document', '/openapi.json'],
      ['tool catalog', '/api/v1/agent/tools'],
      ['llms.txt', '/llms.txt'],
    ];
    for (const [name, href] of links)
      assert.equal(await main.getByRole('link', { name, exact: true }).getAttribute('href'), href, name);
    assert.ok(requestId);
    assert.equal(await page.locator('code.request-id').innerText(), requestId);
    assert.equal(await fitsWidth(page), true);
    await page.screenshot({ path: artifactPath('not-found-390.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });

  test('a long hostile path is shown as text, cut short, and the page still fits a phone', async () => {
    const { page, status, problems } = await open(`/%3Cimg%20src=x%20onerror=alert(1)%3E${'x'.repeat(3000)}`, 390);
    assert.equal(status, 404);
    assert.equal(await page.locator('main img').count(), 0);
    const shown = await page.locator('code.not-found-path').innerText();
    assert.ok(shown.startsWith('/<img src=x onerror=alert(1)>') && shown.endsWith('…'), shown);
    assert.ok(Array.from(shown).length <= 81);
    assert.equal(await fitsWidth(page), true);
    assert.deepEqual(problems, []);
  });
});
