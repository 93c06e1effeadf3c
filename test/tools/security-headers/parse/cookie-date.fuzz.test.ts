/**
 * `Expires` read as RFC 6265 §5.1.1 says, checked against the cookie library the Observatory
 * uses (tough-cookie, a test-only dependency) on generated dates, well-formed and not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseDate } from 'tough-cookie';
import { parseCookieDate } from '../../../../src/tools/security-headers/parse/cookie-date.ts';
import { FUZZ_SEED } from '../../../support/fuzz.ts';

const TOKENS = [
  ...['Wed', 'Thu,', 'January', 'jan', 'Feb', 'DEC', 'Sept', 'mon', ' ', ', ', '-', '/', '.', ';', '\t', 'T', 'GMT'],
  ...['01', '1', '31', '32', '0', '00', '60', '69', '70', '99', '100', '1601', '1600', '2038', '2100', '99999'],
  ...['00:00:00', '23:59:59', '24:00:00', '1:2:3', '12:30', '12:30:45Z', '1:2:345', 'a', '2020-01-01', '01-Jan-60'],
];

const date = fc.oneof(
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }).map((t) => t.join(' ')),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }).map((t) => t.join('')),
  fc.date({ min: new Date(-1e13), max: new Date(1e13), noInvalidDate: true }).map((d) => d.toUTCString()),
  fixdateShaped(),
);

/** The IMF-fixdate shape with any digits in it (years 0000–0099 and out-of-range fields included). */
function fixdateShaped(): fc.Arbitrary<string> {
  const padded = (max: number, width: number) => fc.nat({ max }).map((n) => String(n).padStart(width, '0'));
  const weekday = fc.constantFrom('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun');
  const month = fc.constantFrom('Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec');
  return fc
    .tuple(
      weekday,
      padded(99, 2),
      month,
      fc.oneof(padded(120, 4), padded(9999, 4)),
      padded(99, 2),
      padded(99, 2),
      padded(99, 2),
    )
    .map(([w, d, m, y, h, min, sec]) => `${w}, ${d} ${m} ${y} ${h}:${min}:${sec} GMT`);
}

test('Expires values parse to the time the Observatory’s cookie library reads, or to nothing alike', () => {
  fc.assert(
    fc.property(date, (text) => {
      const theirs = parseDate(text);
      assert.equal(parseCookieDate(text), theirs ? theirs.getTime() : null, text);
    }),
    { seed: FUZZ_SEED, numRuns: 3000 },
  );
});

test('two-digit years are 1970–2069; what RFC 6265 rejects is no date', () => {
  const yearOf = (text: string) => new Date(parseCookieDate(text)!).getUTCFullYear();
  assert.equal(yearOf('Wed, 01-Jan-60 00:00:01 GMT'), 2060);
  assert.equal(yearOf('Thu, 01 Jan 70 00:00:00 GMT'), 1970);
  for (const text of ['0', '2020-01-01', 'Thu, 01 Jan 1600 00:00:00 GMT', 'Thu, 32 Jan 2020 00:00:00 GMT', ''])
    assert.equal(parseCookieDate(text), null, text);
});
