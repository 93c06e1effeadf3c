/**
 * The security-headers tool page in Chromium against the real stack: the real scanner scanning a
 * local HTTP+HTTPS site (SCAN_ALLOW_PRIVATE_TARGETS=1, names from the local DoH server), and a
 * real 429 once the page's client has used its per-minute limit.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { artifactPath, browser } from '../support/browser.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { startSite, type Site } from '../support/site-server.ts';

let h: Harness;
let site: Site;

before(async () => {
  site = await startSite(['page-target.test'], (r) =>
    r.secure
      ? {
          headers: [
            ['content-type', 'text/html'],
            ['strict-transport-security', 'max-age=63072000'],
            ['x-content-type-options', 'nosniff'],
            ['x-frame-options', '<b>DENY</b>'],
          ],
          body: '<html></html>',
        }
      : { status: 301, headers: [['location', `https://page-target.test:${site.port}/`]] },
  );
  const doh = await startDohServer({ 'page-target.test': [{ type: 'A', data: '127.0.0.1' }] });
  // No proxy is trusted here: the browser's own connection is the client whose limit runs out.
  const env = {
    DOH_URL: doh.url,
    SCAN_ALLOW_PRIVATE_TARGETS: '1',
    HSTS_PRELOAD_STATUS_URL: 'none',
    TRUST_PROXY: 'none',
  };
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  atEnd(() => scanFetch.close());
  h = await startHarness({ socket: true, env, scanners: createScanners(parseConfig(env), { scanFetch, fetch }) });
});

test('scans a local site from the page and shows the grade and every test', async () => {
  const page = await (await browser()).newPage();
  await page.goto(`${h.url}/tools/security-headers`);
  await page.getByLabel('URL or domain').fill(`https://page-target.test:${site.port}/`);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await page.locator('.grade').waitFor({ timeout: 15_000 });
  assert.match((await page.locator('.grade').textContent()) ?? '', /^Grade [A-F][+-]?$/);
  const text = await page.locator('main').innerText();
  for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'redirection'])
    assert.ok(text.toLowerCase().includes(name), name);
  assert.ok(text.includes('<b>DENY</b>'), 'a header value with markup is shown as text');
  assert.equal(await page.locator('main b').count(), 0);
  await page.screenshot({ path: artifactPath('tool-page-real-scan.png'), fullPage: true });
  await page.close();
});

test('shows a real 429 with its wait once the limit is used up', async () => {
  // Use up the rest of this client's minute, then scan from the page.
  for (let i = 0; i < 12; i++) await (await fetch(`${h.url}/api/v1/agent/tools`)).arrayBuffer();
  const page = await (await browser()).newPage();
  await page.goto(`${h.url}/tools/security-headers`);
  await page.getByLabel('URL or domain').fill('example.com');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await page.locator('.problem').waitFor();
  const box = await page.locator('.problem').innerText();
  assert.match(box, /429/);
  assert.match(box, /\d+\s*(s|second|min)/i);
  await page.screenshot({ path: artifactPath('tool-page-429.png'), fullPage: true });
  await page.close();
});
