/**
 * One capture graded by the project and by the oracle, and where they differ: the result id and
 * score modifier of each of the 10 tests both Observatory versions have, the score and the grade.
 */
import { analyze } from '../../../src/tools/security-headers/analyze.ts';
import type { SecurityHeadersAnalysis } from '../../../src/tools/security-headers/analysis.ts';
import type { SecurityHeadersCapture } from '../../../src/tools/security-headers/capture.ts';
import { gradeWithObservatory, SHARED_TESTS, type OracleInput, type OraclePackage } from './oracle.ts';
import type { PreloadEntry } from './oracle-package.ts';

export interface Difference {
  /** A test name, `score`, `grade` or `assessable`. */
  what: string;
  ours: unknown;
  oracle: unknown;
}

export interface Comparison {
  differences: Difference[];
  /** Tests compared (0 when either side refused to grade). */
  compared: number;
  /** The project's analysis. */
  ours: SecurityHeadersAnalysis;
}

export interface DifferentialCase {
  capture: SecurityHeadersCapture;
  body?: string;
  htmlForV4?: string | null;
}

export function compare(
  oracle: OraclePackage,
  preloadList: Record<string, PreloadEntry>,
  { capture, body, htmlForV4 }: DifferentialCase,
  { v4Only = false } = {},
): Comparison {
  const preload = (host: string) => {
    const entry = preloadList[host];
    return entry ? { preloaded: true, includeSubDomains: entry.includeSubDomains } : null;
  };
  const ours = analyze(capture, { preload });
  const own = Object.fromEntries(
    ours.tests
      .filter((t) => t.name === 'cross-origin-opener-policy' || t.name === 'cross-origin-embedder-policy')
      .map((t) => [t.name, { result: t.result, scoreModifier: t.scoreModifier }]),
  ) as OracleInput['own'];
  const verdict = gradeWithObservatory(oracle, {
    capture,
    own,
    ...(body === undefined ? {} : { body }),
    ...(htmlForV4 === undefined ? {} : { htmlForV4 }),
    ...(v4Only ? { v4Only } : {}),
  });
  if (!verdict.assessable || !ours.assessable) {
    const same = verdict.assessable === ours.assessable && (verdict.assessable || verdict.reason === ours.reason);
    const oracleSide = verdict.assessable ? 'graded' : verdict.reason;
    const differences = same ? [] : [{ what: 'assessable', ours: ours.reason ?? 'graded', oracle: oracleSide }];
    return { differences, compared: 0, ours };
  }
  const differences: Difference[] = [];
  for (const name of SHARED_TESTS) {
    const mine = ours.tests.find((t) => t.name === name)!;
    const theirs = verdict.tests[name];
    if (mine.result !== theirs.result || mine.scoreModifier !== theirs.scoreModifier)
      differences.push({
        what: name,
        ours: [mine.result, mine.scoreModifier],
        oracle: [theirs.result, theirs.scoreModifier],
      });
  }
  if (ours.score !== verdict.score) differences.push({ what: 'score', ours: ours.score, oracle: verdict.score });
  if (ours.grade !== verdict.grade) differences.push({ what: 'grade', ours: ours.grade, oracle: verdict.grade });
  return { differences, compared: SHARED_TESTS.length, ours };
}
