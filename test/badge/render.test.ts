import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { makeBadge } from 'badge-maker';
import {
  BADGE_STYLES,
  LABEL_COLOUR,
  NAMED_COLOURS,
  accessibleText,
  badgeMessage,
  colourOf,
  idSuffix,
  renderBadge,
  type BadgeMessage,
  type BadgeStyle,
} from '../../src/badge/render.ts';
import { VERDANA_11PX_HUNDREDTHS, textWidth } from '../../src/badge/text-width.ts';
import { GRADE_SCALE } from '../../src/tools/grading.ts';
import { parseXml, type XmlElementInfo } from './well-formed.ts';

const MESSAGES: BadgeMessage[] = [...GRADE_SCALE, '?'];

const EXPECTED_COLOUR: Record<BadgeMessage, keyof typeof NAMED_COLOURS> = {
  'A+': 'brightgreen',
  A: 'green',
  'A-': 'green',
  'B+': 'yellowgreen',
  B: 'yellowgreen',
  'B-': 'yellowgreen',
  'C+': 'yellow',
  C: 'yellow',
  'C-': 'yellow',
  'D+': 'orange',
  D: 'orange',
  'D-': 'orange',
  F: 'red',
  '?': 'lightgrey',
};

/** What a viewer sees: size, coloured rectangles, and the visible texts with their positions. */
function geometry(svg: string) {
  const elements = parseXml(svg);
  const root = elements[0]!;
  const rects = elements
    .filter((e) => e.name === 'rect' && e.attributes.fill?.startsWith('#') && e.attributes.width !== '0')
    .map((e) => ({ x: Number(e.attributes.x ?? 0), width: Number(e.attributes.width), fill: e.attributes.fill }));
  const texts = elements
    .filter((e) => e.name === 'text' && e.attributes.y === '140')
    .map((e) => ({ text: e.text, x: e.attributes.x, textLength: e.attributes.textLength }));
  return { width: root.attributes.width, height: root.attributes.height, rects, texts };
}

function byName(elements: XmlElementInfo[], name: string): XmlElementInfo[] {
  return elements.filter((e) => e.name === name);
}

const BADGE_MAKER_STYLE: Record<BadgeStyle, { style: 'flat' | 'flat-square'; label: string }> = {
  default: { style: 'flat', label: 'security' },
  compact: { style: 'flat-square', label: 'security' },
  mini: { style: 'flat', label: '' },
};

describe('renderBadge matches badge-maker 6.0.0', () => {
  for (const style of BADGE_STYLES) {
    test(`${style}: same size, rectangles, colours, text positions and lengths for every message`, () => {
      for (const message of MESSAGES) {
        const ours = renderBadge(message === '?' ? null : message, style);
        const { style: bmStyle, label } = BADGE_MAKER_STYLE[style];
        const theirs = makeBadge({ label, message, color: EXPECTED_COLOUR[message], style: bmStyle });
        assert.deepEqual(geometry(ours), geometry(theirs), `${style} ${message}`);
      }
    });
  }

  test('compact is byte-identical to badge-maker flat-square for every grade', () => {
    for (const grade of GRADE_SCALE) {
      assert.equal(
        renderBadge(grade, 'compact'),
        makeBadge({ label: 'security', message: grade, color: EXPECTED_COLOUR[grade], style: 'flat-square' }),
      );
    }
  });

  test('the width table is anafanafo’s (badge-maker’s measurer) for every character and every text shown', () => {
    const measure = createRequire(import.meta.url)('anafanafo') as (text: string, options: { font: string }) => number;
    for (const text of ['security', ...MESSAGES]) {
      const width = measure(text, { font: '11px Verdana' }) | 0;
      assert.equal(textWidth(text), width % 2 === 0 ? width + 1 : width, text);
    }
    for (const [char, hundredths] of Object.entries(VERDANA_11PX_HUNDREDTHS))
      assert.equal(hundredths, Math.round(measure(char, { font: '11px Verdana' }) * 100), char);
    assert.deepEqual(
      Object.keys(VERDANA_11PX_HUNDREDTHS).sort(),
      [...new Set([...'security', ...MESSAGES.join('')])].sort(),
      'exactly the characters shown',
    );
  });

  test('a character outside the table is a bug, not a guess', () => {
    assert.throws(() => textWidth('x'), /no Verdana width/);
  });
});

describe('renderBadge: styles', () => {
  test('default: label "security" and the grade, rounded corners, gradient and text shadow', () => {
    const svg = renderBadge('A+', 'default');
    const elements = parseXml(svg);
    assert.deepEqual(geometry(svg), {
      width: '80',
      height: '20',
      rects: [
        { x: 0, width: 53, fill: LABEL_COLOUR },
        { x: 53, width: 27, fill: '#4b0' },
      ],
      texts: [
        { text: 'security', x: '275', textLength: '430' },
        { text: 'A+', x: '655', textLength: '170' },
      ],
    });
    assert.equal(byName(elements, 'clipPath').length, 1);
    assert.equal(byName(elements, 'linearGradient').length, 1);
    assert.equal(byName(elements, 'clipPath')[0]!.text, '');
    assert.equal(elements.find((e) => e.name === 'rect' && e.attributes.rx)?.attributes.rx, '3');
    assert.equal(byName(elements, 'text').length, 6, 'each text, its shadow and its blurred shadow');
  });

  test('compact: the same halves with square corners, no gradient, no shadow', () => {
    const svg = renderBadge('A+', 'compact');
    const elements = parseXml(svg);
    assert.deepEqual(
      geometry(svg).texts.map((t) => t.text),
      ['security', 'A+'],
    );
    assert.equal(byName(elements, 'g')[0]!.attributes['shape-rendering'], 'crispEdges');
    for (const name of ['clipPath', 'linearGradient', 'filter']) assert.equal(byName(elements, name).length, 0, name);
    assert.equal(byName(elements, 'text').length, 2);
  });

  test('mini: the grade alone, no label half', () => {
    const svg = renderBadge('B', 'mini');
    const g = geometry(svg);
    assert.deepEqual(
      g.texts.map((t) => t.text),
      ['B'],
    );
    assert.deepEqual(g.rects, [{ x: 0, width: 17, fill: '#95991a' }]);
    assert.equal(g.width, '17');
    assert.ok(!/>security</.test(svg), 'no visible label');
  });

  test('every style is 20 px high and wider with a longer message', () => {
    for (const style of BADGE_STYLES) {
      assert.equal(geometry(renderBadge('A', style)).height, '20');
      assert.ok(
        Number(geometry(renderBadge('A+', style)).width) > Number(geometry(renderBadge('A', style)).width),
        style,
      );
    }
  });
});

describe('renderBadge: grades and colours', () => {
  for (const message of MESSAGES) {
    test(`${message} is ${EXPECTED_COLOUR[message]} (${NAMED_COLOURS[EXPECTED_COLOUR[message]]})`, () => {
      assert.equal(colourOf(message), EXPECTED_COLOUR[message]);
      for (const style of BADGE_STYLES) {
        const rects = geometry(renderBadge(message === '?' ? null : message, style)).rects;
        assert.equal(rects.at(-1)!.fill, NAMED_COLOURS[EXPECTED_COLOUR[message]], style);
      }
    });
  }

  test('no grade, and any stored value that is not a grade, shows ?', () => {
    for (const stored of [null, '', 'E', 'a+', 'A++', 'pending', '<script>', 'A+ ']) {
      assert.equal(badgeMessage(stored), '?', String(stored));
      assert.equal(renderBadge(stored, 'default'), renderBadge(null, 'default'));
    }
    assert.deepEqual(
      geometry(renderBadge(null, 'default')).texts.map((t) => t.text),
      ['security', '?'],
    );
  });

  test('white text is readable on every background by badge-maker’s brightness rule (≤ 0.69)', () => {
    for (const hex of [LABEL_COLOUR, ...Object.values(NAMED_COLOURS)]) {
      const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
      assert.ok(+((r * 299 + g * 587 + b * 114) / 255000).toFixed(2) <= 0.69, hex);
    }
  });
});

describe('renderBadge: accessibility and markup', () => {
  test('role="img", aria-label and <title> carry "security: <grade>" in every style, mini included', () => {
    for (const style of BADGE_STYLES) {
      for (const message of MESSAGES) {
        const elements = parseXml(renderBadge(message === '?' ? null : message, style));
        const expected = message === '?' ? 'security: grade unknown' : `security: ${message}`;
        assert.equal(accessibleText(message), expected);
        assert.equal(elements[0]!.name, 'svg');
        assert.equal(elements[0]!.attributes.role, 'img');
        assert.equal(elements[0]!.attributes['aria-label'], expected, `${style} ${message}`);
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
      for (const message of MESSAGES) {
        const svg = renderBadge(message === '?' ? null : message, style);
        const elements = parseXml(svg);
        const names = new Set(elements.map((e) => e.name));
        for (const banned of ['script', 'a', 'foreignObject', 'image', 'use', 'style'])
          assert.ok(!names.has(banned), `${banned} in ${style} ${message}`);
        for (const e of elements) {
          for (const [name, value] of Object.entries(e.attributes)) {
            assert.ok(!/^on/i.test(name) && !/href$/i.test(name), `${name} on <${e.name}>`);
            assert.ok(!/javascript:|https?:\/\/(?!www\.w3\.org\/2000\/svg$)/i.test(value), `${name}="${value}"`);
          }
        }
      }
    }
  });

  test('ids carry a suffix from style and message, so inlined badges never point at each other’s definitions', () => {
    const seen = new Map<string, string>();
    for (const style of BADGE_STYLES) {
      for (const message of MESSAGES) {
        const svg = renderBadge(message === '?' ? null : message, style);
        const elements = parseXml(svg);
        const ids = elements.map((e) => e.attributes.id).filter((id): id is string => id !== undefined);
        const references = [...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]!);
        for (const ref of references) assert.ok(ids.includes(ref), `url(#${ref}) resolves inside the same badge`);
        for (const id of ids) {
          assert.ok(id.endsWith(`-${idSuffix(style, message)}`), id);
          assert.ok(!seen.has(id) || seen.get(id) === svg, `id ${id} shared by two different badges`);
          seen.set(id, svg);
        }
      }
    }
    assert.equal(idSuffix('default', 'A+'), 'default-a-plus');
    assert.equal(idSuffix('mini', 'B-'), 'mini-b-minus');
    assert.equal(idSuffix('default', '?'), 'default-unknown');
    assert.ok(seen.size >= 2 * 2 * MESSAGES.length, 'default and mini define ids for every message');
  });

  test('rendering is deterministic (same bytes every time, so the ETag is stable)', () => {
    assert.equal(renderBadge('A', 'default'), renderBadge('A', 'default'));
    assert.notEqual(renderBadge('A', 'default'), renderBadge('A', 'mini'));
  });
});
