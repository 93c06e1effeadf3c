/**
 * Badges as a browser shows them: every style loads in an <img> at its declared size, and no
 * text spills out of its box when the SVG is rendered (fonts differ between machines; the
 * badge forces its measured widths with textLength). Screenshots land in test-artifacts/.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { artifactPath, browser } from '../support/browser.ts';
import { startHarness, type Harness } from '../support/harness.ts';

const STYLES = ['default', 'compact', 'mini'] as const;
const GRADES: [string, string | null][] = [
  ['aplus.example', 'A+'],
  ['bminus.example', 'B-'],
  ['f.example', 'F'],
  ['unknown.example', null],
];

let h: Harness;
before(async () => {
  h = await startHarness();
  for (const [domain, grade] of GRADES) if (grade) await h.store.setLatestGrade(domain, grade, h.clock.time);
});

const badgeUrl = (domain: string, style: string) => `${h.url}/api/badge/${domain}?style=${style}`;

describe('badges in a browser', () => {
  test('every style and grade loads in an <img> at the size the SVG declares', async () => {
    const page = await (await browser()).newPage();
    const urls = GRADES.flatMap(([domain]) => STYLES.map((style) => badgeUrl(domain, style)));
    const declared = await Promise.all(
      urls.map(async (url) => {
        const svg = await (await fetch(url)).text();
        return {
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
    rendered.forEach((r, i) => {
      assert.ok(r.ok, `${urls[i]} did not load`);
      assert.ok(
        Math.abs(r.width - declared[i]!.width) < 0.6 && Math.abs(r.height - declared[i]!.height) < 0.6,
        `${urls[i]}: ${JSON.stringify(r)} vs ${JSON.stringify(declared[i])}`,
      );
    });
    await page.screenshot({ path: artifactPath('badges-in-img.png'), fullPage: true });
    await page.close();
  });

  for (const style of STYLES) {
    test(`${style}: no text is clipped by its box`, async () => {
      const page = await (await browser()).newPage();
      const svgs = await Promise.all(GRADES.map(async ([domain]) => (await fetch(badgeUrl(domain, style))).text()));
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

  test('a hostile domain in the URL never turns into markup', async () => {
    const page = await (await browser()).newPage();
    const hostile = encodeURIComponent('"><img src=x onerror=alert(1)>.example');
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const res = await page.goto(`${h.url}/api/badge/${hostile}`);
    assert.equal(res?.status(), 400);
    await page.setContent(
      `<img src="${h.url}/api/badge/${hostile}"><img src="${h.url}/api/badge/x.example%3Cscript%3E">`,
    );
    await page.waitForTimeout(200);
    assert.equal(dialogs, 0);
    await page.close();
  });
});
