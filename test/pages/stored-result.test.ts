/**
 * The tool page opened for a target or a stored scan, rendered without a server: the form filled
 * in, the verdict and scan time readable without JavaScript, the envelope in an inert JSON data
 * block, and a page for a target with nothing stored that says how to scan without JavaScript.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { curlScanOf } from '../../src/pages/examples.ts';
import { jsonDataBlock } from '../../src/pages/html.ts';
import { siteFor } from '../../src/pages/site.ts';
import { ageText, utcMinute, type PageScan } from '../../src/pages/stored-result.ts';
import { renderToolPage } from '../../src/pages/tool-page.ts';
import type { StoredScan } from '../../src/store/port.ts';
import { findTool } from '../../src/tools/registry.ts';
import { HOSTILE } from './fixtures.ts';
import { elementsOf as elements } from './parsed-html.ts';

const BASE = 'https://scan.test';
const securityHeaders = findTool('security-headers')!;
const emailSecurity = findTool('email-security')!;
/** A fixed scan time (2026-11-27 09:41:30 UTC): the pages format it, whatever day the tests run. */
const SCANNED_AT = 1_795_772_490_000;
/** A message no page may let out of its text node or data block. */
const BREAKOUT = `</script><script>window.__pwned=3</script><!-- ${HOSTILE}`;

function storedScan(overrides: Partial<StoredScan> = {}): StoredScan {
  return {
    scanId: 'AAAAAAAAAAAAAAAAAAAAAA',
    tool: 'security-headers',
    target: 'https://example.com/',
    selectors: [],
    scannedAt: SCANNED_AT,
    assessed: true,
    grade: 'B',
    gradeScore: 75,
    result: { status: 'warnings', message: BREAKOUT, details: { tests: {} } },
    ...overrides,
  };
}

function pageScan(scan: StoredScan | null, target = 'example.com', ageSec = 720): PageScan {
  const body = scan && { success: true, target: scan.target, scanId: scan.scanId, result: scan.result };
  return { target, selectors: scan?.selectors ?? [], stored: scan && body && { scan, body, ageSec } };
}

describe('a tool page showing a stored scan', () => {
  const scan = storedScan();
  const page = renderToolPage(securityHeaders, BASE, {}, pageScan(scan));

  test('fills the form with the target and says where scan pages live', () => {
    const input = elements(page).find((e) => e.attribs.id === 'target')!;
    assert.equal(input.attribs.value, 'example.com');
    assert.match(page, /data-scan-page="\/scans\/"/);
    assert.match(page, /<title>HTTP security headers: https:\/\/example\.com\/ · /);
    assert.match(page, /<meta name="robots" content="noindex">/);
  });

  test('grade, score on its one scale, the verdict sentence and scan time read without JavaScript', () => {
    const results = elements(page).find((e) => e.attribs.id === 'results');
    assert.ok(results);
    assert.match(page, /<p class="grade grade-b"><span class="visually-hidden">Grade <\/span>B<\/p>/);
    assert.ok(page.includes('<dd>75 / 100</dd>'));
    assert.ok(page.includes('<time datetime="2026-11-27T09:41:30.000Z">12 minutes ago</time> (2026-11-27 09:41 UTC)'));
    assert.ok(page.includes('&lt;/script&gt;&lt;script&gt;window.__pwned=3'), 'the message as text');
  });

  test('the envelope is an inert JSON data block holding exactly what was stored', () => {
    const scripts = elements(page).filter((e) => e.name === 'script');
    assert.deepEqual(
      scripts.map((s) => s.attribs.type ?? 'classic'),
      ['classic', 'application/json'],
      'the asset and the data block, nothing a message could add',
    );
    const block = scripts[1]!;
    assert.equal(block.attribs.id, 'scan-data');
    assert.doesNotMatch(block.text, /[<>&]/);
    const data = JSON.parse(block.text) as { target: string; status: number; ageSec: number; body: unknown };
    assert.deepEqual(data, {
      target: 'example.com',
      selectors: '',
      status: 200,
      ageSec: 720,
      body: { success: true, target: scan.target, scanId: scan.scanId, result: scan.result },
    });
    assert.equal(elements(page).filter((e) => ['img', 'b'].includes(e.name)).length, 0);
  });

  test('a scan that could not assess its target: "No grade" and why; 422 for the script', () => {
    const challenged = storedScan({
      assessed: false,
      grade: null,
      gradeScore: null,
      result: { status: 'challenge', message: 'A bot challenge answered.', details: { reason: 'bot-challenge' } },
    });
    const shown = renderToolPage(securityHeaders, BASE, {}, pageScan(challenged));
    assert.ok(shown.includes('<h3>No grade</h3>'));
    assert.ok(shown.includes('could not grade it: A bot challenge answered.</p>'));
    assert.doesNotMatch(shown, /class="grade /);
    const block = elements(shown).find((e) => e.attribs.id === 'scan-data')!;
    assert.equal((JSON.parse(block.text) as { status: number }).status, 422);
  });

  test('the badge the result feeds, previewed from this origin and ready to paste; or why there is none', () => {
    const url = `${BASE}/api/badge/example.com?tool=security-headers`;
    const linked = `${BASE}/tools/security-headers?target=https%3A%2F%2Fexample.com%2F`;
    const markdown = `[![security headers](${url})](${linked})`;
    const withBadge = (badge: unknown) => {
      const shown = pageScan(scan);
      return renderToolPage(securityHeaders, BASE, {}, { ...shown, stored: { ...shown.stored!, body: { badge } } });
    };
    const offered = withBadge({ feeds: true, url, markdown, why: null });
    assert.ok(
      offered.includes('<img src="/api/badge/example.com?tool=security-headers" alt="The badge this result feeds">'),
    );
    assert.ok(offered.includes(`<pre><code>${markdown.replaceAll('&', '&amp;')}</code></pre>`));
    const why = 'Only a scan of the site itself (https://example.com/) feeds its badge.';
    const none = withBadge({ feeds: false, url, markdown, why });
    assert.ok(none.includes(`<p class="badge-offer">No badge: ${why}</p>`));
    assert.doesNotMatch(none, /<img/);
  });

  test('email-security: the selectors are filled in too', () => {
    const scan = storedScan({ tool: 'email-security', target: 'example.com', selectors: ['google', 's1'] });
    const shown = renderToolPage(emailSecurity, BASE, {}, pageScan(scan));
    assert.equal(elements(shown).find((e) => e.attribs.id === 'selectors')!.attribs.value, 'google, s1');
  });

  test('without JavaScript, rescanning offers the curl line for this target', () => {
    assert.ok(page.includes('<noscript><p>Scanning again needs JavaScript. Without it, run the scan through the API:'));
    assert.ok(page.includes(`-d &#39;{&quot;target&quot;:&quot;example.com&quot;}&#39;`));
  });
});

describe('a tool page for a target with nothing stored', () => {
  const page = renderToolPage(securityHeaders, BASE, {}, pageScan(null, 'new.example'));

  test('the form filled in, the page says nothing is stored, and carries no data block', () => {
    assert.equal(elements(page).find((e) => e.attribs.id === 'target')!.attribs.value, 'new.example');
    assert.ok(page.includes('No result from the last 30 days is stored for <bdi><code>new.example</code></bdi>.'));
    assert.ok(page.includes('<p data-js-only hidden>Press Scan to scan it now.</p>'));
    assert.ok(!page.includes('scan-data'));
    assert.ok(
      page.includes('curl -sS -X POST &#39;https://scan.test/api/v1/agent/tools/security-headers/execute&#39;'),
    );
  });
  test('a target from the query string is shown cut to 80 characters and isolated from the text direction', () => {
    const target = `\u202e<b>x</b>${'y'.repeat(3000)}`;
    const page = renderToolPage(securityHeaders, BASE, {}, pageScan(null, target));
    const shown = /stored for <bdi><code>([^<]*)<\/code><\/bdi>/.exec(page)?.[1] ?? '';
    assert.equal(Array.from(shown.replace(/&lt;|&gt;/g, '.')).length, 81);
    assert.ok(shown.startsWith('\u202e&lt;b&gt;x&lt;/b&gt;y') && shown.endsWith('y\u2026'), shown.slice(0, 40));
  });

  test('a store that cannot be read is said, not hidden', () => {
    const down = renderToolPage(securityHeaders, BASE, {}, { ...pageScan(null, 'x.example'), unavailable: true });
    assert.ok(down.includes('Stored results cannot be read right now'));
  });

  test('a typed target is only ever an attribute value', () => {
    const typed = `"><script>window.__pwned=4</script>`;
    const hostile = renderToolPage(securityHeaders, BASE, {}, pageScan(null, typed));
    assert.equal(elements(hostile).find((e) => e.attribs.id === 'target')!.attribs.value, typed);
    assert.equal(elements(hostile).filter((e) => e.name === 'script').length, 1);
  });
});

describe('helpers', () => {
  test('jsonDataBlock escapes <, >, & and the JavaScript line separators, and round-trips', () => {
    const value = { s: '</script><!--<script>&\u2028\u2029' };
    const block = jsonDataBlock('x', value).text;
    assert.equal(block.indexOf('<', 1), block.lastIndexOf('</script>'));
    assert.doesNotMatch(block.slice(block.indexOf('>') + 1, block.lastIndexOf('<')), /[<>&\u2028\u2029]/);
    assert.deepEqual(JSON.parse(block.slice(block.indexOf('>') + 1, block.lastIndexOf('<'))), value);
  });

  test("curlScanOf quotes the body for the shell, a ' included", () => {
    const line = curlScanOf(emailSecurity, siteFor(BASE), "it's.example", ['google']);
    assert.equal(
      line,
      `curl -sS -X POST 'https://scan.test/api/v1/agent/tools/email-security/execute' \\\n` +
        `  -H 'Content-Type: application/json' -d '{"target":"it'\\''s.example","selectors":["google"]}'`,
    );
    assert.doesNotMatch(curlScanOf(securityHeaders, siteFor(BASE), 'a.example', ['google']), /selectors/);
  });

  test('ageText and utcMinute', () => {
    const cases: [number, string][] = [
      [0, 'just now'],
      [59, 'just now'],
      [60, '1 minute ago'],
      [720, '12 minutes ago'],
      [3600, '1 hour ago'],
      [86_399, '23 hours ago'],
      [86_400 * 29, '29 days ago'],
    ];
    for (const [seconds, text] of cases) assert.equal(ageText(seconds), text);
    assert.equal(utcMinute(SCANNED_AT), '2026-11-27 09:41 UTC');
  });
});
