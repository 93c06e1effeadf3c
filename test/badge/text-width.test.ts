import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { TOOL_LABELS, BADGE_ERRORS } from '../../src/badge/content.ts';
import {
  VERDANA_10PX_HUNDREDTHS,
  VERDANA_11PX_HUNDREDTHS,
  textWidth,
  unlistedCharacterHundredths,
  type FontSize,
} from '../../src/badge/text-width.ts';
import { GRADE_SCALE } from '../../src/tools/grading.ts';

const measure = createRequire(import.meta.url)('anafanafo') as (text: string, options: { font: string }) => number;
const anafanafo = (text: string, fontSize: FontSize = 11) => measure(text, { font: `${fontSize}px Verdana` });
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
const TABLES: [FontSize, Readonly<Record<string, number>>][] = [
  [11, VERDANA_11PX_HUNDREDTHS],
  [10, VERDANA_10PX_HUNDREDTHS],
];
const oddUp = (width: number) => (width % 2 === 0 ? width + 1 : width);

describe('textWidth: Verdana 11 px and 10 px as badge-maker measures them', () => {
  for (const [size, table] of TABLES) {
    test(`${size} px: the table is anafanafo’s (badge-maker’s measurer) for printable ASCII, and only that`, () => {
      assert.deepEqual(Object.keys(table).sort(), [...PRINTABLE_ASCII].sort());
      for (const char of PRINTABLE_ASCII)
        assert.equal(table[char], Math.round(anafanafo(char, size) * 100), JSON.stringify(char));
    });

    test(`${size} px: every text the badge writes itself has anafanafo’s width, rounded up to an odd number`, () => {
      const texts = [...Object.values(TOOL_LABELS), ...GRADE_SCALE, '?', ...BADGE_ERRORS, 'my label 2.0'];
      for (const text of [...texts, 'W'.repeat(40), 'production web site'])
        assert.equal(textWidth(text, size), oddUp(anafanafo(text, size) | 0), text);
    });

    test(`${size} px: a letter with a diacritic counts as its base letter, as anafanafo measures it`, () => {
      for (const text of ['é', 'sécurité', 'Ångström', 'ñandú'])
        assert.equal(textWidth(text, size), oddUp(anafanafo(text, size) | 0), text);
    });
  }

  test('11 px is the default size; "security" is 43 px there and 39 px at 10 px', () => {
    assert.equal(textWidth('security'), textWidth('security', 11));
    assert.equal(textWidth('security'), 43);
    assert.equal(textWidth('security', 10), 39);
  });

  test('the tables are one font at two sizes: 10 px is 11 px × 10/11, to the hundredth either is rounded to', () => {
    for (const char of PRINTABLE_ASCII) {
      const scaled = (VERDANA_11PX_HUNDREDTHS[char]! * 10) / 11;
      assert.ok(Math.abs(scaled - VERDANA_10PX_HUNDREDTHS[char]!) <= 1, JSON.stringify(char));
    }
  });

  test('no text is wider at 10 px than at 11 px', () => {
    for (const text of ['i', 'l', 'security', 'W'.repeat(40), '中文', '😀', ...BADGE_ERRORS])
      assert.ok(textWidth(text, 10) <= textWidth(text, 11), text);
  });

  test('any other character counts as one em (the font size), per code point', () => {
    assert.equal(unlistedCharacterHundredths(11), 1100);
    assert.equal(unlistedCharacterHundredths(10), 1000);
    assert.equal(textWidth('中'), 11);
    assert.equal(textWidth('中文'), 23, '22 rounded up to odd');
    assert.equal(textWidth('😀'), 11, 'a surrogate pair is one character');
    assert.equal(textWidth('中', 10), 11, '10 rounded up to odd');
    assert.equal(textWidth('中文', 10), 21);
    assert.equal(textWidth('中', 10), oddUp(anafanafo('中', 10) | 0), 'a CJK ideograph is one em in anafanafo too');
  });
});
