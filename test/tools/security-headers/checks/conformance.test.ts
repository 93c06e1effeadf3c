/**
 * Replays the MDN HTTP Observatory conformance data (algorithm version 6): the 209 unit cases of
 * its test suite, one test each, and two captured real sites that must grade exactly alike.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  analyze,
  isGradableStatus,
  runTests,
  type TestResult,
} from '../../../../src/tools/security-headers/analyze.ts';
import { extractHtmlFacts } from '../../../../src/tools/security-headers/parse/html-facts.ts';
import {
  captureOfCase,
  caseName,
  conformancePreload,
  loadRealSites,
  loadUnitCases,
  testNameOf,
  type UnitCase,
} from '../../../support/observatory-cases.ts';

const cases = loadUnitCases();
const options = { preload: conformancePreload };

/**
 * The test result a case asks about. The Observatory's unit tests call each test directly, so a
 * case may use a response the scanner would refuse to grade (the SRI case with status 404): then
 * analyze() must refuse it and the test stage is checked on its own (runTests is what analyze runs).
 */
function testOf(c: UnitCase): TestResult | undefined {
  const capture = captureOfCase(c);
  const analysis = analyze(capture, options);
  if (analysis.assessable) return analysis.tests.find((t) => t.name === testNameOf(c));
  assert.equal(analysis.reason, 'unexpected-status', analysis.message);
  assert.equal(isGradableStatus(c.auto.status), false);
  return runTests(capture, options).tests.find((t) => t.name === testNameOf(c));
}

function mismatches(c: UnitCase): string[] {
  const found = testOf(c);
  if (!found) return ['test missing'];
  const problems: string[] = [];
  if (found.result !== c.result) problems.push(`result ${found.result}, expected ${c.result}`);
  if (c.pass !== undefined && found.pass !== c.pass) problems.push(`pass ${found.pass}, expected ${c.pass}`);
  if (c.policy !== undefined) {
    try {
      assert.deepEqual(found.data.policy, c.policy);
    } catch {
      problems.push(`policy ${JSON.stringify(found.data.policy)}, expected ${JSON.stringify(c.policy)}`);
    }
  }
  if (c.numPolicies !== undefined && found.data.numPolicies !== c.numPolicies)
    problems.push(`numPolicies ${String(found.data.numPolicies)}, expected ${c.numPolicies}`);
  return problems;
}

describe('Observatory unit cases', () => {
  cases.forEach((c, index) => {
    test(caseName(c, index), () => {
      assert.deepEqual(mismatches(c), []);
    });
  });
});

// Each case above must match; this guards the data itself (a truncated file would pass silently).
test('the replay covers all 209 unit cases', () => {
  assert.equal(cases.length, 209);
});

test('the HTML extraction finds the <meta> policies the Observatory found', () => {
  const found = { csp: 0, referrer: 0 };
  for (const [index, c] of cases.entries()) {
    const facts = extractHtmlFacts(c.html);
    const recorded = c.auto.httpEquiv;
    // Every meta CSP content, in order; the referrer is a one-element list holding the last referrer meta.
    assert.deepEqual(facts.metaCsp, recorded['content-security-policy'] ?? [], caseName(c, index));
    assert.deepEqual(
      facts.metaReferrer === null ? undefined : [facts.metaReferrer],
      recorded['referrer-policy'],
      caseName(c, index),
    );
    if (facts.metaCsp.length > 0) found.csp++;
    if (facts.metaReferrer !== null) found.referrer++;
  }
  // Guards the data: the cases exercise both kinds of meta.
  assert.deepEqual(found, { csp: 8, referrer: 2 });
});

describe('Observatory real sites', () => {
  for (const site of loadRealSites()) {
    const { score, grade } = site.expected;
    test(`${site.host} grades ${score} / ${grade} with every test's result and modifier`, () => {
      const analysis = analyze(site);
      assert.equal(site.expected.error, null);
      assert.equal(analysis.assessable, true);
      assert.equal(analysis.score, site.expected.score);
      assert.equal(analysis.grade, site.expected.grade);
      const actual = Object.fromEntries(
        analysis.tests.map((t) => [t.name, { result: t.result, modifier: t.scoreModifier }]),
      );
      assert.deepEqual(actual, site.expected.tests);
      assert.equal(analysis.testsQuantity, 12);
      assert.equal(analysis.testsPassed, site.testsPassed);
    });
  }
});
