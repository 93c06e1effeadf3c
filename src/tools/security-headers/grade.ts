/**
 * The Observatory's score and grade: start at 100 and add every modifier; bonuses count only when
 * the penalties alone leave at least 90; never below 0; graded on the multiple of 5 below.
 */
export const BASELINE = 100;
export const BONUS_GATE = 90;
export const MAX_SCORE = 165;

/**
 * Lowest score of each grade, best first: the one list of website-security grades (the tool's
 * grade scale, the badge and `admin grades set` read it from here).
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
