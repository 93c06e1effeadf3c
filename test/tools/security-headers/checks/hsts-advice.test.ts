/**
 * The advice a passing HSTS result gives follows what the header still lacks: a site that sends a
 * two-year max-age with includeSubDomains and preload is told to submit itself to the preload
 * list, not to "consider a one-year max-age with includeSubDomains, then preloading".
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../../../src/tools/security-headers/analyze.ts';
import { headersWith, siteCapture } from '../../../support/observatory-cases.ts';

const adviceFor = (value: string, listUnknown = false) => {
  const headers = headersWith({ 'strict-transport-security': value });
  // A capture without the list's answers reads as "could not be looked up".
  const analysis = listUnknown
    ? analyze(siteCapture({ headers, preload: {} }))
    : analyze(siteCapture({ headers }), { preload: () => null });
  const hsts = analysis.tests.find((t) => t.name === 'strict-transport-security')!;
  assert.equal(hsts.result, 'hsts-implemented-max-age-at-least-six-months', value);
  return hsts.recommendation;
};

test('each passing state gets the step it lacks, first match wins', () => {
  assert.match(adviceFor('max-age=15552000'), /^Raise max-age to 31536000/);
  assert.match(adviceFor('max-age=31536000'), /^Add includeSubDomains/);
  assert.match(adviceFor('max-age=31536000; includeSubDomains'), /^Add preload and submit/);
  assert.match(
    adviceFor('max-age=63072000; includeSubDomains; preload'),
    /asks for preloading, but the domain is not on the list yet: submit it at hstspreload\.org/,
  );
  assert.match(adviceFor('max-age=63072000; includeSubDomains; preload', true), /could not be checked/);
});

test('no state is told to do what it already does', () => {
  const full = adviceFor('max-age=63072000; includeSubDomains; preload');
  assert.doesNotMatch(full, /one-year max-age|includeSubDomains|Add preload/);
});
