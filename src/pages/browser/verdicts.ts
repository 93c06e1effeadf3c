/**
 * The word and colour a row of a result gets. Severity decides: FAIL only for what costs the
 * grade (critical and high findings, tests that lose points), WARN for medium, NOTE for info and
 * low, PASS when there is nothing to do. Rows are listed in this order, failures first.
 */
import { badge, label, text } from './dom.ts';

export type Verdict = 'fail' | 'warn' | 'note' | 'pass' | 'na';

export const VERDICT_ORDER: readonly Verdict[] = ['fail', 'warn', 'note', 'pass', 'na'];

const WORDS: Readonly<Record<Verdict, string>> = {
  fail: 'Fail',
  warn: 'Warn',
  note: 'Note',
  pass: 'Pass',
  na: 'N/A',
};

const OF_SEVERITY: Readonly<Record<string, Verdict>> = {
  critical: 'fail',
  high: 'fail',
  medium: 'warn',
  low: 'note',
  info: 'note',
};

export const verdictOfSeverity = (severity: unknown): Verdict => label<Verdict>(OF_SEVERITY, text(severity)) ?? 'note';

/** The most severe of `verdicts`, or `fallback` when there are none. */
export function worst(verdicts: readonly Verdict[], fallback: Verdict): Verdict {
  const ranks = verdicts.map((v) => VERDICT_ORDER.indexOf(v));
  return ranks.length === 0 ? fallback : (VERDICT_ORDER[Math.min(...ranks)] ?? fallback);
}

export const verdictTone = (verdict: Verdict): string => 'v-' + verdict;

export const verdictBadge = (verdict: Verdict): HTMLSpanElement => badge(WORDS[verdict], verdictTone(verdict));

/** "2 fail, 1 note, 9 pass" for the rows' verdicts, worst first. */
export function tally(verdicts: readonly Verdict[]): string {
  return VERDICT_ORDER.filter((v) => v !== 'na')
    .map((v) => [v, verdicts.filter((x) => x === v).length] as const)
    .filter(([, n]) => n > 0)
    .map(([v, n]) => n + ' ' + (v === 'note' && n > 1 ? 'notes' : WORDS[v].toLowerCase()))
    .join(', ');
}
