/**
 * The security-headers grade against the MDN HTTP Observatory's own code (npm 1.4.8 under the
 * v4→v6 rules, test/support/observatory/): generated captures of a fixed seed, one capture per
 * rule, and the real captures, each graded by both. Every capture must give the same result id
 * and modifier for the ten tests both versions share, and the same score and grade. A
 * disagreement is reported as the smallest capture fast-check finds that still disagrees.
 * `npm run fidelity -- --cases 50000 [--seed N]` runs the same comparison on more cases.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SecurityHeadersCapture } from '../../../src/tools/security-headers/capture.ts';
import { FIDELITY_SEED, PRELOAD_LIST } from '../../support/observatory/captures.ts';
import { compare } from '../../support/observatory/differential.ts';
import { runFidelity } from '../../support/observatory/fidelity-run.ts';
import { loadObservatory } from '../../support/observatory/oracle.ts';
import { loadRealSites } from '../../support/observatory-cases.ts';

// One batch (one child process): npm run fidelity runs the same comparison on 50,000 and more.
const GENERATED_CASES = 1000;
const oracle = await loadObservatory(PRELOAD_LIST);

describe('generated captures graded by the Observatory', () => {
  test(`${GENERATED_CASES} captures of seed ${FIDELITY_SEED} grade alike, test by test`, async () => {
    const result = await runFidelity({ cases: GENERATED_CASES, seed: FIDELITY_SEED, report: 3 });
    const shown = result.disagreements.map(
      (d) => `seed ${d.seed} path ${d.path}: ${JSON.stringify(d.minimalDifferences)}\n${JSON.stringify(d.minimal)}`,
    );
    assert.deepEqual(result.tally.kinds, {}, shown.join('\n\n'));
    assert.equal(result.tally.cases, GENERATED_CASES);
    // The generator must reach both outcomes, or the comparison proves little.
    assert.ok(result.tally.graded > GENERATED_CASES * 0.7, `only ${result.tally.graded} graded`);
    assert.ok(result.tally.graded < GENERATED_CASES, 'no refused capture was generated');
  });
});

const page = (html: string) => `<!doctype html><html><head><title>t</title>${html}</head><body></body></html>`;

function site(headers: [string, string][], html: string | null = null): SecurityHeadersCapture {
  const final = { url: 'https://example.com/', status: 200, headers };
  return {
    host: 'example.com',
    http: {
      verified: true,
      chain: [{ url: 'http://example.com/', status: 301, headers: [['location', 'https://example.com/']] }, final],
    },
    https: { verified: true, chain: [final] },
    cors: null,
    html,
  };
}

const HTML: [string, string] = ['content-type', 'text/html'];

/** One capture per behaviour main changed since 1.4.8 (docs/observatory-oracle.md), with v6's result. */
const RULE_CASES: {
  rule: string;
  capture: SecurityHeadersCapture;
  htmlForV4?: string;
  test: string;
  result: string;
}[] = [
  {
    rule: '08a2456: a comma separates policies',
    capture: site([HTML, ['content-security-policy', "default-src 'none', frame-ancestors 'none'"]]),
    test: 'x-frame-options',
    result: 'x-frame-options-implemented-via-csp',
  },
  {
    rule: '08a2456: an empty policy after a comma is invalid',
    capture: site([HTML, ['content-security-policy', "default-src 'none'; frame-ancestors 'none',"]]),
    test: 'content-security-policy',
    result: 'csp-header-invalid',
  },
  {
    rule: '6bcf71e: no Content-Type reads the page for scripts',
    capture: site([], page('<script src="https://cdn.other.net/a.js"></script>')),
    test: 'subresource-integrity',
    result: 'sri-not-implemented-but-external-scripts-loaded-securely',
  },
  {
    rule: '4b4204e: a JSON body cannot be parsed',
    capture: site([HTML], '{"ok":true}'),
    test: 'subresource-integrity',
    result: 'html-not-parseable',
  },
  {
    rule: '4b4204e: an empty JSON array is an empty page',
    capture: site([HTML], '[]'),
    test: 'subresource-integrity',
    result: 'sri-not-implemented-but-no-scripts-loaded',
  },
  {
    rule: '4b4204e: a script src is read as written',
    capture: site([HTML], page('<script src="HTTP://cdn.other.net/a.js"></script>')),
    htmlForV4: page('<script src="/a.js"></script>'),
    test: 'subresource-integrity',
    result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
  },
  {
    rule: '4b4204e: scripts inside template count',
    capture: site([HTML], page('<template><script src="http://cdn.other.net/a.js"></script></template>')),
    htmlForV4: page('<script src="http://cdn.other.net/a.js"></script>'),
    test: 'subresource-integrity',
    result: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
  },
  {
    rule: '4b4204e: meta tags inside noscript count',
    capture: site([HTML], page('<noscript><meta name="referrer" content="no-referrer"></noscript>')),
    htmlForV4: page('<meta name="referrer" content="no-referrer">'),
    test: 'referrer-policy',
    result: 'referrer-policy-private',
  },
  {
    rule: '102df60: DENY scores +5',
    capture: site([HTML, ['x-frame-options', 'DENY']]),
    test: 'x-frame-options',
    result: 'x-frame-options-sameorigin-or-deny',
  },
];

describe('each v4→v6 rule, on a capture that needs it', () => {
  for (const { rule, capture, htmlForV4, test: name, result } of RULE_CASES) {
    test(rule, () => {
      assert.deepEqual(compare(oracle, PRELOAD_LIST, { capture, ...(htmlForV4 ? { htmlForV4 } : {}) }).differences, []);
      const ours = compare(oracle, PRELOAD_LIST, { capture }).ours.tests.find((t) => t.name === name);
      assert.equal(ours?.result, result);
    });
  }
  test('every shape of a JSON body reads as the parser reads it', () => {
    for (const body of [
      '[]',
      '[1]',
      '[[]]',
      '{}',
      '{"a":1}',
      '{"length":0}',
      '{"length":2}',
      'null',
      '0',
      '7',
      'true',
      'false',
      '""',
      '"<p>x</p>"',
    ])
      assert.deepEqual(compare(oracle, PRELOAD_LIST, { capture: site([HTML], body) }).differences, [], body);
  });
  test('the v4→v6 rules matter: without the rule, 1.4.8 answers otherwise', () => {
    const { capture } = RULE_CASES[0]!;
    assert.notEqual(compare(oracle, PRELOAD_LIST, { capture }, { v4Only: true }).differences.length, 0);
  });
});

describe('the real captures', () => {
  for (const real of loadRealSites()) {
    const capture: SecurityHeadersCapture & { expected?: unknown; id?: unknown; testsPassed?: unknown } = { ...real };
    delete capture.expected;
    delete capture.id;
    delete capture.testsPassed;
    test(capture.host, () => {
      assert.deepEqual(compare(oracle, {}, { capture }).differences, []);
    });
  }
});
