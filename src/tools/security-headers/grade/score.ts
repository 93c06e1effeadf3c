/**
 * The Observatory's score and grade: start at 100 and add every modifier; bonuses count only when
 * the penalties alone leave at least 90; never below 0; graded on the multiple of 5 below. The
 * letter comes from the one chart in src/tools/grading.ts.
 */
import { gradeFor, type Grade } from '../../grading.ts';

const BASELINE = 100;
const BONUS_GATE = 90;
export const MAX_SCORE = 165;

export function computeScore(modifiers: number[]): number {
  const penalties = modifiers.filter((m) => m < 0).reduce((sum, m) => sum + m, 0);
  const all = modifiers.reduce((sum, m) => sum + m, 0);
  const uncurved = BASELINE + penalties;
  const score = Math.max(uncurved >= BONUS_GATE ? BASELINE + all : uncurved, 0);
  return score - (score % 5);
}

/** The score of the tests' modifiers and its letter. */
export function gradeModifiers(modifiers: number[]): { score: number; grade: Grade } {
  const score = computeScore(modifiers);
  return { score, grade: gradeFor(score) };
}
