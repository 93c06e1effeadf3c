/**
 * The grading vocabulary both tools share: the letter chart (score → letter), the order of
 * finding severities, the shape every finding has, and the outcome of a scan that could not grade.
 * docs/security-headers-grading.md and docs/email-security-grading.md describe the scores.
 */
import type { ScanOutcome } from './tool.ts';

/**
 * Lowest score of each grade, best first: the one letter chart. Both tools, the badge and
 * `admin grades set` read their grades from here; test/tools/grading.test.ts fails on a copy.
 */
export const GRADE_CHART = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
] as const satisfies readonly (readonly [minimum: number, grade: string])[];

export type Grade = (typeof GRADE_CHART)[number][1];

/** The grades, best first. */
export const GRADE_SCALE: readonly Grade[] = GRADE_CHART.map(([, grade]) => grade);

export function gradeFor(score: number): Grade {
  return GRADE_CHART.find(([minimum]) => score >= minimum)![1];
}

/** The lowest score that earns `grade`. */
export function lowestScoreOf(grade: Grade): number {
  return GRADE_CHART.find(([, letter]) => letter === grade)![0];
}

/** The highest whole score that earns `grade`, one below the next better grade (A+ has no top). */
export function highestScoreOf(grade: Grade): number {
  const index = GRADE_SCALE.indexOf(grade);
  return index === 0 ? Infinity : GRADE_CHART[index - 1]![0] - 1;
}

/** Whether `grade` is `floor` or better. */
export const isAtLeast = (grade: Grade, floor: Grade): boolean =>
  GRADE_SCALE.indexOf(grade) <= GRADE_SCALE.indexOf(floor);

/** Below this score (grade C- or worse) a graded scan has failed. */
export const FAILING_SCORE = lowestScoreOf('C');

/** Finding severities, most severe first. security-headers never reports `critical`. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

export type Severity = (typeof SEVERITIES)[number];

/** Sort order: most severe first. */
export const bySeverity = (a: { severity: Severity }, b: { severity: Severity }): number =>
  SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity);

/** What every finding of every tool carries. */
export interface BaseFinding<S extends Severity = Severity> {
  /** Stable id, e.g. `spf-too-many-lookups`. */
  id: string;
  severity: S;
  title: string;
  /** What was seen: header or record text, query and answer, counts. */
  evidence: string[];
  /** One line: what to do. */
  recommendation: string;
}

/** The outcome of a scan that ran but could not assess the target (answered with 422). */
export function notAssessed(message: string, details: Record<string, unknown>): ScanOutcome {
  return { assessed: false, grade: null, gradeScore: null, result: { status: 'error', message, details } };
}
