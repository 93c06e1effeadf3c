/**
 * Findings come from catalogues, one per mechanism (spf/catalogue.ts, dmarc/catalogue.ts, …):
 * each maps a finding id to its words, the severity, title, recommendation and RFC section. An
 * analyzer decides which finding applies and with what evidence; the catalogue says what it says.
 * A text that varies with what was found is a function of the finding's parameters, and a
 * finding whose severity or words depend on the case lists its cases by name.
 */
import type { Finding, SectionStatus, Severity } from './section.ts';

/** Fixed text, or text made from the finding's parameters. */
type Text = string | ((params: never) => string);

export interface FindingWords {
  severity: Severity;
  title: Text;
  recommendation: Text;
  rfc?: string;
}

/**
 * A finding with several forms: the analyzer names the case. The words beside `cases` are shared;
 * each case adds the ones that differ (a severity, a title), so that every case is whole.
 */
export interface FindingCases extends Partial<FindingWords> {
  cases: Readonly<Record<string, Partial<FindingWords>>>;
}

export type Catalogue = Readonly<Record<string, FindingWords | FindingCases>>;

type TextParams<T> = T extends (params: infer P) => string ? P : unknown;
type FieldParams<W, F extends keyof FindingWords> = W extends { [K in F]: infer T } ? TextParams<T> : unknown;
type WordsParams<W> = FieldParams<W, 'title'> & FieldParams<W, 'recommendation'>;

/** What the words of an entry need: the parameters of its texts, and the case when it has cases (each its own). */
type ParamsOf<E> = E extends { cases: infer C }
  ? { [K in keyof C & string]: { case: K } & WordsParams<Omit<E, 'cases' | keyof C[K]> & C[K]> }[keyof C & string]
  : WordsParams<E>;
/** The parameters argument of a finding-maker: none when the words are fixed. */
export type ParamsArgument<E> = unknown extends ParamsOf<E> ? [] : [params: ParamsOf<E>];

/** The words of one case of an entry (the shared ones with the case's), or of an entry without cases. */
function formOf(entry: FindingWords | FindingCases, name: string | undefined): FindingWords {
  if (!('cases' in entry)) return entry;
  const { cases, ...shared } = entry;
  return { ...shared, ...cases[name!] } as FindingWords;
}

/** Every form of an entry: its own words, or each case's. */
export function formsOf(entry: FindingWords | FindingCases): FindingWords[] {
  return 'cases' in entry ? Object.keys(entry.cases).map((name) => formOf(entry, name)) : [entry];
}

/** The words of an entry for one finding: its case chosen and its texts written out. */
export function wordsOf<E extends FindingWords | FindingCases>(
  entry: E,
  ...[params]: ParamsArgument<E>
): { severity: Severity; title: string; recommendation: string; rfc?: string } {
  const given: { case?: string } = params ?? {};
  const words = formOf(entry, given.case);
  const write = (text: Text) => (typeof text === 'string' ? text : text(given as never));
  return {
    severity: words.severity,
    title: write(words.title),
    recommendation: write(words.recommendation),
    ...(words.rfc !== undefined ? { rfc: words.rfc } : {}),
  };
}

/** The finding-maker of one catalogue: an id, the evidence, and the parameters its words need. */
export function findingsFrom<C extends Catalogue>(catalogue: C) {
  return <I extends keyof C & string>(id: I, evidence: string[], ...params: ParamsArgument<C[I]>): Finding => {
    const { severity, title, recommendation, rfc } = wordsOf<C[I]>(catalogue[id], ...params);
    return { id, severity, title, evidence, recommendation, ...(rfc !== undefined ? { rfc } : {}) };
  };
}

/** pass when no finding is worse than low; warn otherwise (for sections that found a usable record). */
export function statusFromFindings(findings: Finding[]): Extract<SectionStatus, 'pass' | 'warn'> {
  return findings.some((f) => f.severity === 'critical' || f.severity === 'high' || f.severity === 'medium')
    ? 'warn'
    : 'pass';
}

export type { Finding, SectionStatus, Severity };
