/** Score arithmetic, grade boundaries, status and message, assessability, preload and retrieval. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { analyze } from '../../../src/tools/security-headers/analyze.ts';
import { computeScore, MAX_SCORE } from '../../../src/tools/security-headers/grade/score.ts';
import { FINDING_CATALOGUE } from '../../../src/tools/security-headers/findings/catalogue.ts';
import { TEST_RULES } from '../../../src/tools/security-headers/grade/score-table.ts';
import { summarize } from '../../../src/tools/security-headers/grade/status.ts';
import type { Finding } from '../../../src/tools/security-headers/analysis.ts';
import type { SecurityHeadersCapture } from '../../../src/tools/security-headers/capture.ts';
import { headersWith, siteCapture } from '../../support/observatory-cases.ts';

const testOf = (analysis: ReturnType<typeof analyze>, name: string) => analysis.tests.find((t) => t.name === name)!;

describe('score arithmetic', () => {
  test('starts at 100 and adds every modifier when the penalties alone leave at least 90', () => {
    assert.equal(computeScore([]), 100);
    assert.equal(computeScore([10, 5, 5]), 120);
    assert.equal(computeScore([-10, 10, 10, 5]), 115); // penalties leave exactly 90: bonuses count
    assert.equal(computeScore([-5, -5, 10]), 100);
  });

  test('drops every bonus when the penalties alone leave less than 90', () => {
    assert.equal(computeScore([-15, 10, 10]), 85);
    assert.equal(computeScore([-20, 10, 10, 10, 5]), 80); // the "perfect but 'unsafe-inline'" site: B+, not 135
    assert.equal(computeScore([-10, -5, 5]), 85);
  });

  test('never goes below 0', () => {
    assert.equal(computeScore([-50, -40, -25, -20, -20]), 0);
    assert.equal(computeScore([-50, -50, 10]), 0);
  });

  test('rounds down to a multiple of 5', () => {
    assert.equal(computeScore([-3]), 95);
    assert.equal(computeScore([-1, -1]), 95);
    assert.equal(computeScore([-11]), 85);
  });

  test('the best result of every test adds up to 165', () => {
    const best = Object.values(TEST_RULES).map((t) => Math.max(...Object.values(t.results).map((r) => r.modifier)));
    assert.equal(computeScore(best), 165);
    assert.equal(MAX_SCORE, 165);
  });
});

describe('status and message', () => {
  const finding = (severity: Finding['severity']): Finding => ({
    id: 'information-leak',
    severity,
    title: '',
    evidence: [],
    recommendation: '',
  });

  test('passed: no failing test and no high or medium finding', () => {
    assert.deepEqual(summarize(110, 'A+', 0, 12, [finding('low'), finding('info')]), {
      status: 'passed',
      message: 'Grade A+ (110/100): all 12 tests passed.',
    });
  });

  test('warnings: a failing test or a high/medium finding while the score is 50 or more', () => {
    assert.deepEqual(summarize(70, 'B', 3, 12, []), {
      status: 'warnings',
      message: 'Grade B (70/100): 3 of 12 tests failed.',
    });
    assert.deepEqual(summarize(120, 'A+', 0, 12, [finding('medium')]), {
      status: 'warnings',
      message: 'Grade A+ (120/100): all 12 tests passed, and 1 finding needs attention.',
    });
    assert.equal(
      summarize(50, 'C', 4, 12, [finding('high'), finding('high')]).message,
      'Grade C (50/100): 4 of 12 tests failed, and 2 findings need attention.',
    );
  });

  test('failed: a score below 50, grade C- or worse', () => {
    assert.equal(summarize(45, 'C-', 2, 12, []).status, 'failed');
    assert.equal(summarize(0, 'F', 6, 12, []).status, 'failed');
    assert.equal(summarize(50, 'C', 2, 12, []).status, 'warnings');
  });

  test('a full analysis: the exemplary site passes, a bare one fails', () => {
    const good = analyze(siteCapture());
    assert.equal(good.score, 160);
    assert.equal(good.status, 'passed');
    assert.equal(good.testsPassed, 12);
    const bare = analyze(siteCapture({ headers: [['content-type', 'text/html']] }));
    // CSP -25, HSTS -20, X-Content-Type-Options -5, X-Frame-Options -20.
    assert.equal(bare.score, 30);
    assert.equal(bare.grade, 'D');
    assert.equal(bare.status, 'failed');
    assert.equal(bare.message, 'Grade D (30/100): 4 of 12 tests failed.');
  });

  test('every test result carries the table entry and the raw headers it read', () => {
    const analysis = analyze(siteCapture({ headers: headersWith({ 'x-frame-options': 'SAMEORIGIN' }) }));
    assert.equal(analysis.tests.length, 12);
    const xfo = testOf(analysis, 'x-frame-options');
    assert.equal(xfo.result, 'x-frame-options-implemented-via-csp');
    assert.deepEqual(xfo.headers, [['x-frame-options', 'SAMEORIGIN']]);
    for (const t of analysis.tests) {
      const rule = TEST_RULES[t.name].results[t.result]!;
      assert.equal(t.scoreModifier, rule.modifier);
      assert.equal(t.description, rule.description);
      // Passing HSTS advises the step its header still lacks (checks/hsts-advice.test.ts).
      if (t.result !== 'hsts-implemented-max-age-at-least-six-months')
        assert.equal(t.recommendation, rule.recommendation);
      assert.equal(t.title, TEST_RULES[t.name].title);
    }
  });
});

describe('when the model refuses to grade', () => {
  test('no response at all', () => {
    const analysis = analyze({ host: 'example.com', http: null, https: null, cors: null, html: null });
    assert.equal(analysis.assessable, false);
    assert.equal(analysis.reason, 'no-response');
    assert.equal(analysis.status, 'error');
    assert.equal(analysis.score, null);
    assert.equal(analysis.grade, null);
    assert.deepEqual(analysis.tests, []);
    assert.match(analysis.message, /down/);
  });

  test('a final status outside 2xx, 3xx, 401 and 403', () => {
    for (const status of [404, 406, 429, 500, 503, 100]) {
      const analysis = analyze(siteCapture({ status }));
      assert.equal(analysis.assessable, false, `${status}`);
      assert.equal(analysis.reason, 'unexpected-status');
      assert.match(analysis.message, new RegExp(`${status}`));
    }
  });

  test('401 and 403 are graded, with a finding that the page is an error page', () => {
    for (const status of [401, 403]) {
      const analysis = analyze(siteCapture({ status }));
      assert.equal(analysis.assessable, true);
      assert.ok(analysis.findings.some((f) => f.id === 'error-status-graded' && f.severity === 'medium'));
      assert.equal(analysis.status, 'warnings');
    }
    assert.equal(analyze(siteCapture({ status: 204 })).assessable, true);
    assert.equal(analyze(siteCapture({ status: 302 })).assessable, true);
  });

  test('the http session alone is graded when https got no response', () => {
    const capture = {
      ...siteCapture(),
      https: null,
      http: {
        verified: true,
        chain: [
          { url: 'http://example.com/', status: 200, headers: [['content-type', 'text/html']] as [string, string][] },
        ],
      },
    };
    const analysis = analyze(capture);
    assert.equal(analysis.assessable, true);
    assert.equal(analysis.retrieval.finalUrl, 'http://example.com/');
    assert.equal(testOf(analysis, 'strict-transport-security').result, 'hsts-not-implemented-no-https');
    assert.equal(testOf(analysis, 'redirection').result, 'redirection-missing');
  });
});

describe('HSTS preload status', () => {
  test('from capture.preload: the host, or a parent with includeSubDomains', () => {
    const own = analyze(siteCapture({ preload: { 'example.com': { preloaded: true, includeSubDomains: false } } }));
    assert.equal(testOf(own, 'strict-transport-security').result, 'hsts-preloaded');
    assert.equal(own.score, 165);
    const parent = analyze({
      ...siteCapture({
        preload: {
          'www.example.com': { preloaded: false, includeSubDomains: false },
          'example.com': { preloaded: true, includeSubDomains: true },
        },
      }),
      host: 'www.example.com',
    });
    assert.equal(testOf(parent, 'strict-transport-security').data.preloadStatus, 'preloaded');
    const parentWithout = analyze({
      ...siteCapture({
        preload: {
          'www.example.com': { preloaded: false, includeSubDomains: false },
          'example.com': { preloaded: true, includeSubDomains: false },
        },
      }),
      host: 'www.example.com',
    });
    assert.equal(
      testOf(parentWithout, 'strict-transport-security').result,
      'hsts-implemented-max-age-at-least-six-months',
    );
    assert.equal(testOf(parentWithout, 'strict-transport-security').data.preloadStatus, 'not-preloaded');
  });

  test('unknown status is graded as not preloaded, and the test data says so', () => {
    const unknownOrMissing: NonNullable<SecurityHeadersCapture['preload']>[] = [{ 'example.com': 'unknown' }, {}];
    for (const preload of unknownOrMissing) {
      const hsts = testOf(analyze(siteCapture({ preload })), 'strict-transport-security');
      assert.equal(hsts.result, 'hsts-implemented-max-age-at-least-six-months');
      assert.equal(hsts.data.preloaded, false);
      assert.equal(hsts.data.preloadStatus, 'unknown');
      assert.match(String(hsts.data.preloadNote), /could not be looked up/);
    }
  });

  test('options.preload overrides capture.preload', () => {
    const analysis = analyze(siteCapture({ preload: { 'example.com': 'unknown' } }), {
      preload: (host) => (host === 'com' ? { preloaded: true, includeSubDomains: true } : null),
    });
    const hsts = testOf(analysis, 'strict-transport-security');
    assert.equal(hsts.result, 'hsts-preloaded');
    assert.deepEqual(hsts.data.preloadEntry, { host: 'com', includeSubDomains: true });
  });
});

test('retrieval describes the graded session', () => {
  const capture = siteCapture({
    httpsChainBefore: [{ url: 'https://example.com/old', status: 308, headers: [['location', '/']] }],
  });
  capture.errors = { http: { reason: 'timeout', message: 'timed out', url: 'http://example.com/' } };
  const { retrieval } = analyze(capture);
  assert.deepEqual(retrieval, {
    finalUrl: 'https://example.com/',
    finalStatus: 200,
    redirects: [{ url: 'https://example.com/old', status: 308 }],
    verified: true,
    errors: { http: { reason: 'timeout', message: 'timed out', url: 'http://example.com/' } },
  });
  assert.equal(analyze(capture).algorithmVersion, 6);
});

test('docs/security-headers-grading.md lists every result id and its modifier, every finding and its severity', () => {
  const doc = readFileSync(new URL('../../../docs/security-headers-grading.md', import.meta.url), 'utf8');
  for (const [name, rules] of Object.entries(TEST_RULES)) {
    assert.ok(doc.includes(`### \`${name}\``), name);
    for (const [id, rule] of Object.entries(rules.results)) {
      const modifier = rule.modifier > 0 ? `+${rule.modifier}` : `${rule.modifier}`;
      assert.ok(doc.includes(`| \`${id}\` | ${modifier} | ${rule.pass ? 'yes' : 'no'} |`), id);
    }
  }
  for (const [id, finding] of Object.entries(FINDING_CATALOGUE))
    assert.ok(doc.includes(`| \`${id}\` | ${finding.severity} |`), id);
});
