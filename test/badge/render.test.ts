import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { makeBadge } from 'badge-maker';
import {
  BADGE_ERRORS,
  NAMED_COLOURS,
  TOOL_LABELS,
  colourOf,
  gradeContent,
  type BadgeContent,
  type BadgeMessage,
} from '../../src/badge/content.ts';
import {
  BADGE_STYLES,
  LABEL_COLOUR,
  idSuffix,
  renderBadge,
  renderErrorBadge,
  renderSvg,
  type BadgeStyle,
} from '../../src/badge/render.ts';
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

const BADGE_MAKER_STYLE: Record<BadgeStyle, 'flat' | 'flat-square'> = {
  default: 'flat',
  compact: 'flat-square',
  mini: 'flat',
};

function badgeMaker({ label, message, colour }: BadgeContent, style: BadgeStyle): string {
  return makeBadge({ label: style === 'mini' ? '' : label, message, color: colour, style: BADGE_MAKER_STYLE[style] });
}

describe('renderSvg matches badge-maker 6.0.0', () => {
  for (const style of BADGE_STYLES) {
    test(`${style}: same size, rectangles, colours, text positions and lengths for every label and message`, () => {
      for (const content of ALL_CONTENT) {
        const what = `${style} ${content.label} ${content.message}`;
        assert.deepEqual(geometry(renderSvg(content, style)), geometry(badgeMaker(content, style)), what);
      }
    });
  }

  test('a label of the caller’s own in ASCII is laid out as badge-maker lays it out', () => {
    for (const label of ['build', 'Security Grade (prod)', '~!@#$%^&*_+={}[]|\\:;"\'<>,.?/`']) {
      for (const style of BADGE_STYLES) {
        const content = gradeContent('B+', label);
        assert.deepEqual(
          geometry(renderSvg(content, style)),
          geometry(badgeMaker(content, style)),
          `${style} ${label}`,
        );
      }
    }
  });

  test('compact is byte-identical to badge-maker flat-square for every grade and tool label', () => {
    for (const label of LABELS) {
      for (const grade of GRADE_SCALE) {
        const color = colourOf(grade);
        assert.equal(
          renderBadge(grade, 'compact', label),
          makeBadge({ label, message: grade, color, style: 'flat-square' }),
        );
      }
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

  test('mini: the message alone, no label half, whatever the label', () => {
    for (const label of [...LABELS, 'my label']) {
      const g = geometry(renderBadge('B', 'mini', label));
      assert.deepEqual(
        g.texts.map((t) => t.text),
        ['B'],
      );
      assert.deepEqual(g.rects, [{ x: 0, width: 17, fill: '#95991a' }]);
      assert.equal(g.width, '17');
    }
    assert.ok(!/>security</.test(renderBadge('B', 'mini')), 'no visible label');
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

  test('every badge is 20 px high and wider with a longer message or label', () => {
    for (const style of BADGE_STYLES) {
      const width = (svg: string) => Number(geometry(svg).width);
      assert.equal(geometry(renderBadge('A', style)).height, '20');
      assert.equal(geometry(renderErrorBadge('invalid label', style)).height, '20');
      assert.ok(width(renderBadge('A+', style)) > width(renderBadge('A', style)), style);
      if (style !== 'mini')
        assert.ok(width(renderBadge('A', style, 'security headers')) > width(renderBadge('A', style)), style);
    }
  });

  test('a label outside ASCII gets one em per character, and its text is drawn to that length', () => {
    const g = geometry(renderBadge('A', 'default', '安全'));
    assert.deepEqual(g.rects[0], { x: 0, width: 33, fill: LABEL_COLOUR });
    assert.deepEqual(g.texts[0], { text: '安全', x: '175', textLength: '230' });
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
