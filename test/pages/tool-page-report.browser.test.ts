/**
 * The tool pages read at a glance (in Chromium, under their real CSP): the grade card and one
 * table first, details on demand; severity decides word and colour; headers shown once, by the
 * response they came from; a scan in progress shows its time and can be cancelled; a page that
 * cannot grade says why in words. Screenshots of both tools' A+ and F results, desktop and phone,
 * go to test-artifacts/.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { problemBody } from '../../src/http/problem.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import type { ScanOutcome } from '../../src/tools/tool.ts';
import { artifactPath } from '../support/browser.ts';
import { headersWith, siteCapture } from '../support/observatory-cases.ts';
import { fitsWidth, openToolPage, scan } from './browser-page.ts';
import {
  emailAPlusOutcome,
  emailFOutcome,
  emailWeakKeyOutcome,
  envelope,
  securityHeadersAPlusOutcome,
  securityHeadersFOutcome,
} from './fixtures.ts';
import { BASE } from './page-context.ts';

type Page = import('playwright-core').Page;
type Tool = 'security-headers' | 'email-security';

const FIXTURES: [Tool, string, () => ScanOutcome][] = [
  ['security-headers', 'A+', securityHeadersAPlusOutcome],
  ['security-headers', 'F', securityHeadersFOutcome],
  ['email-security', 'A+', emailAPlusOutcome],
  ['email-security', 'F', emailFOutcome],
];
const WIDTHS = { desktop: 1280, phone: 390 } as const;

async function opened(tool: Tool, outcome: ScanOutcome, width: number) {
  const target = tool === 'security-headers' ? 'https://example.com/' : 'example.com';
  const page = await openToolPage(tool, envelope(tool, target, outcome), { width });
  await scan(page.page, 'example.com');
  return page;
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const rowWords = (page: Page) => page.locator('table.summary-table tbody td.verdict-cell').allInnerTexts();
const visibleResults = (page: Page) => page.locator('#results').innerText();

describe('every fixture, desktop and phone', () => {
  for (const [tool, grade, outcome] of FIXTURES)
    for (const [device, width] of Object.entries(WIDTHS))
      test(`${tool} ${grade} at ${width} px: fits the width, no console problem, screenshot`, async () => {
        const { page, problems } = await opened(tool, outcome(), width);
        assert.equal(await page.locator('.grade').textContent(), `Grade ${grade}`);
        assert.equal(await fitsWidth(page), true);
        const name = `tool-page-${tool}-${grade === 'A+' ? 'a-plus' : 'f'}-${device}.png`;
        await page.screenshot({ path: artifactPath(name), fullPage: true });
        assert.deepEqual(problems, []);
      });
});

describe('summary first', () => {
  test('an A+ security-headers result is under 2,000 px at 1280 px, its details collapsed', async () => {
    const { page } = await opened('security-headers', securityHeadersAPlusOutcome(), 1280);
    assert.ok((await pageHeight(page)) < 2000, `page height ${await pageHeight(page)} px`);
    assert.equal(await page.locator('#results details[open]').count(), 0);
  });

  test('the grade is said once: one scale on the card, the status line only announces it', async () => {
    const { page } = await opened('security-headers', securityHeadersAPlusOutcome(), 1280);
    const note = await page.locator('.verdict .meta').innerText();
    const card = (await page.locator('.verdict').innerText()).replace(note, '');
    assert.equal(card.match(/A\+/g)?.length, 1, card);
    assert.ok(card.includes('160 / 100'));
    assert.doesNotMatch(card, /range 0/);
    assert.equal(await page.locator('#scan-status').isVisible(), true, 'the region stays for screen readers');
    assert.match((await page.locator('#scan-status').getAttribute('class')) ?? '', /visually-hidden/);
  });

  test('failures first and open; passes collapsed; result ids only inside details', async () => {
    const outcome = securityHeadersFOutcome();
    const { page } = await opened('security-headers', outcome, 1280);
    const words = await rowWords(page);
    const firstNonFail = words.findIndex((w) => w !== 'FAIL');
    assert.ok(firstNonFail > 0 && !words.slice(firstNonFail).includes('FAIL'), words.join(' '));
    const costs = (await page.locator('table.summary-table tbody td.impact').allInnerTexts())
      .slice(0, firstNonFail)
      .map((impact) => Number(impact.replace('\u2212', '-')));
    assert.deepEqual(
      costs,
      [...costs].sort((a, b) => a - b),
      'the failure that costs most comes first',
    );
    const rows = page.locator('table.summary-table tbody tr');
    for (let i = 0; i < words.length; i++)
      assert.equal(
        await rows
          .nth(i)
          .locator('details')
          .evaluate((d) => (d as HTMLDetailsElement).open),
        words[i] === 'FAIL',
      );
    const tests = (outcome.result.details as { tests: { result: string; pass: boolean }[] }).tests;
    const shown = await visibleResults(page);
    for (const t of tests.filter((x) => x.pass)) assert.ok(!shown.includes(t.result), `${t.result} is shown`);
  });

  test('a passing test never ends with a recommendation to change it', async () => {
    const { page } = await opened('security-headers', securityHeadersAPlusOutcome(), 1280);
    for (const d of await page.locator('#results details').all())
      await d.evaluate((e) => ((e as HTMLDetailsElement).open = true));
    const all = await visibleResults(page);
    assert.doesNotMatch(all, /Recommendation:|Fix:/);
    assert.ok((await rowWords(page)).every((w) => w === 'PASS' || w === 'NOTE'));
  });
});

describe('the score adds up', () => {
  test('a cap that lowered an email grade is a line of the points table, then the score', async () => {
    const outcome = emailAPlusOutcome();
    if (!outcome.assessed) throw new Error('the fixture grades');
    const cap = 'no valid DMARC record: at most D';
    Object.assign(outcome.result.details, { caps: [cap], score: 39, grade: 'D' });
    Object.assign(outcome, { grade: 'D', gradeScore: 39 });
    const { page } = await opened('email-security', outcome, 1280);
    const footer = await page
      .locator('tfoot tr')
      .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
    assert.ok(footer.includes(`Cap: ${cap}`), footer.join(' | '));
    assert.equal(footer.at(-1), 'Score39 / 100');
  });
});

describe('severity decides word and colour', () => {
  test('email: info and low findings are notes, not failures', async () => {
    const { page } = await opened('email-security', emailFOutcome(), 1280);
    const word = (name: string) =>
      page
        .locator('table.summary-table tbody tr', { has: page.locator('th', { hasText: name }) })
        .locator('td.verdict-cell')
        .innerText();
    assert.equal(await word('DMARC'), 'FAIL');
    assert.equal(await word('DNSSEC'), 'NOTE');
    assert.notEqual(await word('BIMI'), 'FAIL');
    const colour = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => getComputedStyle(e).color);
    assert.notEqual(await colour('.badge.v-note'), await colour('.badge.v-fail'));
  });
});

describe('the one-line reason', () => {
  test('a family that passes its own check but holds a weak key gives the finding as its reason', async () => {
    const { page } = await opened('email-security', emailWeakKeyOutcome(), 1280);
    const dkim = page.locator('table.summary-table tbody tr', { has: page.locator('th', { hasText: 'DKIM' }) });
    assert.equal(await dkim.locator('td.verdict-cell').innerText(), 'WARN');
    const reason = await dkim.locator('.reason-text').innerText();
    const weak = (emailWeakKeyOutcome().result.details as { sections: { dkim: { findings: { title: string }[] } } })
      .sections.dkim.findings[0]?.title;
    assert.equal(reason, weak);
  });
});

describe('headers read', () => {
  test('say which response they came from, and a line sent twice is shown once', async () => {
    const cookie = '__Host-sid=1; Path=/; Secure; HttpOnly; SameSite=Lax';
    const capture = siteCapture({ headers: [...headersWith({}), ['set-cookie', cookie], ['set-cookie', cookie]] });
    const { page } = await opened('security-headers', gradeCapture(capture), 1280);
    const cookies = page.locator('tr#test-cookies');
    await cookies.locator('summary').click();
    const body = await cookies.locator('.detail-body').innerText();
    assert.match(body, /Headers read from the graded response \(200, https:\/\/example\.com\/\):/);
    assert.equal(body.split(`set-cookie: ${cookie}`).length - 1, 1, body);
    assert.ok(body.includes('(sent 2 times)'));
    const hsts = page.locator('tr#test-strict-transport-security');
    await hsts.locator('summary').click();
    assert.match(await hsts.innerText(), /Headers read from the final https:\/\/ response:/);
  });
});

describe('a scan in progress', () => {
  test('shows the target, time and steps where results go; Cancel puts back what was there', async () => {
    const { page } = await openToolPage('email-security', 'hang', { width: 1280, fakeClock: true });
    const before = await page.locator('#results').innerHTML();
    await page.getByLabel('Domain', { exact: true }).fill('example.com');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const progress = page.locator('#results .progress');
    await progress.waitFor();
    assert.equal(await page.locator('#results h2').innerText(), 'Results');
    assert.match(await progress.innerText(), /Scanning example\.com/);
    assert.equal(await progress.locator('.steps li').count(), 4);
    await page.clock.runFor(3_000);
    assert.equal(await progress.locator('[role="timer"]').innerText(), '3 s');
    assert.equal(await page.getByRole('button', { name: 'Scan', exact: true }).isDisabled(), true);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#results .progress').waitFor({ state: 'detached' });
    assert.equal(await page.locator('#results').innerHTML(), before);
    assert.match(await page.locator('#scan-status').innerText(), /^Scan cancelled\./);
    assert.equal(await page.getByRole('button', { name: 'Scan', exact: true }).isEnabled(), true);
  });
});

describe('when there is no grade', () => {
  test('a domain that does not exist says so, with its own next step', async () => {
    const body = {
      ...problemBody(BASE, 'unprocessable_entity', { detail: 'The scan ran but could not assess example.com.' }),
      result: { status: 'error', message: 'example.com does not exist.', details: { reason: 'nxdomain' } },
    };
    const { page } = await openToolPage('email-security', { status: 422, body });
    await scan(page, 'example.com');
    const box = await page.locator('.problem').innerText();
    assert.ok(box.includes('The domain does not exist'));
    assert.ok(box.includes('What you can do: Check the spelling of the domain and scan again.'));
  });

  test('an email target given as a URL offers the domain in one click', async () => {
    const body = problemBody(BASE, 'bad_request', {
      detail: '"target" must be an apex (registrable) domain, not a URL.',
      hint: 'use example.com',
    });
    const { page, posted } = await openToolPage('email-security', { status: 400, body });
    await scan(page, 'https://www.example.com/');
    await page.getByRole('button', { name: 'Scan example.com instead' }).click();
    await page.locator('#results .problem').waitFor();
    assert.deepEqual(posted, [{ target: 'https://www.example.com/' }, { target: 'example.com' }]);
    assert.equal(await page.getByLabel('Domain', { exact: true }).inputValue(), 'example.com');
  });
});
