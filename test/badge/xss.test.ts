import * as tldts from 'tldts';
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { normalizeBadgeDomainWith } from '../../src/net/site-domain.ts';
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

/** Asserts `svg` is a well-formed badge with no script or handler, and returns what it shows. */
function shownBy(svg: string): { texts: Set<string>; shown: string } {
  const elements = parseXml(svg);
  assert.ok(!/<script/i.test(svg), '<script');
  for (const e of elements)
    for (const name of Object.keys(e.attributes)) assert.ok(!/^on/i.test(name), `${name}= on <${e.name}>`);
  assert.ok(!/\son[a-z]+\s*=/i.test(svg), 'no on…= anywhere');
  const shown =
    elements.map((e) => e.text).join(' ') + ' ' + elements.flatMap((e) => Object.values(e.attributes)).join(' ');
  const texts = new Set(elements.filter((e) => e.name === 'text' || e.name === 'title').map((e) => e.text));
  return { texts, shown };
}

const GRADE = String.raw`A\+|A|A-|B\+|B|B-|C\+|C|C-|D\+|D|D-|F`;
const BADGE_TEXT = new RegExp(String.raw`^(security|(security: )?(${GRADE}|grade unknown|\?|invalid (domain|style)))$`);

describe('hostile domains: an error badge or a badge that carries nothing from the input; a clean problem', () => {
  let app: LocalBadgeApp;
  before(async () => {
    app = localBadgeApp();
    await app.memory.setLatestGrade('a.com', 'B', 1);
  });

  for (const input of HOSTILE) {
    test(JSON.stringify(input), async () => {
      const res = await app.get(pathFor(input));
      assert.ok(res.status === 200 || res.status === 400, `either a badge or an error badge, got ${res.status}`);
      assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      const { texts, shown } = shownBy(await res.text());
      for (const fragment of ['a.com', 'onload', 'alert', 'svg onload', 'example.com'])
        assert.ok(!shown.includes(fragment), `"${fragment}" from the input appears in the SVG`);
      for (const text of texts) assert.match(text, BADGE_TEXT);
      if (res.status === 200) return;
      const body = await expectProblem(await app.get(pathFor(input), { accept: 'application/json' }), 'bad_request');
      assert.ok(
        !/[<>]|alert|onload|onerror|script/.test(body.detail),
        `nothing from the input is echoed: ${body.detail}`,
      );
    });
  }

  test('the ones that are host names followed by junk are accepted as that host; the rest are refused', () => {
    const accepted = HOSTILE.map((input) => ({
      input,
      result: normalizeBadgeDomainWith(tldts, pathFor(input).slice('/api/badge/'.length).split('?')[0]!),
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

const HOSTILE_LABELS = [
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)",
  '&lt;script&gt;',
  ']]><script>',
  '<!-- x -->',
  '</title><script>alert(1)</script>',
  '{{7*7}}${7*7}<%= 7*7 %>',
];

describe('hostile labels: shown as text, never as markup', () => {
  const app = localBadgeApp();
  for (const label of HOSTILE_LABELS) {
    test(JSON.stringify(label), async () => {
      for (const style of ['default', 'compact', 'mini']) {
        const res = await app.get(`/api/badge/example.com?style=${style}&label=${encodeURIComponent(label)}`);
        assert.equal(res.status, 200);
        const svg = await res.text();
        const elements = parseXml(svg);
        for (const e of elements)
          for (const name of Object.keys(e.attributes)) assert.ok(!/^on/i.test(name), `${name}= on <${e.name}>`);
        const texts = new Set(elements.filter((e) => e.name === 'text' || e.name === 'title').map((e) => e.text));
        assert.ok(texts.has(`${label}: grade unknown`), 'the accessible name has the label, as text');
        if (style !== 'mini') assert.ok(texts.has(label), 'the visible label is the label, as text');
        const names = new Set(elements.map((e) => e.name));
        assert.deepEqual(
          [...names].filter(
            (n) =>
              ![
                'svg',
                'title',
                'g',
                'rect',
                'text',
                'filter',
                'feGaussianBlur',
                'linearGradient',
                'stop',
                'clipPath',
              ].includes(n),
          ),
          [],
        );
      }
      const json = await (
        await app.get(`/api/badge/example.com?format=shields&label=${encodeURIComponent(label)}`)
      ).json();
      assert.equal(json.label, label, 'shields gets the text, and escapes it when it draws');
    });
  }
});
