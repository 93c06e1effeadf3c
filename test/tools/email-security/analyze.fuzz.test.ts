/**
 * Property-based fuzzing of the whole email-security analysis: any DNS answers and policy file a
 * domain can cause grade without throwing, on the letter chart, every section with a status and
 * findings of its own kind, sorted most severe first.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type * as v from 'valibot';
import { GRADE_SCALE, gradeFor, SEVERITIES } from '../../../src/tools/grading.ts';
import { analyzeEmail } from '../../../src/tools/email-security/analyze.ts';
import { SPF_FINDINGS } from '../../../src/tools/email-security/spf/catalogue.ts';
import type { EmailSecurityDetailsSchema } from '../../../src/tools/email-security/result-schema.ts';
import { emailCaptureArbitrary } from '../../support/fuzz-domain-captures.ts';
import { FUZZ_SEED } from '../../support/fuzz.ts';
import { findingPrefixOf } from '../../support/email-sections.ts';

/** The details of a graded scan, as the result schema publishes them. */
type Details = v.InferOutput<typeof EmailSecurityDetailsSchema>;

test('any capture grades on the chart or is not assessed, findings of each section kind, most severe first', () => {
  fc.assert(
    fc.property(emailCaptureArbitrary({ maxLength: 300 }), (capture) => {
      const outcome = analyzeEmail(capture);
      JSON.parse(JSON.stringify(outcome));
      if (!outcome.assessed) {
        assert.equal(outcome.grade, null);
        assert.equal(outcome.result.status, 'error');
        return;
      }
      const details = outcome.result.details as unknown as Details;
      assert.ok(Number.isInteger(details.score) && details.score >= 0 && details.score <= 100);
      assert.equal(outcome.grade, gradeFor(details.score));
      assert.ok(GRADE_SCALE.some((grade) => grade === outcome.grade));
      assert.ok(['passed', 'warnings', 'failed'].includes(outcome.result.status));
      for (const [name, section] of Object.entries(details.sections)) {
        assert.ok(['pass', 'warn', 'fail', 'not-applicable', 'error'].includes(section.status), name);
        assert.ok(section.summary.length > 0);
        for (const finding of section.findings) {
          assert.ok(finding.id.startsWith(findingPrefixOf(name)), `${name}: ${finding.id}`);
          assert.ok(SEVERITIES.includes(finding.severity));
          assert.ok(finding.evidence.every((line) => typeof line === 'string'));
          if (name === 'spf') assert.ok(Object.hasOwn(SPF_FINDINGS, finding.id), finding.id);
        }
      }
      const order = details.findings.map((f) => SEVERITIES.indexOf(f.severity));
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
      );
      assert.equal(
        details.findings.length,
        Object.values(details.sections).reduce((sum, s) => sum + s.findings.length, 0),
      );
    }),
    { seed: FUZZ_SEED, numRuns: 300 },
  );
});
