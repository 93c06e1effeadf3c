/**
 * The README's badge snippet, followed as written: scan the site it names, then the badge its
 * Markdown points at shows that scan's grade, and its link opens the site's result.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { EXECUTE_SH, postJson, startHarness } from '../support/harness.ts';
import { GRADED } from '../support/scanners.ts';

const README_BADGE =
  /\[!\[security headers\]\(https:\/\/YOUR-HOST(\/api\/badge\/[^)\s]+)\)\]\(https:\/\/YOUR-HOST(\/tools\/[^)\s]+)\)/;

test("the README's badge snippet shows the grade of the scan it follows", async () => {
  const [, badgePath, pagePath] = README_BADGE.exec(readFileSync('README.md', 'utf8')) ?? [];
  assert.ok(badgePath && pagePath, 'the README has a ?tool= badge snippet');
  const h = await startHarness();
  const target = decodeURIComponent(new URL(pagePath, 'https://x.test').searchParams.get('target') ?? '');
  const scan = await postJson(h, EXECUTE_SH, { target });
  assert.equal(scan.status, 200);
  const body = (await scan.json()) as { badge: { feeds: boolean; markdown: string } };
  assert.equal(body.badge.feeds, true);
  assert.equal(
    body.badge.markdown,
    `[![security headers](https://scan.test${badgePath})](https://scan.test${pagePath})`,
  );
  await h.settled();
  const svg = await (await h.request(badgePath)).text();
  assert.ok(svg.includes(`>${GRADED.grade}</text>`), svg.slice(0, 200));
  const page = await (await h.request(pagePath, { headers: { accept: 'text/html' } })).text();
  assert.ok(page.includes('Badge for this result'));
});
