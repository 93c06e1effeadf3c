import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { TOOL_LABELS, BADGE_ERRORS } from '../../src/badge/content.ts';
import { UNLISTED_CHARACTER_HUNDREDTHS, VERDANA_11PX_HUNDREDTHS, textWidth } from '../../src/badge/text-width.ts';
import { GRADE_SCALE } from '../../src/tools/grading.ts';

const measure = createRequire(import.meta.url)('anafanafo') as (text: string, options: { font: string }) => number;
const anafanafo = (text: string) => measure(text, { font: '11px Verdana' });
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

describe('textWidth: Verdana 11 px as badge-maker measures it', () => {
  test('the table is anafanafo’s (badge-maker’s measurer) for every printable ASCII character, and only those', () => {
    assert.deepEqual(Object.keys(VERDANA_11PX_HUNDREDTHS).sort(), [...PRINTABLE_ASCII].sort());
    for (const char of PRINTABLE_ASCII)
      assert.equal(VERDANA_11PX_HUNDREDTHS[char], Math.round(anafanafo(char) * 100), JSON.stringify(char));
  });

  test('every text the badge writes itself has badge-maker’s width, rounded up to an odd number', () => {
    for (const text of [...Object.values(TOOL_LABELS), ...GRADE_SCALE, '?', ...BADGE_ERRORS, 'my label 2.0']) {
      const width = anafanafo(text) | 0;
      assert.equal(textWidth(text), width % 2 === 0 ? width + 1 : width, text);
    }
    assert.equal(textWidth('security'), 43);
  });

  test('a letter with a diacritic counts as its base letter, as anafanafo measures it', () => {
    for (const text of ['é', 'sécurité', 'Ångström', 'ñandú']) {
      const width = anafanafo(text) | 0;
      assert.equal(textWidth(text), width % 2 === 0 ? width + 1 : width, text);
    }
  });

  test('any other character counts as one em (11 px), per code point', () => {
    assert.equal(UNLISTED_CHARACTER_HUNDREDTHS, 1100);
    assert.equal(textWidth('中'), 11);
    assert.equal(textWidth('中文'), 23, '22 rounded up to odd');
    assert.equal(textWidth('😀'), 11, 'a surrogate pair is one character');
  });
});
