/**
 * CSP advice names only a change that lifts the result: upgrade-insecure-requests leaves http:
 * image sources penalised in the model (the Observatory does not read it), so it is not offered
 * as the way out.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../../src/tools/security-headers/analyze.ts';
import { headersWith, siteCapture } from '../../../support/observatory-cases.ts';

const cspTest = (policy: string) =>
  analyze(siteCapture({ headers: headersWith({ 'content-security-policy': policy }) }), {
    preload: () => null,
  }).tests.find((t) => t.name === 'content-security-policy')!;

test('http: image sources stay penalised with upgrade-insecure-requests, and the advice says so', () => {
  for (const policy of [
    "default-src 'self'; img-src http:",
    "default-src 'self'; img-src http:; upgrade-insecure-requests",
  ]) {
    const csp = cspTest(policy);
    assert.equal(csp.result, 'csp-implemented-with-insecure-scheme-in-passive-content-only', policy);
    assert.match(csp.recommendation, /with https: ones; upgrade-insecure-requests does not lift this penalty/);
  }
});
