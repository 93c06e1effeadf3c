/** The overall status and the one-sentence message of a graded analysis. */
import { FAILING_SCORE } from '../../grading.ts';
import type { AnalysisStatus, Finding, Grade } from '../analysis.ts';

export interface Summary {
  status: AnalysisStatus;
  message: string;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export function summarize(
  score: number,
  grade: Grade,
  testsFailed: number,
  testsQuantity: number,
  findings: Finding[],
): Summary {
  const serious = findings.filter((f) => f.severity === 'high' || f.severity === 'medium').length;
  const status: AnalysisStatus =
    score < FAILING_SCORE ? 'failed' : testsFailed === 0 && serious === 0 ? 'passed' : 'warnings';
  const tests =
    testsFailed === 0 ? `all ${testsQuantity} tests passed` : `${testsFailed} of ${testsQuantity} tests failed`;
  const extra = serious > 0 ? `, and ${plural(serious, 'finding needs', 'findings need')} attention` : '';
  return { status, message: `Grade ${grade} (${score}/100): ${tests}${extra}.` };
}
