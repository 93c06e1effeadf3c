import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { normalizeBadgeDomain } from '../../src/badge/domain.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { localBadgeApp, type LocalBadgeApp } from './local-app.ts';
import { parseXml } from './well-formed.ts';

// As typed into a browser's address bar or a README: the URL parser percent-encodes what it must.
const HOSTILE = [
  '<script>alert(1)</script>.com',
  '"onload="x.com',
  "'onload='x.com",
  'a.com/<svg onload=alert(1)>',
  'a.com/"><script>alert(1)</script>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'example.com?style=<script>',
  'x.com%22%20onload%3D%22alert(1)',
  '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E.com',
  'exa&amp;mple.com',
  '<!--.com',
  ']]>.com',
  '\u202egnp.evil.com',
];

/** The path as the client sends it: what `new URL` makes of it. */
function pathFor(input: string): string {
  const url = new URL(`https://scan.test/api/badge/${input}`);
  return url.pathname + url.search;
}

describe('hostile domains: a 400 problem, or an SVG that carries nothing from the input', () => {
  let app: LocalBadgeApp;
  before(async () => {
    app = localBadgeApp();
    await app.memory.setLatestGrade('a.com', 'B', 1);
  });

  for (const input of HOSTILE) {
    test(JSON.stringify(input), async () => {
      const res = await app.get(pathFor(input));
      if (res.status === 400) {
        const body = await expectProblem(res, 'bad_request');
        assert.match(res.headers.get('content-type')!, /^application\/problem\+json/);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.ok(
          !/[<>]|alert|onload|onerror|script/.test(body.detail),
          `nothing from the input is echoed: ${body.detail}`,
        );
        return;
      }
      assert.equal(res.status, 200, `either 400 or a badge, got ${res.status}`);
      assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
      const svg = await res.text();
      const elements = parseXml(svg);
      assert.ok(!/<script/i.test(svg), '<script');
      for (const e of elements)
        for (const name of Object.keys(e.attributes)) assert.ok(!/^on/i.test(name), `${name}= on <${e.name}>`);
      assert.ok(!/\son[a-z]+\s*=/i.test(svg), 'no on…= anywhere');
      const shown =
        elements.map((e) => e.text).join(' ') + ' ' + elements.flatMap((e) => Object.values(e.attributes)).join(' ');
      for (const fragment of ['a.com', 'onload', 'alert', 'svg onload', 'example.com'])
        assert.ok(!shown.includes(fragment), `"${fragment}" from the input appears in the SVG`);
      const texts = new Set(elements.filter((e) => e.name === 'text' || e.name === 'title').map((e) => e.text));
      const grade = String.raw`A\+|A|A-|B\+|B|B-|C\+|C|C-|D\+|D|D-|F`;
      const badgeText = new RegExp(String.raw`^(security|security: (${grade}|grade unknown)|${grade}|\?)$`);
      for (const text of texts) assert.match(text, badgeText);
    });
  }

  test('the ones that are host names followed by junk are accepted as that host; the rest are refused', () => {
    const accepted = HOSTILE.map((input) => ({
      input,
      result: normalizeBadgeDomain(pathFor(input).slice('/api/badge/'.length).split('?')[0]!),
    }))
      .filter((r) => r.result.ok)
      .map((r) => [r.input, r.result.ok && r.result.domain]);
    assert.deepEqual(accepted, [
      ['a.com/<svg onload=alert(1)>', 'a.com'],
      ['a.com/"><script>alert(1)</script>', 'a.com'],
      ['example.com?style=<script>', 'example.com'],
    ]);
  });

  test('the grade text in the SVG never comes from a stored value that is not a grade', async () => {
    await app.memory.setLatestGrade('stored.example', '<script>alert(1)</script>', 2);
    const svg = await (await app.get('/api/badge/stored.example')).text();
    assert.ok(!svg.includes('script'));
    assert.match(svg, /aria-label="security: grade unknown"/);
  });
});
