import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allStrings } from '../../../support/all-strings.ts';
import { VERSIONED } from '../../../../src/tools/security-headers/findings/header-findings.ts';

/** The version rule as first written: the specification, though it backtracks on long digit runs. */
const AS_SPECIFIED = /\d+(?:\.\d+)+|\/\s*\d/;

test('a Server value carries a version exactly when the rule as specified says so', () => {
  for (const value of allStrings('1./ a', 7)) assert.equal(VERSIONED.test(value), AS_SPECIFIED.test(value), value);
  for (const value of ['nginx/1.25.3', 'Apache/2.4.57 (Unix)', 'Microsoft-IIS/10.0', 'cloudflare', 'AmazonS3'])
    assert.equal(VERSIONED.test(value), AS_SPECIFIED.test(value), value);
});

test('a 16 KB run of digits is read in one pass (the first rule took quadratic time on it)', () => {
  assert.equal(VERSIONED.test('9'.repeat(16_384)), false);
  assert.equal(VERSIONED.test(`${'9'.repeat(16_384)}.1`), true);
});
