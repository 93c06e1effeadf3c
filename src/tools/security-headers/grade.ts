/**
 * The Observatory's score and grade: start at 100 and add every modifier; bonuses count only when
 * the penalties alone leave at least 90; never below 0; graded on the multiple of 5 below.
 */
import type { Grade } from './analysis.ts';

export const BASELINE = 100;
export const BONUS_GATE = 90;
export const MAX_SCORE = 165;

/** Lowest score of each grade, best first. */
export const GRADE_CHART: readonly [minimum: number, grade: Grade][] = [
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
];

export function computeScore(modifiers: number[]): number {
  const penalties = modifiers.filter((m) => m < 0).reduce((sum, m) => sum + m, 0);
  const all = modifiers.reduce((sum, m) => sum + m, 0);
  const uncurved = BASELINE + penalties;
  const score = Math.max(uncurved >= BONUS_GATE ? BASELINE + all : uncurved, 0);
  return score - (score % 5);
}

export function gradeFor(score: number): Grade {
  return GRADE_CHART.find(([minimum]) => score >= minimum)![1];
}
