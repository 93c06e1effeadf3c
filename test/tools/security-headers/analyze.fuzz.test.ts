/**
 * Property-based fuzzing of the whole security-headers grader: any capture a site can cause
 * (sessions, redirects, headers, HTML, CORS answer, preload answers) grades without throwing, on
 * the letter chart, with results and findings from the rules tables.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { GRADE_SCALE, SEVERITIES } from '../../../src/tools/grading.ts';
import { analyze } from '../../../src/tools/security-headers/analyze.ts';
import { TEST_NAMES } from '../../../src/tools/security-headers/analysis.ts';
import { FINDING_CATALOGUE } from '../../../src/tools/security-headers/findings/catalogue.ts';
import { MAX_SCORE } from '../../../src/tools/security-headers/grade/score.ts';
import { TEST_RULES } from '../../../src/tools/security-headers/grade/score-table.ts';
import { gradeCapture } from '../../../src/tools/security-headers/scanner.ts';
import { securityHeadersCaptureArbitrary } from '../../support/fuzz-site-captures.ts';
import { FUZZ_SEED } from '../../support/fuzz.ts';

const captures = securityHeadersCaptureArbitrary({ maxLength: 300 });

test('any capture grades on the chart, each test with a result of its table, each finding of the catalogue', () => {
  fc.assert(
    fc.property(captures, (capture) => {
      const analysis = analyze(capture);
      assert.ok(['passed', 'warnings', 'failed', 'error'].includes(analysis.status));
      assert.ok(analysis.message.length > 0);
      if (!analysis.assessable) {
        assert.equal(analysis.grade, null);
        assert.equal(analysis.status, 'error');
        return;
      }
      assert.ok(GRADE_SCALE.includes(analysis.grade!));
      assert.ok(analysis.score! >= 0 && analysis.score! <= MAX_SCORE && analysis.score! % 5 === 0);
      assert.deepEqual(
        analysis.tests.map((t) => t.name),
        [...TEST_NAMES],
      );
      for (const result of analysis.tests) {
        const rule = TEST_RULES[result.name].results[result.result];
        assert.ok(rule, `${result.name}: ${result.result}`);
        assert.equal(result.scoreModifier, rule.modifier);
        assert.equal(result.pass, rule.pass);
      }
      assert.equal(analysis.testsPassed + analysis.testsFailed, analysis.tests.length);
      const severities = analysis.findings.map((f) => SEVERITIES.indexOf(f.severity));
      assert.deepEqual(
        severities,
        [...severities].sort((a, b) => a - b),
      );
      for (const finding of analysis.findings) {
        assert.equal(finding.severity, FINDING_CATALOGUE[finding.id].severity);
        assert.ok(finding.evidence.every((line) => typeof line === 'string'));
      }
    }),
    { seed: FUZZ_SEED, numRuns: 300 },
  );
});

test('the scan outcome of any capture is graded or not assessed, and survives a JSON round trip', () => {
  fc.assert(
    fc.property(captures, (capture) => {
      const outcome = gradeCapture(capture);
      const body = JSON.parse(JSON.stringify(outcome)) as typeof outcome;
      if (outcome.assessed) {
        assert.ok(GRADE_SCALE.some((grade) => grade === outcome.grade));
        assert.ok(['passed', 'warnings', 'failed'].includes(outcome.result.status));
        assert.equal(body.gradeScore, outcome.gradeScore);
      } else {
        assert.equal(outcome.grade, null);
        assert.equal(outcome.result.status, 'error');
      }
    }),
    { seed: FUZZ_SEED, numRuns: 300 },
  );
});
