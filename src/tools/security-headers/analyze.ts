/**
 * The security-headers grader, pure: a capture in, an analysis out. Grades like the MDN HTTP
 * Observatory (algorithm version 6) and adds findings that never change the score.
 */
import {
  TEST_NAMES,
  type AnalyzeOptions,
  type Finding,
  type Retrieval,
  type SecurityHeadersAnalysis,
  type TestName,
  type TestResult,
} from './analysis.ts';
import type { SecurityHeadersCapture } from './capture.ts';
import { createCheckContext, type CheckOutcome } from './checks/check-context.ts';
import { collectFindings } from './findings/detectors.ts';
import { gradeModifiers } from './grade/score.ts';
import { autoResponse, autoSession, finalHop } from './parse/headers.ts';
import { ruleFor, TEST_RULES } from './grade/score-table.ts';
import { summarize } from './grade/status.ts';
import { CHECKS } from './checks/index.ts';

export type * from './analysis.ts';

const ALGORITHM_VERSION = 6;

/** Statuses the model grades: 2xx, 3xx, 401 and 403. */
export const isGradableStatus = (status: number): boolean =>
  (status >= 200 && status < 400) || status === 401 || status === 403;

function describeRetrieval(capture: SecurityHeadersCapture): Retrieval {
  const session = autoSession(capture);
  const hop = finalHop(session);
  return {
    finalUrl: hop?.url ?? null,
    finalStatus: hop?.status ?? null,
    redirects: session?.chain.slice(0, -1).map(({ url, status }) => ({ url, status })) ?? [],
    verified: session?.verified ?? null,
    ...(capture.errors ? { errors: capture.errors } : {}),
  };
}

function notAssessable(
  retrieval: Retrieval,
  reason: 'no-response' | 'unexpected-status',
  message: string,
): SecurityHeadersAnalysis {
  return {
    assessable: false,
    reason,
    algorithmVersion: ALGORITHM_VERSION,
    score: null,
    grade: null,
    testsPassed: 0,
    testsFailed: 0,
    testsQuantity: TEST_NAMES.length,
    tests: [],
    findings: [],
    retrieval,
    status: 'error',
    message,
  };
}

function testResult(name: TestName, outcome: CheckOutcome): TestResult {
  const rule = ruleFor(name, outcome.result);
  return {
    name,
    title: TEST_RULES[name].title,
    result: outcome.result,
    pass: rule.pass,
    scoreModifier: rule.modifier,
    description: rule.description,
    recommendation: outcome.recommendation ?? rule.recommendation,
    data: outcome.data,
    headers: outcome.headers,
  };
}

/**
 * The 12 tests on the graded response, without the "would the Observatory grade this?" gate (its
 * unit tests call each test the same way); no tests when no session got a response. `auto` is
 * the capture's graded response, when the caller has it already.
 */
export function runTests(
  capture: SecurityHeadersCapture,
  options: AnalyzeOptions = {},
  auto = autoResponse(capture),
): { tests: TestResult[]; findings: Finding[] } {
  if (!auto) return { tests: [], findings: [] };
  const context = createCheckContext(capture, auto, options);
  return {
    tests: TEST_NAMES.map((name) => testResult(name, CHECKS[name](context))),
    findings: collectFindings(context),
  };
}

export function analyze(capture: SecurityHeadersCapture, options: AnalyzeOptions = {}): SecurityHeadersAnalysis {
  const retrieval = describeRetrieval(capture);
  const auto = autoResponse(capture);
  if (!auto)
    return notAssessable(
      retrieval,
      'no-response',
      'The site seems to be down: neither http:// nor https:// gave a response.',
    );
  if (!isGradableStatus(auto.status)) {
    return notAssessable(
      retrieval,
      'unexpected-status',
      `The site responded with HTTP status ${auto.status}, which is not graded (only 2xx, 3xx, 401 and 403 are).`,
    );
  }
  const { tests, findings } = runTests(capture, options, auto);
  const { score, grade } = gradeModifiers(tests.map((t) => t.scoreModifier));
  const testsPassed = tests.filter((t) => t.pass).length;
  const { status, message } = summarize(score, grade, tests.length - testsPassed, tests.length, findings);
  return {
    assessable: true,
    algorithmVersion: ALGORITHM_VERSION,
    score,
    grade,
    testsPassed,
    testsFailed: tests.length - testsPassed,
    testsQuantity: tests.length,
    tests,
    findings,
    retrieval,
    status,
    message,
  };
}
