/**
 * A capture graded by the MDN HTTP Observatory's own code (npm 1.4.8) under the v4→v6 rules
 * (v6-rules.ts): the oracle of the security-headers differential test and `npm run fidelity`.
 * Scored as the Observatory's `scan()` scores: from 100, every modifier added, extra credit only
 * when the score without it is already at least 90.
 */
import { isGradableStatus } from '../../../src/tools/security-headers/analyze.ts';
import type { SecurityHeadersCapture } from '../../../src/tools/security-headers/capture.ts';
import { TEST_NAMES, type TestName } from '../../../src/tools/security-headers/analysis.ts';
import { loadObservatory, releaseDocuments, type OraclePackage, type PreloadEntry } from './oracle-package.ts';
import { axiosBody, nodeHeaders, toRequests } from './requests.ts';
import { autoHeadersForV4, httpEquivForV4, sriOverride, V6_MODIFIERS, v6RedirectionThrows } from './v6-rules.ts';

/** The tests both versions have; COOP and COEP (v6 only) are taken from the project. */
export const SHARED_TESTS: readonly TestName[] = TEST_NAMES.slice(0, 10);
type OwnTest = 'cross-origin-opener-policy' | 'cross-origin-embedder-policy';

export interface OracleTestResult {
  result: string;
  scoreModifier: number;
}

export type OracleVerdict =
  | { assessable: true; tests: Record<TestName, OracleTestResult>; score: number; grade: string }
  | { assessable: false; reason: 'no-response' | 'unexpected-status' | 'v6-throws' };

export interface OracleInput {
  capture: SecurityHeadersCapture;
  /** The results of the tests 1.4.8 lacks (COOP, COEP), from the project's own analysis. */
  own: Record<OwnTest, OracleTestResult>;
  /** The graded response's body as served, when the capture kept none or not all of it. */
  body?: string;
  /** The page as v4 must see it to read what v6 reads (captures.ts), when it differs. */
  htmlForV4?: string | null;
  /** Grade as 1.4.8 alone, without the v4→v6 rules (to show that the rules matter). */
  v4Only?: boolean;
}

export { loadObservatory, type OraclePackage, type PreloadEntry };

export function gradeWithObservatory(oracle: OraclePackage, input: OracleInput): OracleVerdict {
  const { capture, own } = input;
  const autoSession = capture.https ?? capture.http;
  const autoHop = autoSession?.chain.at(-1);
  if (!autoHop) return { assessable: false, reason: 'no-response' };
  if (!isGradableStatus(autoHop.status)) return { assessable: false, reason: 'unexpected-status' };
  if (v6RedirectionThrows(capture)) return { assessable: false, reason: 'v6-throws' };

  const served = input.body ?? capture.html;
  const rules = input.v4Only !== true;
  const seenByV4 = { ...capture, html: (rules ? input.htmlForV4 : null) ?? served };
  const base = toRequests(oracle, seenByV4);
  const requests = rules
    ? toRequests(oracle, seenByV4, {
        autoHeaders: autoHeadersForV4(nodeHeaders(autoHop.headers)),
        httpEquiv: httpEquivForV4(base.responses.auto!.httpEquiv!),
      })
    : base;
  const sri = rules ? sriOverride(oracle, capture, axiosBody(oracle, { ...capture, html: served })) : null;
  const modifierOf = (result: string) => (rules ? V6_MODIFIERS[result] : undefined) ?? oracle.getScoreModifier(result);

  const tests = {} as Record<TestName, OracleTestResult>;
  try {
    for (const [i, test] of oracle.ALL_TESTS.entries()) {
      const name = SHARED_TESTS[i]!;
      const result = name === 'subresource-integrity' && sri ? sri : test(requests).result;
      if (result === null) throw new Error(`the Observatory's ${name} test gave no result`);
      tests[name] = { result, scoreModifier: modifierOf(result) };
    }
  } finally {
    releaseDocuments();
  }
  Object.assign(tests, own);

  const modifiers = Object.values(tests).map((t) => t.scoreModifier);
  const withExtraCredit = 100 + modifiers.reduce((sum, m) => sum + m, 0);
  const uncurved = 100 + modifiers.filter((m) => m < 0).reduce((sum, m) => sum + m, 0);
  const { grade, score } = oracle.getGradeForScore(
    uncurved >= oracle.MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
  );
  return { assessable: true, tests, score, grade };
}
