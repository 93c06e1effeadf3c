/**
 * The tool pages end to end in Chromium: the page, its assets and the execute endpoint all served
 * by the real server (routes of src/pages/routes.ts registered in src/app.ts), the scan answered
 * by the harness's recording scanner.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { browser } from '../support/browser.ts';
import { atEnd } from '../support/cleanup.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { noInjectedMarkup } from './browser-page.ts';
import { emailOutcome, securityHeadersOutcome } from './fixtures.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
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
  await page.getByRole('button', { name: 'Scan' }).click();
  await page.locator('.grade').waitFor();
  assert.equal(await page.locator('.grade').textContent(), `Grade ${outcome.grade}`);
  assert.equal(h.scanners['security-headers'].calls.at(-1)?.target, 'https://example.com/');
  assert.equal(await noInjectedMarkup(page), true);
  assert.deepEqual(problems, [], 'no CSP violation or script error');
});

test('email-security: selectors reach the scanner; a 400 shows its detail and hint', async () => {
  h.scanners['email-security'].outcome = emailOutcome();
  const { page, problems } = await open('/tools/email-security');
  await page.getByLabel('Domain', { exact: true }).fill('example.com');
  await page.getByLabel(/DKIM selectors/).fill('google, s1');
  await page.getByRole('button', { name: 'Scan' }).click();
  await page.locator('.grade').waitFor();
  assert.deepEqual(h.scanners['email-security'].calls.at(-1)?.context.selectors, ['google', 's1']);

  await page.getByLabel('Domain', { exact: true }).fill('www.example.com');
  await page.getByRole('button', { name: 'Scan' }).click();
  await page.locator('.problem').waitFor();
  const box = await page.locator('.problem').innerText();
  assert.match(box, /Bad Request \(400\)/);
  assert.match(box, /use example\.com/);
  assert.deepEqual(
    problems.filter((p) => !p.startsWith('Failed to load resource: the server responded with a status of 400')),
    [],
  );
});
