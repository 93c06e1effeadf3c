/**
 * Runs cases through both sides and sorts each outcome: agreed, not comparable (the family does
 * not apply on one side), explained by a DIVERGENCES row, or unexpected.
 * Shared by the differential test and `npm run fidelity -- --tool email-security`.
 */
import { canonical, FAMILIES, inputOf, type Case, type Family, type Verdict } from './cases.ts';
import { DIVERGENCES, type DivergenceRow } from './divergences.ts';
import { ourVerdict } from './ours.ts';
import { theirVerdict } from './theirs.ts';

export type OutcomeKind = 'agreed' | 'not-comparable' | 'explained' | 'unexpected';

export interface Outcome {
  case: Case;
  input: string;
  ours: Verdict | null;
  theirs: Verdict | null;
  kind: OutcomeKind;
  row: DivergenceRow | null;
}

const sameRow = (row: DivergenceRow, ours: Verdict, theirs: Verdict) =>
  canonical(row.ours) === canonical(ours) && canonical(row.theirs) === canonical(theirs);

export async function judgeCase(c: Case): Promise<Outcome> {
  const input = inputOf(c);
  const ours = ourVerdict(c);
  const theirs = await theirVerdict(c);
  const outcome = (kind: OutcomeKind, row: DivergenceRow | null = null): Outcome => ({
    case: c,
    input,
    ours,
    theirs,
    kind,
    row,
  });
  if (ours === null || theirs === null) return outcome(ours === theirs ? 'agreed' : 'not-comparable');
  if (canonical(ours) === canonical(theirs)) return outcome('agreed');
  const rows = DIVERGENCES.filter((row) => row.family === c.family);
  // A curated input must show exactly the divergence its row quotes; generated ones only its class.
  const exact = rows.find((row) => row.input === input);
  const row = exact ? (sameRow(exact, ours, theirs) ? exact : undefined) : rows.find((r) => r.when?.(input));
  if (!row) return outcome('unexpected');
  return outcome('explained', row);
}

export interface FamilyTally {
  compared: number;
  agreed: number;
  explained: number;
  unexpected: number;
}

export interface Tally {
  families: Record<Family, FamilyTally>;
  /** Explained disagreements by the RFC section of their row. */
  byRfc: Map<string, number>;
  outcomes: Outcome[];
}

export async function runDifferential(cases: readonly Case[]): Promise<Tally> {
  const blank = (): FamilyTally => ({ compared: 0, agreed: 0, explained: 0, unexpected: 0 });
  const families = Object.fromEntries(FAMILIES.map((f) => [f, blank()])) as Record<Family, FamilyTally>;
  const byRfc = new Map<string, number>();
  const outcomes: Outcome[] = [];
  for (const c of cases) {
    const outcome = await judgeCase(c);
    outcomes.push(outcome);
    if (outcome.kind === 'not-comparable') continue;
    const tally = families[c.family];
    tally.compared += 1;
    tally[outcome.kind] += 1;
    if (outcome.row) byRfc.set(outcome.row.rfc, (byRfc.get(outcome.row.rfc) ?? 0) + 1);
  }
  return { families, byRfc, outcomes };
}
