import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allStrings } from '../support/all-strings.ts';
import { checkAddress } from '../../src/net/address-policy.ts';
import { withoutZone } from '../../src/net/host-text.ts';

/** The zone rule as first written: the specification, though it takes quadratic time on many "%". */
const asSpecified = (text: string) => text.replace(/%.*$/, '');

test('an IPv6 zone is dropped exactly where the rule as specified drops it', () => {
  for (const text of allStrings('%a:\n\r\u2028', 7))
    assert.equal(withoutZone(text), asSpecified(text), JSON.stringify(text));
  for (const text of ['fe80::1%eth0', 'fe80::1%25en0', '::1', '8.8.8.8', 'fe80::1%eth0\u2029%lo'])
    assert.equal(withoutZone(text), asSpecified(text), JSON.stringify(text));
});

test('an address with a zone is classified as the address', () => {
  assert.deepEqual(checkAddress('fe80::1%eth0'), checkAddress('fe80::1'));
  assert.deepEqual(checkAddress('[2606:4700:4700::1111%1]'), checkAddress('2606:4700:4700::1111'));
});

test('100,000 "%" before a line break are read in one pass (the first rule took quadratic time on them)', () => {
  const hostile = `fe80::1${'%'.repeat(100_000)}\n%`;
  assert.equal(withoutZone(hostile), `fe80::1${'%'.repeat(100_000)}\n`);
  assert.deepEqual(checkAddress(hostile), { allowed: false, range: 'invalid' });
  assert.deepEqual(checkAddress(`fe80::1%${'eth0'.repeat(25_000)}`), { allowed: false, range: 'linkLocal' });
});
