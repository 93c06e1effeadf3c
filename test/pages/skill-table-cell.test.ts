import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allStrings } from '../support/all-strings.ts';
import { tableCell } from '../../src/pages/skill.ts';

/** The rule as first written: the specification, though it takes quadratic time on long runs of whitespace. */
const asSpecified = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

test('a table cell escapes pipes and joins lines exactly as the rule as specified does', () => {
  for (const text of allStrings(' \t\n|a', 7)) assert.equal(tableCell(text), asSpecified(text), JSON.stringify(text));
  assert.equal(
    tableCell('The scan ran;\n  the target | its records\r\n were read.'),
    asSpecified('The scan ran;\n  the target | its records\r\n were read.'),
  );
});

test('100,000 tabs without a line break are read in one pass (the first rule took quadratic time on them)', () => {
  const tabs = '\t'.repeat(100_000);
  assert.equal(tableCell(`a${tabs}b\n c`), `a${tabs}b c`);
  assert.equal(tableCell(`a${tabs}\nb`), 'a b');
});
