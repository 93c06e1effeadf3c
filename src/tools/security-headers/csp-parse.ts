/**
 * Content Security Policy parsing: one policy per comma-separated element of each header (and of
 * each `<meta http-equiv>`), directives split on ";" and sources on white space, names and sources
 * lower-cased. Several policies are intersected: a source survives only if every policy allows it.
 */

export type Directives = Map<string, string[]>;

export interface ParsedPolicy {
  from: 'header' | 'meta';
  directives: Directives;
  /** report-uri / report-to repeated in this policy (the first one is kept). */
  repeatedReports: string[];
  /** Directives a `<meta>` policy may not carry, dropped. */
  dropped: string[];
}

export type PolicyParse = { ok: true; policy: ParsedPolicy } | { ok: false; problem: string };

/** "img-src".length - 1: anything shorter cannot be a policy. */
const SHORTEST_POLICY = 6;
const REPORT_DIRECTIVES = new Set(['report-uri', 'report-to']);
const DISALLOWED_IN_META = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** Directives whose value is a source list (an empty one means 'none'). */
const isSourceList = (directive: string): boolean =>
  directive.endsWith('-src') ||
  directive === 'base-uri' ||
  directive === 'form-action' ||
  directive === 'frame-ancestors' ||
  directive === 'navigate-to';

/** CSP3 fallback order of the fetch directives. */
const FALLBACK: Record<string, string[]> = {
  'script-src-elem': ['script-src', 'default-src'],
  'script-src-attr': ['script-src', 'default-src'],
  'style-src-elem': ['style-src', 'default-src'],
  'style-src-attr': ['style-src', 'default-src'],
  'worker-src': ['child-src', 'script-src', 'default-src'],
  'frame-src': ['child-src', 'default-src'],
  'fenced-frame-src': ['frame-src', 'child-src', 'default-src'],
  ...Object.fromEntries(
    [
      'child-src',
      'connect-src',
      'font-src',
      'img-src',
      'manifest-src',
      'media-src',
      'object-src',
      'prefetch-src',
      'script-src',
      'style-src',
    ].map((d) => [d, ['default-src']]),
  ),
};

/**
 * The policies in a list of header values. Each comma-separated element is one policy. Empty
 * elements are ignored (RFC 9110 §5.6.1), except that a value with nothing in it is kept as one
 * empty policy, which is invalid.
 */
export function splitPolicies(values: string[]): string[] {
  return values.flatMap((value) => {
    const elements = value.split(',').filter((element) => element.trim() !== '');
    return elements.length > 0 ? elements : [value];
  });
}

export function parsePolicy(text: string, from: 'header' | 'meta'): PolicyParse {
  const clean = text.replace(/[\r\n]/g, '').trim();
  if (clean.length < SHORTEST_POLICY)
    return { ok: false, problem: clean === '' ? 'an empty policy' : `a policy too short to mean anything: "${clean}"` };
  const directives: Directives = new Map();
  const repeatedReports: string[] = [];
  const dropped: string[] = [];
  for (const entry of clean.split(';')) {
    const [rawName, ...sources] = entry.trim().split(/[\t\n\f\r ]+/);
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (directives.has(name) || dropped.includes(name)) {
      if (!REPORT_DIRECTIVES.has(name)) return { ok: false, problem: `the directive ${name} is repeated` };
      repeatedReports.push(name);
      continue;
    }
    if (from === 'meta' && DISALLOWED_IN_META.has(name)) {
      dropped.push(name);
      continue;
    }
    const values = sources.map((s) => s.toLowerCase());
    directives.set(name, values.length === 0 && name.endsWith('-src') ? ["'none'"] : values);
  }
  return { ok: true, policy: { from, directives, repeatedReports, dropped } };
}

interface HostSource {
  scheme: string | null;
  host: string;
  port: string | null;
  path: string;
}

function parseHostSource(source: string): HostSource | null {
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^/:*]+)(?::(\d+|\*))?(\/.*)?$/.exec(source);
  if (!match) return null;
  return { scheme: match[1] ?? null, host: match[2]!, port: match[3] ?? null, path: match[4] ?? '' };
}

const isKeyword = (source: string): boolean => source.startsWith("'");
const isSchemeSource = (source: string): boolean => /^[a-z][a-z0-9+.-]*:$/.test(source);
const LOCAL_SCHEMES = ['data:', 'blob:', 'filesystem:', 'mediastream:'];

function hostCovers(broad: string, narrow: string): boolean {
  if (broad === '*' || broad === narrow) return true;
  if (!broad.startsWith('*.')) return false;
  const suffix = broad.slice(1);
  return narrow.endsWith(suffix) && narrow.length > suffix.length;
}

function pathCovers(broad: string, narrow: string): boolean {
  if (broad === '' || broad === '/') return true;
  return broad.endsWith('/') ? narrow.startsWith(broad) : narrow === broad;
}

/** A source with its host-source parse (null for keywords, scheme sources and anything else). */
interface Source {
  text: string;
  host: HostSource | null;
}

const toSource = (text: string): Source => ({
  text,
  host: isKeyword(text) || isSchemeSource(text) ? null : parseHostSource(text),
});

function sourceCovers(broad: Source, narrow: Source): boolean {
  if (broad.text === narrow.text) return true;
  if (isKeyword(broad.text) || isKeyword(narrow.text)) return false;
  if (broad.text === '*') return !LOCAL_SCHEMES.some((scheme) => narrow.text.startsWith(scheme));
  if (isSchemeSource(broad.text)) return narrow.text.startsWith(broad.text);
  if (isSchemeSource(narrow.text)) return false;
  const b = broad.host;
  const n = narrow.host;
  if (!b || !n) return false;
  if (b.scheme !== null && b.scheme !== n.scheme) return false;
  if (b.port !== '*' && b.port !== n.port) return false;
  return hostCovers(b.host, n.host) && pathCovers(b.path, n.path);
}

/** Whether the source `broad` allows at least everything `narrow` allows. */
export const covers = (broad: string, narrow: string): boolean => sourceCovers(toSource(broad), toSource(narrow));

const withoutNone = (sources: string[]): string[] => sources.filter((s) => s !== "'none'");

/**
 * Source comparisons one intersection of policies may make; past them, only identical sources
 * survive. Keeps hostile policies cheap: a header can hold thousands of policies and sources.
 */
const MAX_COMPARISONS = 40_000;

/** What is left of the comparison budget of one `intersectPolicies`. */
interface ComparisonBudget {
  left: number;
}

/** The sources both lists allow. */
function intersect(a: string[], b: string[], budget: ComparisonBudget): string[] {
  const left = withoutNone(a);
  const right = withoutNone(b);
  const comparisons = left.length * right.length;
  if (comparisons > budget.left) {
    const rightSet = new Set(right);
    return [...new Set(left.filter((s) => rightSet.has(s)))];
  }
  budget.left -= comparisons;
  // Each source is parsed once, not once per pair.
  const leftSources = left.map(toSource);
  const rightSources = right.map(toSource);
  const kept = [
    ...leftSources.filter((s) => rightSources.some((r) => sourceCovers(r, s))),
    ...rightSources.filter((s) => leftSources.some((l) => sourceCovers(l, s))),
  ];
  return [...new Set(kept.map((s) => s.text))];
}

/** What a policy says about a directive, following the CSP3 fallback order; undefined = no restriction. */
export function effectiveSources(directives: Directives, directive: string): string[] | undefined {
  for (const name of [directive, ...(FALLBACK[directive] ?? [])]) {
    const sources = directives.get(name);
    if (sources) return sources;
  }
  return undefined;
}

/** For each directive name, the positions of the policies that set it, in order. */
function policiesByDirective(policies: ParsedPolicy[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  policies.forEach((policy, position) => {
    for (const name of policy.directives.keys()) {
      const positions = index.get(name);
      if (positions) positions.push(position);
      else index.set(name, [position]);
    }
  });
  return index;
}

/**
 * One directive map that allows only what every policy allows. Only the policies that set a
 * directive (or one it falls back to) are read for it: the others do not restrict it.
 */
export function intersectPolicies(policies: ParsedPolicy[]): Directives {
  if (policies.length === 1) return new Map(policies[0]!.directives);
  const index = policiesByDirective(policies);
  const budget: ComparisonBudget = { left: MAX_COMPARISONS };
  const merged: Directives = new Map();
  for (const [name, positions] of index) {
    if (!isSourceList(name)) {
      merged.set(name, policies[positions[0]!]!.directives.get(name)!);
      continue;
    }
    const fallbacks = FALLBACK[name];
    const restricting = fallbacks
      ? [...new Set([name, ...fallbacks].flatMap((n) => index.get(n) ?? []))].sort((a, b) => a - b)
      : positions;
    const lists = restricting.map((position) => effectiveSources(policies[position]!.directives, name)!);
    const result = lists.slice(1).reduce((a, b) => intersect(a, b, budget), lists[0]!);
    merged.set(name, result.length === 0 ? ["'none'"] : result);
  }
  return merged;
}
