import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allStrings } from '../support/all-strings.ts';
import { withoutTrailingSlashes } from '../../src/net/host-text.ts';
import { siteFor } from '../../src/pages/site.ts';

/** The rule as first written: the specification, though it takes quadratic time on a long run of "/". */
const asSpecified = (text: string) => text.replace(/\/+$/, '');

test('trailing slashes are dropped exactly as the rule as specified drops them', () => {
  for (const text of allStrings('/a\n', 9)) assert.equal(withoutTrailingSlashes(text), asSpecified(text), text);
  assert.equal(withoutTrailingSlashes(''), '');
});

test("the site root is the base URL's path without trailing slashes", () => {
  assert.equal(siteFor('https://scan.example.com').root, '');
  assert.equal(siteFor('https://scan.example.com/').root, '');
  assert.equal(siteFor('https://example.com/tools/scan//').root, '/tools/scan');
  assert.equal(siteFor('not a url').root, '');
});

test('a path of 100,000 slashes is read in one pass (the first rule took quadratic time on it)', () => {
  const slashes = '/'.repeat(100_000);
  assert.equal(siteFor(`https://example.com${slashes}`).root, '');
  assert.equal(siteFor(`https://example.com${slashes}a/`).root, `${slashes}a`);
  assert.equal(withoutTrailingSlashes(`${slashes}\u0000/`), `${slashes}\u0000`);
});
