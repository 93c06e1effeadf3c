/**
 * Content Security Policy parsing as the Observatory's model does it (re-implemented from its
 * observed behaviour). Header values and meta contents are split on every comma into policies;
 * a policy shorter than "img-src" minus one character (an empty one included) makes the whole
 * CSP invalid. Directives are split on ";" and sources on white space (JavaScript's `\s`),
 * names and sources lower-cased; a directive repeated in one policy is invalid, except
 * report-uri and report-to, which only warn. Several policies are merged by the model's own
 * rule (`mergeSources`), not by the CSP specification's intersection.
 */
import { percentDecode } from '../../../net/host-text.ts';

export type Directives = Map<string, string[]>;

export type ModelCsp =
  { ok: true; directives: Directives; duplicateReports: string[] } | { ok: false; problem: string };

/** "img-src".length - 1: anything shorter cannot be a policy. */
const SHORTEST_POLICY = 6;
const REPORT_DIRECTIVES = new Set(['report-uri', 'report-to']);
export const DISALLOWED_IN_META = ['frame-ancestors', 'report-uri', 'sandbox'];

/** CSP3 fallback order of the fetch directives (for findings; the model itself reads only default-src). */
const FALLBACK: Record<string, string[]> = {
  'script-src-elem': ['script-src', 'default-src'],
  'script-src-attr': ['script-src', 'default-src'],
  'style-src-elem': ['style-src', 'default-src'],
  'style-src-attr': ['style-src', 'default-src'],
  'worker-src': ['child-src', 'script-src', 'default-src'],
  'frame-src': ['child-src', 'default-src'],
  'fenced-frame-src': ['frame-src', 'child-src', 'default-src'],
  ...Object.fromEntries(
    ['child-src', 'connect-src', 'font-src', 'img-src', 'manifest-src', 'media-src', 'object-src']
      .concat(['prefetch-src', 'script-src', 'style-src'])
      .map((d) => [d, ['default-src']]),
  ),
};

/** What a policy says about a directive, following the CSP3 fallback order; undefined = no restriction. */
export function effectiveSources(directives: Directives, directive: string): string[] | undefined {
  for (const name of [directive, ...(FALLBACK[directive] ?? [])]) {
    const sources = directives.get(name);
    if (sources) return sources;
  }
  return undefined;
}

/** Every comma-separated element of each value is one policy (trimmed; empty ones kept). */
export function splitPolicies(values: string[]): string[] {
  return values.flatMap((value) => value.split(',').map((policy) => policy.trim()));
}

interface Source {
  text: string;
  policy: number;
  keep: boolean;
  /** The "/"-separated pieces, split once: a source is compared again after every later policy. */
  pieces?: string[];
}

const compareText = new Intl.Collator('en').compare;

class MalformedSource extends Error {}

/**
 * Sources one parse may place in merged lists. The model keeps every source a later policy
 * matched, so identical policies grow the lists quadratically; sites send one to three policies
 * of at most a few hundred sources, far below this, and a CSP past it is graded invalid.
 */
export const MAX_MERGED_SOURCES = 20_000;
/** The same bound on their text: long sources cost a comparison per "/"-separated piece. */
export const MAX_MERGED_CHARACTERS = 1_000_000;

const textLength = (sources: Source[]): number => sources.reduce((sum, s) => sum + s.text.length, 0);

/** Percent-decodes pieces as the model does, each distinct piece once per parse. */
class PieceDecoder {
  private readonly decoded = new Map<string, string>();

  decode(piece: string): string {
    if (!piece.includes('%')) return piece;
    let decoded = this.decoded.get(piece);
    if (decoded === undefined) {
      const result = percentDecode(piece);
      if (result === null)
        throw new MalformedSource(`a source with a malformed percent-encoding: "${piece.slice(0, 80)}"`);
      decoded = result;
      this.decoded.set(piece, decoded);
    }
    return decoded;
  }

  /**
   * The model's test of whether source `b` is covered by source `a`, by "/"-separated pieces: `a`
   * ending in "/" matches any `b` that continues it, otherwise the piece lists must be equal.
   * Pieces decode only as far as the comparison reads (a malformed one after a difference is
   * never seen, as in the model).
   */
  piecesMatch(a: Source, b: Source): boolean {
    if (a.text === '' || (a.text === '/' && b.text === '') || (a.text === b.text && !a.text.includes('%'))) return true;
    const exact = !a.text.endsWith('/');
    const aPieces = (a.pieces ??= a.text.split('/'));
    const bPieces = (b.pieces ??= b.text.split('/'));
    const compared = exact ? aPieces.length : aPieces.length - 1;
    if (aPieces.length > bPieces.length || (exact && aPieces.length !== bPieces.length)) return false;
    for (let i = 0; i < compared; i++) if (this.decode(aPieces[i]!) !== this.decode(bPieces[i]!)) return false;
    return true;
  }
}

/**
 * `previous` (sorted) and `added` in one stable sort: `added` is sorted on its own and merged in,
 * equal texts keeping `previous` first, so each policy costs a merge, not a sort of everything.
 */
function sortedUnion(previous: Source[], added: Source[]): Source[] {
  const sorted = [...added].sort((a, b) => compareText(a.text, b.text));
  const union: Source[] = [];
  let i = 0;
  let j = 0;
  while (i < previous.length && j < sorted.length)
    union.push(compareText(sorted[j]!.text, previous[i]!.text) < 0 ? sorted[j++]! : previous[i++]!);
  return union.concat(previous.slice(i), sorted.slice(j));
}

/**
 * The model's merge of a directive's sources with those of the policies before: all sorted
 * (English collation, stable); a source that starts with the one before it from the same policy
 * is dropped; one whose predecessor from another policy covers it (`piecesMatch`) is kept. The
 * first policy's sources all stand, unless later policies follow, in which case they stand only
 * as long as no later policy repeats the directive.
 */
function mergeSources(previous: Source[], added: Source[], decoder: PieceDecoder): Source[] {
  const sources = sortedUnion(previous, added);
  for (let i = 1; i < sources.length; i++) {
    const source = sources[i]!;
    const before = sources[i - 1]!;
    if (source.policy === before.policy && source.text.startsWith(before.text)) source.keep = false;
    if (source.policy !== before.policy && decoder.piecesMatch(before, source)) source.keep = true;
  }
  return sources.filter((s) => s.keep);
}

/**
 * Policies, and directives across them, evaluated at most: sites send one to three policies of a
 * few dozen directives. Each further one costs a parse and a merge, and a header or a page can
 * carry tens of thousands, so more is invalid (the model has no such limit).
 */
export const MAX_POLICIES = 100;
export const MAX_DIRECTIVES = 1000;

/** Parses and merges the policies; `meta` drops the directives a meta policy may not carry. */
export function parseModelCsp(policies: string[], meta = false): ModelCsp {
  if (policies.length > MAX_POLICIES) return { ok: false, problem: `more than ${MAX_POLICIES} policies` };
  let directiveCount = 0;
  for (const policy of policies) directiveCount += policy.split(';').length;
  if (directiveCount > MAX_DIRECTIVES) return { ok: false, problem: `more than ${MAX_DIRECTIVES} directives` };
  const clean = policies.map((p) => p.replace(/[\r\n]/g, '').trim());
  const tooShort = clean.find((p) => p.length < SHORTEST_POLICY);
  if (tooShort !== undefined)
    return {
      ok: false,
      problem: tooShort === '' ? 'an empty policy' : `a policy too short to mean anything: "${tooShort}"`,
    };
  const merged = new Map<string, Source[]>();
  const duplicateReports = new Set<string>();
  let placed = 0;
  let placedCharacters = 0;
  const decoder = new PieceDecoder();
  try {
    for (const [index, policy] of clean.entries()) {
      const seen = new Set<string>();
      for (const entry of policy.split(';')) {
        const [rawName, ...rawSources] = entry.trim().split(/\s+/);
        if (!rawName) continue;
        const name = rawName.toLowerCase();
        if (seen.has(name) && !REPORT_DIRECTIVES.has(name))
          return { ok: false, problem: `the directive ${name} is repeated` };
        if (seen.has(name)) duplicateReports.add(name);
        seen.add(name);
        const texts = rawSources.map((s) => s.trim().toLowerCase());
        if (texts.length === 0 && name.endsWith('-src')) texts.push("'none'");
        const added = texts.map((text) => ({ text, policy: index, keep: index === 0 }));
        const previous = index === 0 ? [] : (merged.get(name) ?? []);
        placed += previous.length + added.length;
        placedCharacters += textLength(previous) + textLength(added);
        if (placed > MAX_MERGED_SOURCES)
          return { ok: false, problem: `more than ${MAX_MERGED_SOURCES} sources to merge across the policies` };
        if (placedCharacters > MAX_MERGED_CHARACTERS)
          return {
            ok: false,
            problem: `more than ${MAX_MERGED_CHARACTERS} characters of sources to merge across the policies`,
          };
        const sources = mergeSources(previous, added, decoder);
        merged.set(name, sources);
        if (index === 0 && policies.length > 1) for (const source of sources) source.keep = false;
      }
    }
  } catch (error) {
    if (error instanceof MalformedSource) return { ok: false, problem: error.message };
    throw error;
  }
  if (meta) for (const name of DISALLOWED_IN_META) merged.delete(name);
  const directives: Directives = new Map(
    [...merged].map(([name, sources]) => [
      name,
      sources.length > 0 ? [...new Set(sources.map((s) => s.text))] : ["'none'"],
    ]),
  );
  return { ok: true, directives, duplicateReports: [...duplicateReports] };
}
