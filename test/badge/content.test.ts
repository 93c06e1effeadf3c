import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BADGE_ERRORS,
  DEFAULT_LABEL,
  NAMED_COLOURS,
  TOOL_LABELS,
  accessibleText,
  badgeMessage,
  colourOf,
  errorContent,
  gradeContent,
  type BadgeMessage,
} from '../../src/badge/content.ts';
import { LABEL_COLOUR } from '../../src/badge/render.ts';
import { GRADE_SCALE } from '../../src/tools/grading.ts';

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

describe('badge content: labels', () => {
  test('each tool has its own label; the default (website-security) keeps "security"', () => {
    assert.deepEqual(TOOL_LABELS, {
      'website-security': 'security',
      'security-headers': 'security headers',
      'email-security': 'email security',
    });
    assert.equal(DEFAULT_LABEL, 'security');
    assert.equal(gradeContent('A').label, 'security');
    assert.equal(gradeContent('A', 'email security').label, 'email security');
  });
});

describe('badge content: grades and colours', () => {
  for (const [message, colour] of Object.entries(EXPECTED_COLOUR) as [BadgeMessage, keyof typeof NAMED_COLOURS][]) {
    test(`${message} is ${colour} (${NAMED_COLOURS[colour]})`, () => {
      assert.equal(colourOf(message), colour);
      assert.deepEqual(gradeContent(message === '?' ? null : message), { label: 'security', message, colour });
    });
  }

  test('no grade, and any stored value that is not a grade, shows ?', () => {
    for (const stored of [null, '', 'E', 'a+', 'A++', 'pending', '<script>', 'A+ ']) {
      assert.equal(badgeMessage(stored), '?', String(stored));
    }
    for (const grade of GRADE_SCALE) assert.equal(badgeMessage(grade), grade);
  });

  test('white text is readable on every background by badge-maker’s brightness rule (≤ 0.69)', () => {
    for (const hex of [LABEL_COLOUR, ...Object.values(NAMED_COLOURS)]) {
      const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
      assert.ok(+((r * 299 + g * 587 + b * 114) / 255000).toFixed(2) <= 0.69, hex);
    }
  });
});

describe('badge content: errors', () => {
  test('one short text per parameter and per refusal, in red, under the label the badge would have had', () => {
    assert.deepEqual(BADGE_ERRORS, [
      'invalid domain',
      'invalid style',
      'invalid tool',
      'invalid format',
      'invalid label',
      'invalid key',
      'key lacks scope',
      'rate limited',
      'unavailable',
      'error',
    ]);
    assert.deepEqual(errorContent('invalid domain'), { label: 'security', message: 'invalid domain', colour: 'red' });
    assert.equal(errorContent('invalid style', 'email security').label, 'email security');
  });
});

describe('badge content: accessible text', () => {
  test('"<label>: <message>", and "grade unknown" for ?', () => {
    const cases: [Parameters<typeof accessibleText>[0], string][] = [
      [{ label: 'security', message: 'A+' }, 'security: A+'],
      [{ label: 'security', message: '?' }, 'security: grade unknown'],
      [{ label: 'security headers', message: 'B-' }, 'security headers: B-'],
      [{ label: 'email security', message: '?' }, 'email security: grade unknown'],
      [{ label: 'security', message: 'invalid domain' }, 'security: invalid domain'],
      [{ label: 'my site', message: 'F' }, 'my site: F'],
    ];
    for (const [content, expected] of cases) assert.equal(accessibleText(content), expected);
  });
});
