/**
 * One batch of the differential: `numRuns` generated captures (seeded), each graded by the project
 * and by the oracle, tallied per test; the first disagreements are shrunk by fast-check to the
 * smallest capture that still disagrees. Runs in its own process (batch-worker.ts): the oracle's
 * HTML parser (jsdom) keeps about half a megabyte per page it parses, closed or not.
 */
import fc from 'fast-check';
import { caseArbitrary, PRELOAD_LIST, type GeneratedCase } from './captures.ts';
import { compare, type Difference } from './differential.ts';
import { loadObservatory, SHARED_TESTS } from './oracle.ts';

export interface Tally {
  cases: number;
  /** Cases both graded (the others both refused, for the same reason, or disagreed on that). */
  graded: number;
  assessableAgreed: number;
  gradeAgreed: number;
  scoreAgreed: number;
  /** Per shared test: cases compared and cases with the same result id and modifier. */
  tests: Record<string, { compared: number; agreed: number }>;
  /** Disagreement kinds (`test: ours vs oracle`) and how often each was seen. */
  kinds: Record<string, number>;
}

export interface Disagreement {
  seed: number;
  /** fast-check's replay path of the case within its batch. */
  path: string;
  differences: Difference[];
  /** The smallest capture fast-check found that still disagrees. */
  minimal: GeneratedCase;
  minimalDifferences: Difference[];
}

export interface BatchResult {
  tally: Tally;
  disagreements: Disagreement[];
}

export function emptyTally(): Tally {
  return {
    cases: 0,
    graded: 0,
    assessableAgreed: 0,
    gradeAgreed: 0,
    scoreAgreed: 0,
    tests: Object.fromEntries(SHARED_TESTS.map((name) => [name, { compared: 0, agreed: 0 }])),
    kinds: {},
  };
}

export function addTallies(into: Tally, from: Tally): Tally {
  for (const key of ['cases', 'graded', 'assessableAgreed', 'gradeAgreed', 'scoreAgreed'] as const)
    into[key] += from[key];
  for (const [name, counts] of Object.entries(from.tests)) {
    const target = (into.tests[name] ??= { compared: 0, agreed: 0 });
    target.compared += counts.compared;
    target.agreed += counts.agreed;
  }
  for (const [kind, count] of Object.entries(from.kinds)) into.kinds[kind] = (into.kinds[kind] ?? 0) + count;
  return into;
}

const kindOf = (d: Difference) => `${d.what}: ${JSON.stringify(d.ours)} vs ${JSON.stringify(d.oracle)}`;

export async function runBatch(seed: number, numRuns: number, shrinkAtMost: number): Promise<BatchResult> {
  const oracle = await loadObservatory(PRELOAD_LIST);
  const tally = emptyTally();
  const failing: { path: string; differences: Difference[] }[] = [];
  let index = 0;
  fc.check(
    fc.property(caseArbitrary, (generated) => {
      const { differences, compared } = compare(oracle, PRELOAD_LIST, generated);
      const differs = (what: string) => differences.some((d) => d.what === what);
      tally.cases++;
      if (!differs('assessable')) tally.assessableAgreed++;
      if (compared > 0) {
        tally.graded++;
        if (!differs('grade')) tally.gradeAgreed++;
        if (!differs('score')) tally.scoreAgreed++;
        for (const name of SHARED_TESTS) {
          tally.tests[name]!.compared++;
          if (!differs(name)) tally.tests[name]!.agreed++;
        }
      }
      for (const d of differences) tally.kinds[kindOf(d)] = (tally.kinds[kindOf(d)] ?? 0) + 1;
      if (differences.length > 0 && failing.length < shrinkAtMost) failing.push({ path: String(index), differences });
      index++;
      return true;
    }),
    { seed, numRuns },
  );
  const disagreements = failing.map(({ path, differences }) => {
    const details = fc.check(
      fc.property(caseArbitrary, (generated) => compare(oracle, PRELOAD_LIST, generated).differences.length === 0),
      { seed, numRuns, path, endOnFailure: false },
    );
    const minimal = details.counterexample?.[0] ?? null;
    if (!minimal) throw new Error(`the disagreement at ${seed}:${path} did not replay`);
    return {
      seed,
      path,
      differences,
      minimal,
      minimalDifferences: compare(oracle, PRELOAD_LIST, minimal).differences,
    };
  });
  return { tally, disagreements };
}
