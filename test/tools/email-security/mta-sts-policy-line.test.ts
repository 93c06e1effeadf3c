import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allStrings } from '../../support/all-strings.ts';
import { parsePolicyLine, parseStsPolicy } from '../../../src/tools/email-security/mta-sts/policy.ts';

/** The line rule as first written: the specification, though it takes quadratic time on a run of tabs. */
const AS_SPECIFIED = /^([A-Za-z0-9][A-Za-z0-9_.-]{0,31}):[ \t]*(.*?)[ \t]*$/;

function asSpecified(line: string): [string, string] | null {
  const match = AS_SPECIFIED.exec(line);
  return match ? [match[1]!, match[2]!] : null;
}

test('a policy line is read exactly as the rule as specified reads it', () => {
  for (const line of allStrings('a:- \t\r', 7))
    assert.deepEqual(parsePolicyLine(line), asSpecified(line), JSON.stringify(line));
  for (const line of [
    'version: STSv1',
    'mode:enforce',
    'mx: *.mail.example.com  ',
    'max_age:\t604800\t',
    `${'k'.repeat(32)}: v`,
    `${'k'.repeat(33)}: v`,
    '_key: v',
    'key: a\u2028b',
    'key: a\u0000b',
    ': empty key',
  ])
    assert.deepEqual(parsePolicyLine(line), asSpecified(line), JSON.stringify(line));
});

test('100,000 tabs inside a value are read in one pass (the first rule took quadratic time on them)', () => {
  const tabs = '\t'.repeat(100_000);
  assert.deepEqual(parsePolicyLine(`mode: enforce${tabs}x`), ['mode', `enforce${tabs}x`]);
  assert.deepEqual(parsePolicyLine(`mode: enforce${tabs}`), ['mode', 'enforce']);
  const policy = parseStsPolicy(`version: STSv1\nmode: enforce${tabs}x\nmx: mail.example.com\nmax_age: 86400\n`);
  assert.deepEqual(policy.problems, [`mode: enforce${tabs}x is not enforce, testing or none`]);
});
