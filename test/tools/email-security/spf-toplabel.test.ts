import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allStrings } from '../../support/all-strings.ts';
import { isTopLabel, parseDomainSpec } from '../../../src/tools/email-security/spf/macro.ts';

/** RFC 7208 §7.1's toplabel, as the ABNF reads: the specification the linear check must match. */
const ABNF_TOPLABEL = /^(?:[a-z0-9]*[a-z][a-z0-9]*|[a-z0-9]+-[a-z0-9-]*[a-z0-9])$/i;

test('a top-level label is what the ABNF says, for every label of up to 7 characters', () => {
  for (const label of allStrings('aZ1-_.', 7)) {
    assert.equal(isTopLabel(label), ABNF_TOPLABEL.test(label), JSON.stringify(label));
  }
});

test('a 60,000-character label ending in a hyphen is refused (the ABNF regex takes seconds on it)', () => {
  const hostile = `include.x.${'a'.repeat(60_000)}-`;
  assert.equal(isTopLabel(hostile.slice(hostile.lastIndexOf('.') + 1)), false);
  const parsed = parseDomainSpec(hostile);
  assert.equal(parsed.ok, false);
});
