import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allStrings } from '../../support/all-strings.ts';
import { parseMacroString, readMacro, splitOnAny } from '../../../src/tools/email-security/spf/macro.ts';
import { MACRO_DELIMITERS } from '../../../src/tools/email-security/spf/rfc7208.ts';

/** The macro rule as first written: the specification, though it takes quadratic time on digits without "}". */
const AS_SPECIFIED = /^\{([a-zA-Z])(\d*)(r?)([^}]*)\}/i;

function asSpecified(text: string) {
  const match = AS_SPECIFIED.exec(text);
  if (!match) return null;
  const [body, letter, digits, reverse, delimiters] = match as unknown as [string, string, string, string, string];
  return { letter, digits, reverse, delimiters, end: body.length };
}

test('a macro is read exactly as the rule as specified reads it', () => {
  for (const rest of allStrings('}dD1rR.', 6)) {
    const text = `{${rest}`;
    assert.deepEqual(readMacro(text, 0), asSpecified(text), text);
  }
  assert.deepEqual(readMacro('x%{d2r.-}.example.com', 2), {
    letter: 'd',
    digits: '2',
    reverse: 'r',
    delimiters: '.-',
    end: 9,
  });
});

test('a value is split on the delimiters exactly as a character class of them splits it', () => {
  for (const value of allStrings('a.-+,', 6))
    for (const delimiters of ['.', '-', '.-', '+-.', '..', MACRO_DELIMITERS]) {
      const characterClass = new RegExp(`[${[...delimiters].map((char) => `\\${char}`).join('')}]`);
      assert.deepEqual(splitOnAny(value, delimiters), value.split(characterClass), `${value} on ${delimiters}`);
    }
});

test('a macro of 100,000 digits without its "}" is refused in one pass (the first rule took quadratic time)', () => {
  const parsed = parseMacroString(`%{d${'1'.repeat(100_000)}`, 'domain');
  assert.equal(parsed.ok, false);
  assert.match(parsed.ok ? '' : parsed.error.message, /^unterminated or malformed macro/);
  assert.deepEqual(readMacro(`{d${'1'.repeat(100_000)}r.}`, 0), {
    letter: 'd',
    digits: '1'.repeat(100_000),
    reverse: 'r',
    delimiters: '.',
    end: 100_005,
  });
});
