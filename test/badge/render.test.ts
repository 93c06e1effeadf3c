import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { makeBadge } from 'badge-maker';
import {
  BADGE_ERRORS,
  NAMED_COLOURS,
  TOOL_LABELS,
  gradeContent,
  type BadgeContent,
  type BadgeMessage,
} from '../../src/badge/content.ts';
import {
  BADGE_STYLES,
  LABEL_COLOUR,
  STYLE_METRICS,
  idSuffix,
  renderBadge,
  renderErrorBadge,
  renderSvg,
  type BadgeStyle,
} from '../../src/badge/render.ts';
import { textWidth, type FontSize } from '../../src/badge/text-width.ts';
import { GRADE_SCALE } from '../../src/tools/grading.ts';
import { parseXml, type XmlElementInfo } from './well-formed.ts';

const MESSAGES: BadgeMessage[] = [...GRADE_SCALE, '?'];
const LABELS = Object.values(TOOL_LABELS);
const storedGrade = (message: BadgeMessage) => (message === '?' ? null : message);

/** Every badge the service draws with its own labels: each tool's grades and `?`, and the error badges. */
const ALL_CONTENT: BadgeContent[] = LABELS.flatMap((label) => [
  ...MESSAGES.map((message) => gradeContent(storedGrade(message), label)),
  ...BADGE_ERRORS.map((message) => ({ label, message, colour: 'red' as const })),
]);

/** Labels of the caller's own in ASCII, which anafanafo (badge-maker's measurer) measures exactly. */
const ASCII_LABELS = ['build', 'Security Grade (prod)', '~!@#$%^&*_+={}[]|\\:;"\'<>,.?/`', 'W'.repeat(40)];

/** Visible texts: not the shadows (which carry a fill-opacity). */
const isVisibleText = (e: XmlElementInfo) => e.name === 'text' && e.attributes['fill-opacity'] === undefined;

/** What a viewer sees: size, coloured rectangles, and the visible texts with their positions. */
function geometry(svg: string) {
  const elements = parseXml(svg);
  const root = elements[0]!;
  const rects = elements
    .filter((e) => e.name === 'rect' && e.attributes.fill?.startsWith('#') && e.attributes.width !== '0')
    .map((e) => ({ x: Number(e.attributes.x ?? 0), width: Number(e.attributes.width), fill: e.attributes.fill }));
  const texts = elements
    .filter(isVisibleText)
    .map((e) => ({ text: e.text, x: e.attributes.x, y: e.attributes.y, textLength: e.attributes.textLength }));
  const fontSize = elements.find((e) => e.attributes['font-size'] !== undefined)?.attributes['font-size'];
  return { width: root.attributes.width, height: root.attributes.height, fontSize, rects, texts };
}

function byName(elements: XmlElementInfo[], name: string): XmlElementInfo[] {
  return elements.filter((e) => e.name === name);
}

/**
 * The size contract of each style, written out here rather than read from render.ts: height,
 * font (as anafanafo names it), padding, baseline (tenfold scale) and whether the label is shown.
 */
const SIZES = {
  default: { height: 20, font: '11px Verdana', fontSize: 11, padding: 5, baseline: 140, withLabel: true },
  compact: { height: 18, font: '10px Verdana', fontSize: 10, padding: 4, baseline: 126, withLabel: true },
  mini: { height: 16, font: '10px Verdana', fontSize: 10, padding: 3, baseline: 116, withLabel: false },
} as const satisfies Record<BadgeStyle, { font: string; fontSize: FontSize } & Record<string, unknown>>;
/** One style's numbers, or the same numbers with the label dropped (badge-maker's label-less badge). */
type Size = Omit<(typeof SIZES)[BadgeStyle], 'withLabel'> & { withLabel: boolean };

const measure = createRequire(import.meta.url)('anafanafo') as (text: string, options: { font: string }) => number;
/** badge-maker's rule: anafanafo's width in whole pixels, rounded up to an odd number. */
function oddWidth(text: string, font: string): number {
  const whole = measure(text, { font }) | 0;
  return whole % 2 === 0 ? whole + 1 : whole;
}

/**
 * badge-maker 6's layout of a flat / flat-square badge, with its numbers as parameters: each text
 * measured by anafanafo in `font` and padded by `padding` on both sides; in a two-part badge the
 * label text one pixel right and the message text one pixel left of their halves' centres.
 * The first test below checks that this is exactly what badge-maker draws at its own numbers.
 */
function modelGeometry({ label, message, colour }: BadgeContent, size: Size): ReturnType<typeof geometry> {
  const { height, font, fontSize, padding, baseline, withLabel } = size;
  const rects: { x: number; width: number; fill: string }[] = [];
  const texts: { text: string; x: string; y: string; textLength: string }[] = [];
  let x = 0;
  if (withLabel) {
    const w = oddWidth(label, font);
    rects.push({ x: 0, width: w + 2 * padding, fill: LABEL_COLOUR });
    texts.push({ text: label, x: String(10 * (1 + padding + w / 2)), y: String(baseline), textLength: String(10 * w) });
    x = w + 2 * padding;
  }
  const w = oddWidth(message, font);
  rects.push({ x, width: w + 2 * padding, fill: NAMED_COLOURS[colour] });
  const textLeft = withLabel ? x - 1 : 0;
  texts.push({
    text: message,
    x: String(10 * (textLeft + padding + w / 2)),
    y: String(baseline),
    textLength: String(10 * w),
  });
  return {
    width: String(x + w + 2 * padding),
    height: String(height),
    fontSize: String(10 * fontSize),
    rects,
    texts,
  };
}

/**
 * The look of a badge without its numbers: elements in order with their depth and every attribute
 * but the geometric ones; ids and references to them are reduced to `#`, the accessible name
 * (checked on its own below) dropped, and badge-maker's empty label half left out.
 */
const GEOMETRIC = new Set(['width', 'height', 'x', 'y', 'textLength', 'font-size', 'viewBox', 'aria-label']);
function look(svg: string) {
  return parseXml(svg)
    .filter((e) => e.attributes.width !== '0')
    .map((e) => ({
      name: e.name,
      depth: e.depth,
      attributes: Object.fromEntries(
        Object.entries(e.attributes)
          .filter(([name]) => !GEOMETRIC.has(name))
          .map(([name, value]) => [name, name === 'id' ? '#' : value.replace(/url\(#[^)]+\)/, 'url(#)')]),
      ),
    }));
}

function badgeMaker({ label, message, colour }: BadgeContent, style: 'flat' | 'flat-square', withLabel = true) {
  return makeBadge({ label: withLabel ? label : '', message, color: colour, style });
}

describe('renderSvg and badge-maker 6.0.0', () => {
  test('the layout model above is badge-maker’s: flat and flat-square at 20 px, Verdana 11 px, 5 px padding', () => {
    const badgeMakerSize = { ...SIZES.default };
    for (const content of [...ALL_CONTENT, ...ASCII_LABELS.map((label) => gradeContent('B+', label))]) {
      const what = `${content.label} ${content.message}`;
      assert.deepEqual(modelGeometry(content, badgeMakerSize), geometry(badgeMaker(content, 'flat')), what);
      assert.deepEqual(modelGeometry(content, badgeMakerSize), geometry(badgeMaker(content, 'flat-square')), what);
      const mini = { ...badgeMakerSize, withLabel: false };
      assert.deepEqual(modelGeometry(content, mini), geometry(badgeMaker(content, 'flat', false)), what);
    }
  });

  test('default is badge-maker’s flat badge: same size, rectangles, colours, text positions and lengths', () => {
    for (const content of [...ALL_CONTENT, ...ASCII_LABELS.map((label) => gradeContent('B+', label))]) {
      const what = `${content.label} ${content.message}`;
      assert.deepEqual(geometry(renderSvg(content, 'default')), geometry(badgeMaker(content, 'flat')), what);
      assert.deepEqual(look(renderSvg(content, 'default')), look(badgeMaker(content, 'flat')), what);
    }
  });

  test('compact is badge-maker’s layout at 18 px, Verdana 10 px, 4 px padding, in flat-square’s look', () => {
    for (const content of [...ALL_CONTENT, ...ASCII_LABELS.map((label) => gradeContent('B+', label))]) {
      const what = `${content.label} ${content.message}`;
      assert.deepEqual(geometry(renderSvg(content, 'compact')), modelGeometry(content, SIZES.compact), what);
      assert.deepEqual(look(renderSvg(content, 'compact')), look(badgeMaker(content, 'flat-square')), what);
    }
  });

  test('mini is badge-maker’s message-only layout at 16 px, Verdana 10 px, 3 px padding, in flat’s look', () => {
    for (const content of [...ALL_CONTENT, ...ASCII_LABELS.map((label) => gradeContent('B+', label))]) {
      const what = `${content.label} ${content.message}`;
      assert.deepEqual(geometry(renderSvg(content, 'mini')), modelGeometry(content, SIZES.mini), what);
      assert.deepEqual(look(renderSvg(content, 'mini')), look(badgeMaker(content, 'flat', false)), what);
    }
  });

  test('the metrics render.ts uses are the ones written out here', () => {
    for (const style of BADGE_STYLES) {
      const { height, fontSize, padding, baseline, withLabel } = SIZES[style];
      assert.deepEqual(STYLE_METRICS[style], { height, fontSize, padding, baseline, withLabel }, style);
      // Capitals centred: half the height plus half Verdana's cap height (1489/2048 em).
      assert.equal(baseline, Math.round(10 * (height / 2 + ((1489 / 2048) * fontSize) / 2)), style);
    }
  });

  test('renderBadge and renderErrorBadge are renderSvg of a grade and of an error', () => {
    assert.equal(renderBadge('A', 'mini'), renderSvg({ label: 'security', message: 'A', colour: 'green' }, 'mini'));
    assert.equal(
      renderErrorBadge('invalid tool', 'default', 'build'),
      renderSvg({ label: 'build', message: 'invalid tool', colour: 'red' }, 'default'),
    );
  });
});

describe('renderSvg: styles', () => {
  test('default: label "security" and the grade, 20 px, rounded corners, gradient and text shadow', () => {
    const svg = renderBadge('A+', 'default');
    const elements = parseXml(svg);
    assert.deepEqual(geometry(svg), {
      width: '80',
      height: '20',
      fontSize: '110',
      rects: [
        { x: 0, width: 53, fill: LABEL_COLOUR },
        { x: 53, width: 27, fill: '#4b0' },
      ],
      texts: [
        { text: 'security', x: '275', y: '140', textLength: '430' },
        { text: 'A+', x: '655', y: '140', textLength: '170' },
      ],
    });
    assert.equal(byName(elements, 'clipPath').length, 1);
    assert.equal(byName(elements, 'linearGradient').length, 1);
    assert.equal(byName(elements, 'clipPath')[0]!.text, '');
    assert.equal(elements.find((e) => e.name === 'rect' && e.attributes.rx)?.attributes.rx, '3');
    assert.equal(byName(elements, 'text').length, 6, 'each text, its shadow and its blurred shadow');
  });

  test('compact: the same halves, 18 px, smaller text and padding, square corners, no gradient, no shadow', () => {
    const svg = renderBadge('A+', 'compact');
    const elements = parseXml(svg);
    assert.deepEqual(geometry(svg), {
      width: '70',
      height: '18',
      fontSize: '100',
      rects: [
        { x: 0, width: 47, fill: LABEL_COLOUR },
        { x: 47, width: 23, fill: '#4b0' },
      ],
      texts: [
        { text: 'security', x: '245', y: '126', textLength: '390' },
        { text: 'A+', x: '575', y: '126', textLength: '150' },
      ],
    });
    assert.equal(byName(elements, 'g')[0]!.attributes['shape-rendering'], 'crispEdges');
    for (const name of ['clipPath', 'linearGradient', 'filter']) assert.equal(byName(elements, name).length, 0, name);
    assert.equal(byName(elements, 'text').length, 2);
  });

  test('mini: the message alone, 16 px, no label half, whatever the label', () => {
    for (const label of [...LABELS, 'my label']) {
      const g = geometry(renderBadge('B', 'mini', label));
      assert.deepEqual(
        g.texts.map((t) => t.text),
        ['B'],
      );
      assert.deepEqual(g.rects, [{ x: 0, width: 13, fill: '#95991a' }]);
      assert.equal(g.width, '13');
      assert.equal(g.height, '16');
    }
    assert.deepEqual(geometry(renderBadge('A+', 'mini')).texts, [
      { text: 'A+', x: '105', y: '116', textLength: '150' },
    ]);
    assert.ok(!/>security</.test(renderBadge('B', 'mini')), 'no visible label');
    assert.equal(byName(parseXml(renderBadge('B', 'mini')), 'clipPath').length, 1, 'rounded, as default');
  });

  test('each tool label shows on the left, grey', () => {
    assert.deepEqual(geometry(renderBadge('C', 'default', 'security headers')).rects[0], {
      x: 0,
      width: 101,
      fill: LABEL_COLOUR,
    });
    assert.deepEqual(
      geometry(renderBadge(null, 'compact', 'email security')).texts.map((t) => t.text),
      ['email security', '?'],
    );
  });

  test('error badges: the label, and the error text on red', () => {
    const g = geometry(renderErrorBadge('invalid domain', 'default'));
    assert.deepEqual(
      g.texts.map((t) => t.text),
      ['security', 'invalid domain'],
    );
    assert.equal(g.rects.at(-1)!.fill, NAMED_COLOURS.red);
    assert.deepEqual(
      geometry(renderErrorBadge('invalid style', 'mini')).texts.map((t) => t.text),
      ['invalid style'],
    );
  });

  test('each style has its own height, and a badge is wider with a longer message or label', () => {
    for (const style of BADGE_STYLES) {
      const width = (svg: string) => Number(geometry(svg).width);
      assert.equal(geometry(renderBadge('A', style)).height, String(SIZES[style].height));
      assert.equal(geometry(renderErrorBadge('invalid label', style)).height, String(SIZES[style].height));
      assert.ok(width(renderBadge('A+', style)) > width(renderBadge('A', style)), style);
      if (style !== 'mini')
        assert.ok(width(renderBadge('A', style, 'security headers')) > width(renderBadge('A', style)), style);
    }
  });

  test('a label outside ASCII gets one em per character, and its text is drawn to that length', () => {
    const g = geometry(renderBadge('A', 'default', '安全'));
    assert.deepEqual(g.rects[0], { x: 0, width: 33, fill: LABEL_COLOUR });
    assert.deepEqual(g.texts[0], { text: '安全', x: '175', y: '140', textLength: '230' });
    const c = geometry(renderBadge('A', 'compact', '安全'));
    assert.deepEqual(c.rects[0], { x: 0, width: 29, fill: LABEL_COLOUR }, '21 px of text (20, odd) and 2 × 4');
    assert.deepEqual(c.texts[0], { text: '安全', x: '155', y: '126', textLength: '210' });
  });
});

/** Labels for the size contract: the tools', short, long (40 characters, wide and narrow), wide glyphs. */
const SIZE_LABELS = [
  ...LABELS,
  'l',
  'production web site',
  'W'.repeat(40),
  'i'.repeat(40),
  '@'.repeat(40),
  '安全検査 ✓ sécurité',
  '中'.repeat(40),
  '😀👍🏽',
];
const SIZE_CONTENT: BadgeContent[] = SIZE_LABELS.flatMap((label) => [
  ...MESSAGES.map((message) => gradeContent(storedGrade(message), label)),
  ...BADGE_ERRORS.map((message) => ({ label, message, colour: 'red' as const })),
]);

/** Verdana's ascent and descent (hhea: 2059 and 430 units of 2048 per em). */
const ASCENT_EM = 2059 / 2048;
const DESCENT_EM = 430 / 2048;

describe('renderSvg: the size contract (default > compact > mini)', () => {
  const sizeOf = (content: BadgeContent, style: BadgeStyle) => {
    const root = parseXml(renderSvg(content, style))[0]!;
    return { width: Number(root.attributes.width), height: Number(root.attributes.height) };
  };

  test('for the same label and message, each style is both lower and narrower than the one before', () => {
    for (const content of SIZE_CONTENT) {
      const [d, c, m] = BADGE_STYLES.map((style) => sizeOf(content, style));
      const what = `${content.label} | ${content.message}: ${JSON.stringify([d, c, m])}`;
      assert.deepEqual(BADGE_STYLES, ['default', 'compact', 'mini']);
      assert.ok(d!.height > c!.height && c!.height > m!.height, what);
      assert.ok(d!.width > c!.width && c!.width > m!.width, what);
    }
  });

  test('width and height match the viewBox, and the drawn rectangles fill exactly that box', () => {
    for (const style of BADGE_STYLES) {
      for (const content of SIZE_CONTENT) {
        const what = `${style} ${content.label} | ${content.message}`;
        const elements = parseXml(renderSvg(content, style));
        const { width, height, viewBox } = elements[0]!.attributes;
        assert.match(`${width} ${height}`, /^[1-9]\d* [1-9]\d*$/, what);
        assert.equal(height, String(SIZES[style].height), what);
        assert.equal(viewBox, `0 0 ${width} ${height}`, what);
        const rects = byName(elements, 'rect');
        for (const r of rects) {
          assert.equal(r.attributes.height, height, `${what}: every rect is as high as the badge`);
          assert.equal(Number(r.attributes.y ?? 0), 0, what);
        }
        // The coloured halves tile the badge from left to right; clip path and gradient cover all of it.
        const halves = geometry(renderSvg(content, style)).rects;
        assert.equal(halves.length, SIZES[style].withLabel ? 2 : 1, what);
        let right = 0;
        for (const h of halves) {
          assert.equal(h.x, right, what);
          right += h.width;
        }
        assert.equal(right, Number(width), what);
        for (const r of rects.filter((e) => !e.attributes.fill?.startsWith('#'))) {
          assert.equal(r.attributes.width, width, `${what}: clip path and gradient are the whole badge`);
          assert.equal(r.attributes.x, undefined, what);
        }
      }
    }
  });

  test('each text is measured at the style’s font size and fits inside its half, with room to spare', () => {
    for (const style of BADGE_STYLES) {
      const { fontSize, height } = SIZES[style];
      for (const content of SIZE_CONTENT) {
        const what = `${style} ${content.label} | ${content.message}`;
        const elements = parseXml(renderSvg(content, style));
        assert.equal(
          elements.find((e) => e.attributes['font-size'] !== undefined)?.attributes['font-size'],
          String(10 * fontSize),
        );
        const { rects, texts } = geometry(renderSvg(content, style));
        assert.equal(texts.length, rects.length, what);
        texts.forEach((t, i) => {
          const box = rects[i]!;
          const length = Number(t.textLength) / 10;
          assert.equal(length, textWidth(t.text, fontSize), `${what}: "${t.text}" is drawn to its measured width`);
          const left = Number(t.x) / 10 - length / 2;
          const right = Number(t.x) / 10 + length / 2;
          assert.ok(left >= box.x + 1 && right <= box.x + box.width - 1, `${what}: "${t.text}" ${left}–${right}`);
        });
        // Vertically: from ascent to descent, every text (shadows included) inside the badge.
        for (const t of byName(elements, 'text')) {
          const baseline = Number(t.attributes.y) / 10;
          assert.ok(baseline - ASCENT_EM * fontSize >= 0, `${what}: top of "${t.text}" at ${baseline}`);
          assert.ok(baseline + DESCENT_EM * fontSize <= height, `${what}: bottom of "${t.text}" at ${baseline}`);
        }
      }
    }
  });
});

describe('renderSvg: accessibility and markup', () => {
  test('role="img", aria-label and <title> carry "<label>: <message>" in every style, mini included', () => {
    for (const style of BADGE_STYLES) {
      for (const content of ALL_CONTENT) {
        const elements = parseXml(renderSvg(content, style));
        const expected = `${content.label}: ${content.message === '?' ? 'grade unknown' : content.message}`;
        assert.equal(elements[0]!.name, 'svg');
        assert.equal(elements[0]!.attributes.role, 'img');
        assert.equal(elements[0]!.attributes['aria-label'], expected, `${style} ${expected}`);
        assert.equal(elements[0]!.attributes.xmlns, 'http://www.w3.org/2000/svg');
        assert.equal(elements[1]!.name, 'title', 'the title is the first child');
        assert.equal(elements[1]!.text, expected);
      }
    }
  });

  test('text shadows are hidden from assistive technology', () => {
    const elements = parseXml(renderBadge('C', 'default'));
    const shadowGroups = elements.filter((e) => e.name === 'g' && e.attributes.fill === '#010101');
    assert.equal(shadowGroups.length, 2);
    for (const g of shadowGroups) assert.equal(g.attributes['aria-hidden'], 'true');
  });

  test('every badge is well-formed XML with no script, event handler, link or external reference', () => {
    for (const style of BADGE_STYLES) {
      for (const content of [...ALL_CONTENT, gradeContent('A', '<script>"&\'</script>')]) {
        const svg = renderSvg(content, style);
        const elements = parseXml(svg);
        const names = new Set(elements.map((e) => e.name));
        for (const banned of ['script', 'a', 'foreignObject', 'image', 'use', 'style'])
          assert.ok(!names.has(banned), `${banned} in ${style} ${content.label} ${content.message}`);
        for (const e of elements) {
          for (const [name, value] of Object.entries(e.attributes)) {
            assert.ok(!/^on/i.test(name) && !/href$/i.test(name), `${name} on <${e.name}>`);
            assert.ok(!/javascript:|https?:\/\/(?!www\.w3\.org\/2000\/svg$)/i.test(value), `${name}="${value}"`);
          }
        }
      }
    }
  });

  test('ids carry style, message and label, so inlined badges never point at each other’s definitions', () => {
    const seen = new Map<string, string>();
    const custom = ['build', 'Build', 'security ', 'security-headers', 'l', '安全', '😀'].map((label) =>
      gradeContent('A', label),
    );
    for (const style of BADGE_STYLES) {
      for (const content of [...ALL_CONTENT, ...custom]) {
        const svg = renderSvg(content, style);
        const elements = parseXml(svg);
        const ids = elements.map((e) => e.attributes.id).filter((id): id is string => id !== undefined);
        const references = [...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]!);
        for (const ref of references) assert.ok(ids.includes(ref), `url(#${ref}) resolves inside the same badge`);
        for (const id of ids) {
          assert.match(id, /^[a-z][\w.-]*$/, 'a plain XML name');
          assert.ok(id.endsWith(`-${idSuffix(style, content)}`), id);
          assert.ok(!seen.has(id) || seen.get(id) === svg, `id ${id} shared by two different badges`);
          seen.set(id, svg);
        }
      }
    }
    assert.equal(idSuffix('default', { label: 'security', message: 'A+' }), 'default-a-plus');
    assert.equal(idSuffix('mini', { label: 'security', message: 'B-' }), 'mini-b-minus');
    assert.equal(idSuffix('default', { label: 'security', message: '?' }), 'default-unknown');
    assert.equal(idSuffix('default', { label: 'security', message: 'invalid domain' }), 'default-invalid-domain');
    assert.equal(idSuffix('mini', { label: 'email security', message: 'B' }), 'mini-b-email-security');
    assert.equal(idSuffix('default', { label: 'ab', message: 'A' }), 'default-a-l2p_2q');
  });

  test('rendering is deterministic (same bytes every time, so the ETag is stable)', () => {
    assert.equal(renderBadge('A', 'default'), renderBadge('A', 'default'));
    assert.equal(renderBadge('A', 'default', 'my label'), renderBadge('A', 'default', 'my label'));
    assert.notEqual(renderBadge('A', 'default'), renderBadge('A', 'mini'));
    assert.notEqual(
      renderBadge('A', 'mini'),
      renderBadge('A', 'mini', 'security headers'),
      'the accessible name differs',
    );
  });
});
