/**
 * Property-based fuzzing of the badge's domain parameter, which anyone can put in a URL: it
 * normalises to a registrable host name in ASCII or is refused with a reason, never thrown on.
 */
import * as tldts from 'tldts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parse } from 'tldts';
import { normalizeBadgeDomainWith } from '../../src/net/site-domain.ts';
import { asciiHostname } from '../../src/net/host-text.ts';
import { HOST_TOKENS } from '../support/fuzz-grammars.ts';
import { FUZZ_SEED, textOrAnything } from '../support/fuzz.ts';

/** Percent-encoded as a browser sends it (a lone surrogate goes as U+FFFD). */
const encoded = (text: string) => encodeURIComponent(Buffer.from(text).toString());

const raw = fc.oneof(
  textOrAnything(HOST_TOKENS, { maxLength: 300 }),
  textOrAnything(HOST_TOKENS, { maxLength: 300 }).map(encoded),
  fc.webUrl().map(encoded),
);

test('a badge domain is a registrable ASCII host name below a public suffix, or a refusal that says why', () => {
  fc.assert(
    fc.property(raw, (parameter) => {
      const result = normalizeBadgeDomainWith(tldts, parameter);
      if (!result.ok) return assert.ok(result.reason.length > 0);
      assert.equal(asciiHostname(result.domain), result.domain);
      assert.ok(result.domain.includes('.'));
      assert.notEqual(parse(result.domain, { allowPrivateDomains: false }).domain, null);
    }),
    { seed: FUZZ_SEED, numRuns: 500 },
  );
});
