/**
 * Badges as a browser shows them: every style, tool badge and error badge (a 400) loads in an
 * <img> at its declared size, the styles are three sizes (default > compact > mini), and no text
 * spills out of its box when the SVG is rendered (fonts differ between machines; the badge forces
 * its measured widths with textLength). Screenshots land in test-artifacts/.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { artifactPath, browser } from '../support/browser.ts';
import { freshIp, startHarness, type Harness } from '../support/harness.ts';

const STYLES = ['default', 'compact', 'mini'] as const;
const GRADES: [string, string | null][] = [
  ['aplus.example', 'A+'],
  ['bminus.example', 'B-'],
  ['f.example', 'F'],
  ['unknown.example', null],
];

/** Badges of the two scanned tools, and labels of the caller's own (a long one, one outside ASCII). */
const TOOL_BADGES = [
  'aplus.example?tool=security-headers',
  'f.example?tool=email-security',
  'unknown.example?tool=email-security',
  'aplus.example?label=' + encodeURIComponent('production web site'),
  'f.example?tool=security-headers&label=' + encodeURIComponent('安全 ✓ sécurité'),
];
/** One wrong parameter each: a 400 whose body is the error badge. */
const ERROR_BADGES = [
  'localhost',
  '127.0.0.1',
  'example.com?style=plastic',
  'example.com?tool=port-scan',
  'example.com?format=png',
  'example.com?label=',
];

let h: Harness;
before(async () => {
  h = await startHarness({ socket: true });
  for (const [domain, grade] of GRADES) {
    if (!grade) continue;
    await h.store.setLatestGrade(domain, grade, h.clock.time);
    for (const tool of ['security-headers', 'email-security'] as const)
      await h.store.setLatestGrade(domain, grade, h.clock.time, tool);
  }
});

// Every request speaks as a fresh client address, so the 120 badges a minute per address never run out here.
const fetchBadge = (url: string) => fetch(url, { headers: { 'x-forwarded-for': freshIp() } });
async function newPage() {
  const page = await (await browser()).newPage();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshIp() });
  return page;
}

const badgeUrl = (path: string, style: string) =>
  `${h.url}/api/badge/${path}${path.includes('?') ? '&' : '?'}style=${style}`;

/** Loads each URL in an <img> and reports whether it rendered and at what size, next to the size the SVG declares. */
async function loadAsImages(urls: string[], screenshot: string) {
  const page = await newPage();
  const declared = await Promise.all(
    urls.map(async (url) => {
      const res = await fetchBadge(url);
      const svg = await res.text();
      return {
        status: res.status,
        width: Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1]),
        height: Number(/<svg[^>]* height="([\d.]+)"/.exec(svg)?.[1]),
      };
    }),
  );
  const images = urls.map((u) => `<p><img src="${u}" alt=""></p>`).join('');
  await page.setContent(`<!doctype html><body style="background:#fff">${images}</body>`);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const rendered = await page.evaluate(() =>
    [...document.images].map((img) => ({
      ok: img.naturalWidth > 0,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
    })),
  );
  await page.screenshot({ path: artifactPath(screenshot), fullPage: true });
  await page.close();
  return rendered.map((r, i) => ({ url: urls[i]!, ...r, declared: declared[i]! }));
}

function assertRenderedAtDeclaredSize(results: Awaited<ReturnType<typeof loadAsImages>>): void {
  for (const { url, ok, width, height, declared } of results) {
    assert.ok(ok, `${url} did not load`);
    assert.ok(
      Math.abs(width - declared.width) < 0.6 && Math.abs(height - declared.height) < 0.6,
      `${url}: ${width}×${height} vs ${declared.width}×${declared.height}`,
    );
  }
}

describe('badges in a browser', () => {
  test('every style and grade loads in an <img> at the size the SVG declares', async () => {
    const urls = GRADES.flatMap(([domain]) => STYLES.map((style) => badgeUrl(domain, style)));
    assertRenderedAtDeclaredSize(await loadAsImages(urls, 'badges-in-img.png'));
  });

  test('tool badges and badges with a label of one’s own load in an <img> at their size', async () => {
    const urls = TOOL_BADGES.flatMap((path) => STYLES.map((style) => badgeUrl(path, style)));
    assertRenderedAtDeclaredSize(await loadAsImages(urls, 'badges-tools-in-img.png'));
  });

  test('default > compact > mini: each style is drawn lower and narrower than the one before', async () => {
    // Not the wrong style: that error badge is drawn in the default style whatever was asked.
    const errors = ERROR_BADGES.filter((path) => !path.includes('style='));
    const paths = [...GRADES.map(([domain]) => domain), ...TOOL_BADGES, ...errors];
    const results = await loadAsImages(
      paths.flatMap((path) => STYLES.map((style) => badgeUrl(path, style))),
      'badges-sizes-in-img.png',
    );
    assertRenderedAtDeclaredSize(results);
    paths.forEach((path, i) => {
      const [d, c, m] = results.slice(STYLES.length * i, STYLES.length * (i + 1));
      const sizes = [d, c, m].map((r) => `${r!.width}×${r!.height}`).join(' > ');
      assert.ok(d!.height > c!.height && c!.height > m!.height, `${path}: ${sizes}`);
      assert.ok(d!.width > c!.width && c!.width > m!.width, `${path}: ${sizes}`);
    });
  });

  test('error badges render in an <img> although their status is 400', async () => {
    const urls = ERROR_BADGES.flatMap((path) => STYLES.map((style) => badgeUrl(path, style)));
    const results = await loadAsImages(urls, 'badges-errors-in-img.png');
    for (const { url, declared } of results) assert.equal(declared.status, 400, url);
    assertRenderedAtDeclaredSize(results);
  });

  for (const style of STYLES) {
    test(`${style}: no text is clipped by its box`, async () => {
      const page = await newPage();
      const paths = [...GRADES.map(([domain]) => domain), ...TOOL_BADGES, ...ERROR_BADGES];
      const svgs = await Promise.all(paths.map(async (path) => (await fetchBadge(badgeUrl(path, style))).text()));
      await page.setContent(`<!doctype html><body>${svgs.map((s) => `<div>${s}</div>`).join('')}</body>`);
      const problems = await page.evaluate(() => {
        const out: string[] = [];
        for (const svg of document.querySelectorAll('svg')) {
          const box = svg.getBoundingClientRect();
          const rects = [...svg.querySelectorAll('rect')]
            .map((r) => r.getBoundingClientRect())
            .filter((r) => r.height >= box.height - 0.5 && r.width < box.width - 0.5);
          for (const text of svg.querySelectorAll('text')) {
            const t = text.getBoundingClientRect();
            if (t.width === 0) continue;
            if (t.left < box.left - 0.5 || t.right > box.right + 0.5)
              out.push(`"${text.textContent}" spills out of the badge`);
            if (t.top < box.top - 0.5 || t.bottom > box.bottom + 0.5)
              out.push(
                `"${text.textContent}" spills out of the top or bottom: ${t.top - box.top}, ${box.bottom - t.bottom}`,
              );
            // In a two-part badge the text must also stay inside its own part.
            const part = rects.find((r) => t.left + t.width / 2 >= r.left && t.left + t.width / 2 <= r.right);
            if (part && (t.left < part.left - 0.5 || t.right > part.right + 0.5))
              out.push(`"${text.textContent}" spills out of its part`);
          }
        }
        return out;
      });
      assert.deepEqual(problems, []);
      await page.screenshot({ path: artifactPath(`badges-${style}.png`), fullPage: true });
      await page.close();
    });
  }

  test('a hostile domain or label in the URL never turns into markup', async () => {
    const page = await newPage();
    const hostile = encodeURIComponent('"><img src=x onerror=alert(1)>.example');
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const res = await page.goto(`${h.url}/api/badge/${hostile}`);
    assert.equal(res?.status(), 400);
    assert.equal(res?.headers()['content-type'], 'image/svg+xml; charset=utf-8');
    const label = encodeURIComponent('<img src=x onerror=alert(1)>');
    assert.equal((await page.goto(`${h.url}/api/badge/example.com?label=${label}`))?.status(), 200);
    await page.goto('about:blank');
    await page.setContent(
      `<img src="${h.url}/api/badge/${hostile}"><img src="${h.url}/api/badge/x.example%3Cscript%3E">` +
        `<img src="${h.url}/api/badge/example.com?label=${label}">`,
    );
    await page.waitForTimeout(200);
    assert.equal(dialogs, 0);
    await page.close();
  });
});
