/** Near misses as a specification: which texts are meant as a record but discarded, and why. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nearMissOf, type RecordVersion } from '../../../src/tools/email-security/near-miss.ts';

/** A tag-list record read as DMARC's is: "v=DMARC1" first, exact but for the case of "v" and spaces around "=". */
const DMARC_LIKE: RecordVersion = {
  version: 'v=DMARC1',
  name: 'DMARC',
  separator: ';',
  isRecord: (text) => /^[vV][ \t]*=[ \t]*DMARC1[ \t]*(;|$)/.test(text),
};

const reason = (text: string) => nearMissOf(text, DMARC_LIKE)?.reason ?? null;

test('a record receivers read is no near miss, nor is a text not meant as one', () => {
  assert.equal(reason('v=DMARC1; p=reject'), null);
  assert.equal(reason('V = DMARC1 ; p=reject'), null);
  for (const text of ['', '"', 'p=reject', 'v=spf1 -all', 'google-site-verification=x', '\\v=DMARC1', 'xv=DMARC1'])
    assert.equal(reason(text), null, text);
});

test('the first reason that applies is named: quotes, then white space, then the version', () => {
  assert.equal(reason('" v=dmarc1; p=reject"'), 'quoted');
  assert.equal(reason("\t'v=DMARC1; p=reject'"), 'quoted');
  assert.equal(reason('\t v=dmarc1; p=reject'), 'leading-space');
  assert.equal(reason('v=DMARC10; p=reject'), 'version-misspelt');
  assert.equal(reason('p=reject;v=DMARC1'), 'version-not-first');
});

test('the version as written is named, or the separator it lacks', () => {
  assert.equal(nearMissOf('v = dmarc1; p=reject', DMARC_LIKE)?.problem, 'starts "v = dmarc1", not "v=DMARC1"');
  assert.equal(nearMissOf('v=DMARC1 p=reject', DMARC_LIKE)?.problem, 'has no ";" after "v=DMARC1"');
});

test('only the start of a long text is read', () => {
  assert.equal(reason(`${'p=reject; '.repeat(10_000)}v=DMARC1`), null);
  assert.equal(reason(`${' '.repeat(100_000)}v=DMARC1`), null);
  assert.equal(reason(`"v=DMARC1; ${'x'.repeat(100_000)}"`), 'quoted');
  assert.equal(reason(`p=reject; v=DMARC1; ${'v '.repeat(100_000)}`), 'version-not-first');
});
