/**
 * The tool pages end to end in Chromium: the page, its assets and the execute endpoint all served
 * by the real server (routes of src/pages/routes.ts registered in src/app.ts), the scan answered
 * by the harness's recording scanner. Also the pages of stored scans: the URL after a scan, the
 * permalink page, Rescan, and a tool page opened for a target.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { artifactPath, browser } from '../support/browser.ts';
import { atEnd } from '../support/cleanup.ts';
import { EXECUTE_SH, postJson, startHarness, type Harness } from '../support/harness.ts';
import { noInjectedMarkup } from './browser-page.ts';
import { challengeOutcome, emailOutcome, securityHeadersOutcome } from './fixtures.ts';

let h: Harness;

before(async () => {
  h = await startHarness({ socket: true });
});

async function open(path: string) {
  const context = await (await browser()).newContext();
  atEnd(() => context.close());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  const response = await page.goto(h.url + path);
  assert.equal(response?.status(), 200);
  return { page, problems };
}

test('security-headers: the form scans through the real execute endpoint and shows the result', async () => {
  const outcome = securityHeadersOutcome();
  h.scanners['security-headers'].outcome = outcome;
  const { page, problems } = await open('/tools/security-headers');
  await page.getByLabel('URL or domain').fill('example.com');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await page.locator('.grade').waitFor();
  assert.equal(await page.locator('.grade').textContent(), `Grade ${outcome.grade}`);
  assert.equal(h.scanners['security-headers'].calls.at(-1)?.target, 'https://example.com/');
  assert.equal(await noInjectedMarkup(page), true);
  assert.deepEqual(problems, [], 'no CSP violation or script error');
});

test('email-security: selectors reach the scanner; a subdomain is refused with the apex one click away', async () => {
  h.scanners['email-security'].outcome = emailOutcome();
  const { page, problems } = await open('/tools/email-security');
  await page.getByLabel('Domain', { exact: true }).fill('example.com');
  await page.getByLabel(/DKIM selectors/).fill('google, s1');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await page.locator('.grade').waitFor();
  assert.deepEqual(h.scanners['email-security'].calls.at(-1)?.context.selectors, ['google', 's1']);

  await page.getByLabel('Domain', { exact: true }).fill('www.example.com');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await page.locator('.problem').waitFor();
  const box = await page.locator('.problem').innerText();
  assert.match(box, /That target cannot be scanned/);
  assert.match(box, /Scan example\.com instead/);
  assert.deepEqual(
    problems.filter((p) => !p.startsWith('Failed to load resource: the server responded with a status of 400')),
    [],
  );
});

const SCAN_PAGE = /^\/scans\/[A-Za-z0-9_-]{22}$/;
const pathOf = (page: import('playwright-core').Page) => new URL(page.url()).pathname;

/** A security-headers scan of example.com run through the API and kept; its id. */
async function storedScanId(): Promise<string> {
  h.scanners['security-headers'].outcome = securityHeadersOutcome();
  const response = await postJson(h, EXECUTE_SH, { target: 'example.com' });
  assert.equal(response.status, 200);
  const { scanId } = (await response.json()) as { scanId: string };
  await h.settled();
  return scanId;
}

test("after a scan the URL is the scan's page; back and forward show what was shown there", async () => {
  h.scanners['security-headers'].outcome = securityHeadersOutcome();
  const { page, problems } = await open('/tools/security-headers');
  await page.getByLabel('URL or domain').fill('example.com');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await page.locator('.grade').waitFor();
  assert.match(pathOf(page), SCAN_PAGE);
  assert.match(
    await page.locator('.scanned').innerText(),
    /^Scanned just now \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\.\s+Rescan$/,
  );
  await h.settled();
  const permalink = pathOf(page);
  assert.equal((await h.request(`/api/v1/scans/${permalink.slice('/scans/'.length)}`)).status, 200, 'the id is kept');

  await page.goBack();
  assert.equal(pathOf(page), '/tools/security-headers');
  assert.equal(await page.locator('#results .grade').count(), 0);
  assert.equal(await page.getByLabel('URL or domain').inputValue(), '');
  await page.goForward();
  assert.equal(pathOf(page), permalink);
  await page.locator('.grade').waitFor();
  assert.equal(await page.getByLabel('URL or domain').inputValue(), 'example.com');

  await page.reload();
  await page.locator('.grade').waitFor();
  assert.equal(await page.getByLabel('URL or domain').inputValue(), 'https://example.com/', 'served by the server');
  assert.deepEqual(problems, []);
});

test('the permalink page renders the stored result in full; hostile scan data stays text', async () => {
  const outcome = securityHeadersOutcome();
  const { page, problems } = await open(`/scans/${await storedScanId()}`);
  await page.locator('.verdict').waitFor();
  assert.equal(await page.locator('.grade').textContent(), `Grade ${outcome.grade}`);
  assert.ok((await page.locator('.verdict').innerText()).includes(`${outcome.gradeScore} / 100`));
  const tests = page.locator('table.summary-table tbody tr');
  assert.equal(await tests.count(), 12, 'every test, as after a scan');
  assert.match(await page.locator('.scanned').innerText(), /^Scanned just now/);
  assert.equal(await page.getByLabel('URL or domain').inputValue(), 'https://example.com/');
  assert.equal(await page.locator('#scan-status').textContent(), '', 'a page opened on a result does not announce it');
  assert.equal(await noInjectedMarkup(page), true);
  // The badge snippet, followed as written, shows this scan's grade.
  const markdown = (await page.locator('.badge-offer code').textContent()) ?? '';
  const badgeUrl = /^\[!\[[^\]]+\]\((\S+)\)\]\(\S+\)$/.exec(markdown)?.[1];
  assert.ok(badgeUrl?.endsWith('/api/badge/example.com?tool=security-headers'), markdown);
  // The harness answers for BASE_URL's host on its own address.
  const { pathname, search } = new URL(badgeUrl!);
  assert.ok((await (await fetch(h.url + pathname + search)).text()).includes(`>${outcome.grade}</text>`));
  await page.screenshot({ path: artifactPath('scan-page.png'), fullPage: true });
  assert.deepEqual(problems, []);
});

test("Rescan runs a real scan of the shown target and moves to the new scan's page", async () => {
  const scanId = await storedScanId();
  const { page, problems } = await open(`/scans/${scanId}`);
  const calls = h.scanners['security-headers'].calls.length;
  await page.getByLabel('URL or domain').fill('something-else.example');
  await page.getByRole('button', { name: 'Rescan' }).click();
  await page.waitForURL((url) => url.pathname !== `/scans/${scanId}`);
  await page.locator('.grade').waitFor();
  assert.match(pathOf(page), SCAN_PAGE);
  assert.equal(h.scanners['security-headers'].calls.length, calls + 1);
  assert.equal(h.scanners['security-headers'].calls.at(-1)?.target, 'https://example.com/');
  assert.deepEqual(problems, []);
});

test('/tools/{tool}?target= shows the stored result without scanning, or the form filled in', async () => {
  await storedScanId();
  const calls = h.scanners['security-headers'].calls.length;
  const stored = await open('/tools/security-headers?target=example.com');
  await stored.page.locator('.verdict').waitFor();
  assert.equal(await stored.page.getByLabel('URL or domain').inputValue(), 'example.com');
  assert.equal(h.scanners['security-headers'].calls.length, calls, 'no scan ran');

  const none = await open('/tools/security-headers?target=nothing-stored.example');
  assert.equal(await none.page.getByLabel('URL or domain').inputValue(), 'nothing-stored.example');
  assert.equal(await none.page.getByText('Press Scan to scan it now.').isVisible(), true);
  assert.deepEqual([...stored.problems, ...none.problems], []);
});

test('without JavaScript the permalink page still reads: grade, score, verdict, scan time', async () => {
  const context = await (await browser()).newContext({ javaScriptEnabled: false });
  atEnd(() => context.close());
  const page = await context.newPage();
  const outcome = securityHeadersOutcome();
  await page.goto(`${h.url}/scans/${await storedScanId()}`);
  const results = await page.locator('#results').innerText();
  assert.equal(await page.locator('#results .grade').textContent(), `Grade ${outcome.grade}`);
  assert.ok(results.includes(`${outcome.gradeScore} / 100`), results);
  const sentence = outcome.result.message.replace(/^Grade \S+ \(\d+\/\d+\): /, '');
  assert.ok(results.toLowerCase().includes(sentence.toLowerCase()), sentence);
  assert.match(results, /Scanned just now \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\./);
  assert.match(results, /Scanning again needs JavaScript/);
  assert.equal(await page.locator('main b').count(), 0);
  // One image: the badge this result feeds, which the server renders too.
  assert.deepEqual(
    await page.locator('main img').evaluateAll((images) => images.map((i) => i.closest('.badge-offer') !== null)),
    [true],
  );
  await page.screenshot({ path: artifactPath('scan-page-no-js.png'), fullPage: true });
});

test('the page of a scan that could not assess its target shows why, without an error', async () => {
  h.scanners['security-headers'].outcome = challengeOutcome();
  const response = await postJson(h, EXECUTE_SH, { target: 'challenged.example' });
  assert.equal(response.status, 422);
  const { scanId } = (await response.json()) as { scanId: string };
  await h.settled();
  const { page, problems } = await open(`/scans/${scanId}`);
  await page.locator('.problem h3').waitFor();
  assert.equal(await page.locator('.problem h3').textContent(), 'The site showed a bot check instead of its page');
  const box = await page.locator('.problem').innerText();
  assert.ok(box.includes('firewall (cloudflare) answered with a challenge page'), box);
  assert.ok(box.includes('cf-mitigated: challenge'));
  assert.match(await page.locator('.scanned').innerText(), /Rescan$/);
  assert.deepEqual(problems, []);
});
