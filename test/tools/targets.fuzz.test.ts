/**
 * Property-based fuzzing of the request's target text, checked before any scan: the shared text
 * rules and each tool's parsing accept a normalised target or refuse with a reason, never throw.
 */
import * as tldts from 'tldts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parse } from 'tldts';
import { MAX_TARGET_LENGTH } from '../../src/limits.ts';
import { asciiHostname } from '../../src/net/host-text.ts';
import { emailSecurityDefinition } from '../../src/tools/email-security/definition.ts';
import { securityHeadersDefinition } from '../../src/tools/security-headers/definition.ts';
import { targetTextProblem } from '../../src/tools/target-text.ts';
import { HOST_TOKENS } from '../support/fuzz-grammars.ts';
import { FUZZ_SEED, textOrAnything } from '../support/fuzz.ts';

const target = fc.oneof(
  textOrAnything(HOST_TOKENS, { maxLength: 300 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ unit: 'binary', minLength: MAX_TARGET_LENGTH - 2, maxLength: MAX_TARGET_LENGTH + 2 }),
);

test('target text passes the shared checks only when it is short enough and has no invisible characters', () => {
  fc.assert(
    fc.property(target, (text) => {
      const problem = targetTextProblem(text);
      if (problem !== null) return assert.ok(problem.length > 0);
      assert.ok(text.length > 0 && [...text].length <= MAX_TARGET_LENGTH);
      assert.ok(!/[\s\u0000-\u001f\u007f]/.test(text));
    }),
    { seed: FUZZ_SEED, numRuns: 400 },
  );
});

test('security-headers accepts an http(s) URL without credentials or fragment, keyed by its host', () => {
  fc.assert(
    fc.property(target, (text) => {
      const parsed = securityHeadersDefinition.parseTarget(text, tldts);
      if (!parsed.ok) return assert.ok(parsed.detail.length > 0);
      const url = new URL(parsed.target);
      assert.ok(['http:', 'https:'].includes(url.protocol));
      assert.ok(url.username === '' && url.password === '' && url.hash === '');
      assert.ok(parsed.quotaKey.length > 0);
    }),
    { seed: FUZZ_SEED, numRuns: 400 },
  );
});

test('email-security accepts a registrable ASCII domain only, which is its own quota key', () => {
  fc.assert(
    fc.property(target, (text) => {
      const parsed = emailSecurityDefinition.parseTarget(text, tldts);
      if (!parsed.ok) return assert.ok(parsed.detail.length > 0);
      assert.equal(parsed.quotaKey, parsed.target);
      assert.equal(asciiHostname(parsed.target), parsed.target);
      assert.equal(parse(parsed.target, { allowPrivateDomains: false }).domain, parsed.target);
    }),
    { seed: FUZZ_SEED, numRuns: 400 },
  );
});
