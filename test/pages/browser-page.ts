/**
 * Opens a tool page in Chromium with every request answered in-process: the page and its assets
 * by the real page handlers (with their real headers, CSP included), the execute endpoint by the
 * test. Console errors and warnings (CSP violations among them) and uncaught page errors are collected.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { Handler } from '../../src/context.ts';
import {
  errorIndexPage,
  errorPage,
  landingPage,
  siteStylesheet,
  toolPage,
  toolPageScript,
} from '../../src/pages/routes.ts';
import { browser } from '../support/browser.ts';
import { atEnd } from '../support/cleanup.ts';
import { BASE, callHandler } from './page-context.ts';

export interface ExecuteAnswer {
  status: number;
  headers?: Record<string, string>;
  /** A JSON value, or a string sent as it is. */
  body: unknown;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Bodies posted to the execute endpoint. */
  posted: unknown[];
  /** Console errors and warnings, and page errors. */
  problems: string[];
}

function handlerFor(path: string): Handler {
  if (path.startsWith('/assets/tool-page.js')) return toolPageScript;
  if (path.startsWith('/assets/site.css')) return siteStylesheet;
  if (path.startsWith('/tools/')) return toolPage;
  if (path === '/developers/errors') return errorIndexPage;
  if (path.startsWith('/developers/errors/')) return errorPage;
  return landingPage;
}

/**
 * What a page must never log, collected as it comes: console errors (a CSP violation is one),
 * console warnings (an unrecognised Permissions-Policy feature is one) and uncaught errors.
 */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium logs every 4xx/5xx fetch; the pages show those on purpose.
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      !/^Failed to load resource: the server responded with a status of/.test(message.text())
    )
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

export async function openToolPage(
  tool: string,
  /** The execute answer; 'hang' leaves the request pending until the page gives up on it. */
  answer: ExecuteAnswer | 'network-error' | 'hang',
  options: { width?: number; fakeClock?: boolean } = {},
): Promise<OpenedPage> {
  const context = await (await browser()).newContext({ viewport: { width: options.width ?? 1024, height: 800 } });
  atEnd(() => context.close());
  const page = await context.newPage();
  const problems = collectProblems(page);
  const posted: unknown[] = [];
  if (options.fakeClock) await page.clock.install();
  await page.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin !== BASE) return route.abort();
    if (request.method() === 'POST' && url.pathname === `/api/v1/agent/tools/${tool}/execute`) {
      posted.push(request.postDataJSON());
      if (answer === 'network-error') return route.abort('connectionrefused');
      if (answer === 'hang') return undefined;
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const type = answer.status >= 400 ? 'application/problem+json' : 'application/json';
      return route.fulfill({ status: answer.status, headers: { 'content-type': type, ...answer.headers }, body });
    }
    const response = await callHandler(handlerFor(url.pathname), url.href, { headers: request.headers() });
    return route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  await page.goto(`${BASE}/tools/${tool}`);
  return { page, context, posted, problems };
}

/** Fills the form, submits it, and waits until the results region has its heading. */
export async function scan(page: Page, target: string, selectors?: string): Promise<void> {
  await page
    .getByLabel(/URL or domain|Domain/)
    .first()
    .fill(target);
  if (selectors !== undefined) await page.getByLabel(/DKIM selectors/).fill(selectors);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await page.locator('#results h2').waitFor();
}

/** True when nothing under #results is an element that markup from a response could have made. */
export async function noInjectedMarkup(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const w = window as unknown as { __pwned?: unknown };
    // The one image a result has is the preview of the badge it feeds.
    const injected = document.querySelectorAll(
      '#results img:not(.badge-offer img), #results script, #results b, #results iframe, #results [onerror]',
    );
    return w.__pwned === undefined && injected.length === 0;
  });
}

/** No horizontal scrolling at the current viewport width. */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
