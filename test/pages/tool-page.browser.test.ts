/**
 * The tool pages in Chromium, under their real CSP, with the execute endpoint answered by the
 * test: results of both tools rendered completely and as text only, every kind of problem, the
 * countdown, a phone-sized viewport, and no console error (a CSP violation would be one).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { problemBody } from '../../src/http/problem.ts';
import { artifactPath } from '../support/browser.ts';
import { fitsWidth, noInjectedMarkup, openToolPage, scan } from './browser-page.ts';
import { challengeOutcome, emailOutcome, envelope, HOSTILE, securityHeadersOutcome } from './fixtures.ts';
import { BASE } from './page-context.ts';

const text = (page: import('playwright-core').Page, selector: string) => page.locator(selector).innerText();

describe('security-headers page', () => {
  test('one row per test with its verdict, score and reason; details, findings and scan data stay text', async () => {
    const outcome = securityHeadersOutcome();
    const { page, posted, problems } = await openToolPage(
      'security-headers',
      envelope('security-headers', 'https://example.com/', outcome),
      { width: 360 },
    );
    await scan(page, '  example.com ');
    assert.deepEqual(posted, [{ target: 'example.com' }]);

    assert.equal(await page.locator('.grade').textContent(), `Grade ${outcome.grade}`);
    assert.match((await page.locator('.grade').getAttribute('class')) ?? '', /grade-d/);
    assert.ok((await text(page, '.verdict')).includes(`${outcome.gradeScore} / 100`));
    assert.match(await text(page, '#scan-status'), new RegExp(`^Scan finished: grade ${outcome.grade}; `));

    const details = outcome.result.details as {
      tests: { title: string; pass: boolean; scoreModifier: number; recommendation: string }[];
      findings: { title: string; severity: string }[];
    };
    const rows = page.locator('table.summary-table tbody tr');
    assert.equal(await rows.count(), 12);
    for (const t of details.tests) {
      const row = rows.filter({ has: page.locator('th', { hasText: t.title }) });
      const rowText = await row.innerText();
      const word = !t.pass
        ? t.scoreModifier < 0
          ? 'FAIL'
          : 'WARN'
        : t.recommendation === 'Nothing to change.'
          ? 'PASS'
          : 'NOTE';
      assert.match(rowText, new RegExp(`\\b${word}\\b`), t.title);
      const modifier = t.scoreModifier > 0 ? `+${t.scoreModifier}` : t.scoreModifier < 0 ? `−${-t.scoreModifier}` : '0';
      assert.equal(await row.locator('td.impact').innerText(), modifier, t.title);
      if (!t.pass) assert.ok(rowText.includes(`Fix: ${t.recommendation}`), t.title);
      else assert.ok(!rowText.includes('Fix:'), `a passing test asks for no change: ${t.title}`);
    }
    const results = (await page.locator('#results').textContent()) ?? '';
    assert.ok(
      results.includes(`content-security-policy: default-src 'self' 'unsafe-inline'; report-uri /csp?${HOSTILE}`),
      'raw header values',
    );
    for (const f of details.findings) assert.ok(results.includes(f.title), f.title);
    assert.ok(results.includes(`server: nginx/1.25.3 ${HOSTILE}`), 'finding evidence');

    assert.equal(await noInjectedMarkup(page), true);
    assert.equal(await fitsWidth(page), true, 'no horizontal scrolling at 360 px');
    await page.screenshot({ path: artifactPath('tool-page-security-headers-phone.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });

  test('422 bot challenge: the cause in words, its next step, the evidence, and a link to the error page', async () => {
    const { page, problems } = await openToolPage(
      'security-headers',
      envelope('security-headers', 'https://example.com/', challengeOutcome()),
    );
    await scan(page, 'example.com');
    const box = await text(page, '.problem');
    assert.ok(box.includes('The site showed a bot check instead of its page'), box);
    assert.ok(box.includes('firewall (cloudflare) answered with a challenge page'), box);
    assert.ok(box.includes('What you can do: Scan a page the firewall lets through'), box);
    assert.ok(box.includes('cf-mitigated: challenge'));
    assert.equal(
      await page.getByRole('link', { name: 'About this error' }).getAttribute('href'),
      `${BASE}/developers/errors/unprocessable-entity`,
    );
    assert.equal(await text(page, '#scan-status'), 'No grade: The site showed a bot check instead of its page.');
    assert.deepEqual(problems, []);
  });

  test('429: why in words, and the wait counted down to "try again now"', async () => {
    const body = problemBody(BASE, 'rate_limit_exceeded', {
      detail: '10 requests per minute are allowed for this client address; retry in 42 s.',
      retryAfterSec: 42,
      extra: { violatedPolicies: ['per-minute'] },
    });
    const { page, problems } = await openToolPage(
      'security-headers',
      { status: 429, headers: { 'retry-after': '42' }, body },
      { fakeClock: true },
    );
    await scan(page, 'example.com');
    assert.equal(await text(page, '[role="timer"]'), '42 s');
    const box = await text(page, '.problem');
    assert.ok(box.includes('You made too many requests in the last minute.'), box);
    assert.doesNotMatch(box, /Retry-After|API key|header/i, 'nothing a person on the page cannot act on');
    assert.equal(await text(page, '#scan-status'), 'Too many requests: try again in 42 s.');
    await page.clock.runFor(5_000);
    assert.equal(await text(page, '[role="timer"]'), '37 s');
    await page.clock.runFor(40_000);
    assert.ok((await text(page, '.problem')).includes('You can try again now.'));
    assert.equal(await text(page, '#scan-status'), 'You can try again now.');
    assert.deepEqual(problems, []);
  });

  test('a quota wait of minutes reads as minutes', async () => {
    const body = problemBody(BASE, 'rate_limit_exceeded', {
      detail: 'Scan quota used up.',
      retryAfterSec: 1805,
      extra: { violatedPolicies: ['scans-per-hour-per-target'] },
    });
    const { page } = await openToolPage('security-headers', { status: 429, body }, { fakeClock: true });
    await scan(page, 'example.com');
    assert.equal(
      await text(page, '[role="timer"]'),
      '30 min 05 s',
      'retryAfterSec when there is no Retry-After header',
    );
  });

  test('400: what was wrong, without the hint written for programs', async () => {
    const body = problemBody(BASE, 'bad_request', { detail: '"target" has an invalid host name: "exa mple".' });
    const { page } = await openToolPage('security-headers', { status: 400, body });
    await scan(page, 'exa mple');
    const box = await text(page, '.problem');
    assert.ok(box.includes('That target cannot be scanned'));
    assert.ok(box.includes('The target has an invalid host name'), box);
    assert.ok(!box.includes('JSON object'), box);
  });

  test('503: the retry delay', async () => {
    const body = problemBody(BASE, 'service_unavailable', {
      detail: 'The scan store is temporarily unavailable. No scan ran and nothing was counted.',
      retryAfterSec: 30,
    });
    const { page } = await openToolPage(
      'security-headers',
      { status: 503, headers: { 'retry-after': '30' }, body },
      { fakeClock: true },
    );
    await scan(page, 'example.com');
    assert.equal(await text(page, '[role="timer"]'), '30 s');
    assert.equal(await text(page, '#scan-status'), 'Scanning is unavailable: try again in 30 s.');
    assert.ok((await text(page, '.problem')).includes('Nothing is wrong with your target.'));
  });

  test('a problem type that is not http(s) is not made a link; markup in a problem stays text', async () => {
    const body = {
      ...problemBody(BASE, 'not_found', { detail: `Nothing here ${HOSTILE}` }),
      type: 'javascript:window.__pwned=3',
    };
    const { page } = await openToolPage('security-headers', { status: 404, body });
    await scan(page, 'example.com');
    assert.equal(await page.locator('#results a[href^="javascript"]').count(), 0);
    assert.ok((await text(page, '.problem')).includes(`Nothing here ${HOSTILE}`));
    assert.equal(await noInjectedMarkup(page), true);
  });

  test('an answer that is not JSON, and a network failure, are reported', async () => {
    const notJson = await openToolPage('security-headers', {
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<h1>Bad gateway</h1>',
    });
    await scan(notJson.page, 'example.com');
    assert.ok((await text(notJson.page, '.problem')).includes('Unexpected answer (502)'));
    assert.equal(await notJson.page.locator('#results h1').count(), 0);

    const offline = await openToolPage('security-headers', 'network-error');
    await scan(offline.page, 'example.com');
    assert.ok((await text(offline.page, '.problem')).includes('Network error'));
    assert.match(await text(offline.page, '#scan-status'), /could not be reached/);
    assert.equal(await offline.page.getByRole('button', { name: 'Scan', exact: true }).isEnabled(), true);
  });
});

describe('email-security page', () => {
  test('sends selectors; a row per record family; findings, score items, caps, readiness as text', async () => {
    const outcome = emailOutcome();
    const { page, posted, problems } = await openToolPage(
      'email-security',
      envelope('email-security', 'example.com', outcome),
      { width: 360 },
    );
    await scan(page, 'example.com', ' google, s1 ,, ');
    assert.deepEqual(posted, [{ target: 'example.com', selectors: ['google', 's1'] }]);

    assert.equal(await page.locator('.grade').textContent(), `Grade ${outcome.grade}`);
    assert.ok((await text(page, '.verdict')).includes(`${outcome.gradeScore} / 100`));
    const details = outcome.result.details as {
      sections: Record<string, { status: string; summary: string }>;
      findings: { title: string }[];
      scoreItems: unknown[];
      caps: string[];
      bulkSender: { missing: string[]; notCheckableFromDns: string[] };
    };
    const names = await page.locator('table.summary-table tbody th').allInnerTexts();
    assert.deepEqual([...names].sort(), ['BIMI', 'DKIM', 'DMARC', 'DNSSEC', 'MTA-STS', 'MX', 'SPF', 'TLS-RPT']);
    const results = (await page.locator('#results').textContent()) ?? '';
    for (const s of Object.values(details.sections)) assert.ok(results.includes(s.summary), s.summary);
    for (const f of details.findings) assert.ok(results.includes(f.title), f.title);
    assert.equal(await page.locator('#results details.more table tbody tr').count(), details.scoreItems.length);
    for (const cap of details.caps) assert.ok(results.includes(cap), cap);
    for (const line of [...details.bulkSender.missing, ...details.bulkSender.notCheckableFromDns])
      assert.ok(results.includes(line), line);
    assert.match(results, /not ready/i);
    assert.ok(results.includes(`ruf=mailto:${HOSTILE}`), 'the DMARC record as published');

    assert.equal(await noInjectedMarkup(page), true);
    assert.equal(await fitsWidth(page), true, 'no horizontal scrolling at 360 px');
    await page.screenshot({ path: artifactPath('tool-page-email-security-phone.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });

  test('the form is labelled and the target is required; the CSP refuses inline script', async () => {
    const { page, problems } = await openToolPage('email-security', { status: 500, body: {} });
    assert.equal(await page.getByLabel('Domain', { exact: true }).getAttribute('required'), '');
    assert.equal(await page.getByLabel(/DKIM selectors/).getAttribute('aria-describedby'), 'selectors-help');
    assert.equal(await page.locator('#scan-status').getAttribute('aria-live'), 'polite');
    assert.equal(await page.locator('h1').count(), 1);
    assert.deepEqual(problems, []);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.append(script);
      return (window as unknown as { __inline?: number }).__inline;
    });
    assert.equal(ran, undefined);
    assert.match(
      problems.join('\n'),
      /Content Security Policy/,
      'a violation is seen, so the other tests would see one too',
    );
  });
});
